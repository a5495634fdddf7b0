// The tests' mail server and what they read of a message: a real SMTP server (the `smtp-server` package) that
// parses each message with mailparser. The server tests start one in their own process (test/helpers/smtp.ts);
// the end-to-end suite runs one as a separate process that writes each message to a folder (e2e/start-smtp-server.ts).
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type { ParsedMail };

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

export interface SmtpServerOptions {
  /** 0 (the default) picks a free one. */
  port?: number;
  /** Holds each message this long before accepting it, like a slow server. */
  delayMs?: number;
  /** Called with each message once parsed, before the server accepts it; a throw refuses the message. */
  onMessage?: (mail: ParsedMail) => void | Promise<void>;
}

export const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.flatMap((v) => (v.address ? [v.address] : [])));

/** A real SMTP server on 127.0.0.1: plain text, no authentication required. */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
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
          await options.onMessage?.(mail);
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

/** What a test reads of a message, as plain data (the end-to-end mail server stores it as JSON). */
export interface ReceivedEmail {
  to: string[];
  from: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export function receivedEmail(mail: ParsedMail, receivedAt = new Date()): ReceivedEmail {
  return {
    to: addressesOf(mail.to),
    from: addressesOf(mail.from),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    receivedAt: receivedAt.toISOString(),
  };
}

/**
 * The link to `pathname` (e.g. '/verify-email') in an email's plain text, what a person would click: its `url`,
 * its `path` with the query (for a browser on the same site) and its `token`.
 */
export function linkIn(mail: { subject?: string; text?: string }, pathname: string): { url: URL; path: string; token: string } {
  for (const match of (mail.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return { url, path: `${url.pathname}${url.search}`, token: url.searchParams.get('token') ?? '' };
  }
  throw new Error(`no ${pathname} link in the email "${mail.subject ?? ''}":\n${mail.text ?? ''}`);
}
