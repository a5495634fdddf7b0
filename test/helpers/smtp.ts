import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from './app.js';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message received so far, parsed, in arrival order. */
  messages: ParsedMail[];
  /** The messages addressed to `address`. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

/**
 * A real SMTP server in the test process (the `smtp-server` package): plain text, no authentication required,
 * on `port` (0 picks a free one). `delayMs` holds each message before accepting it, like a slow server.
 */
export async function startSmtpServer(options: { port?: number; delayMs?: number } = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    // No reverse DNS of 127.0.0.1 on every connection.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (options.delayMs) await sleep(options.delayMs);
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    to: (address) => messages.filter((m) => addressesOf(m.to).includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link to `path` (e.g. '/verify-email') in an email's plain text, and its `token`: what a person would click. */
export function linkIn(mail: ParsedMail, path: string): { url: URL; token: string } {
  const href = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === path);
  if (!href) throw new Error(`no ${path} link in the email "${mail.subject}": ${mail.text}`);
  const url = new URL(href);
  return { url, token: url.searchParams.get('token') ?? '' };
}

/** A local port nobody listens on (for now): connecting to it is refused at once, like a mail server that is down. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface TestAppWithSmtp extends TestApp {
  /** The SMTP server the app sends through (its outbox flushes there). */
  smtp: TestSmtpServer;
}

/** The real app with a real SMTP server behind it (SMTP_URL set); `close()` stops both. */
export async function createTestAppWithSmtp(env: Record<string, string> = {}): Promise<TestAppWithSmtp> {
  const smtp = await startSmtpServer();
  const t = await createTestApp({ SMTP_URL: smtp.url, ...env });
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
