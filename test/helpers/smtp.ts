import { createServer, type AddressInfo } from 'node:net';
import { startSmtpServer, type TestSmtpServer } from '../support/mail.js';
import { createTestApp, type TestApp } from './app.js';

export { addressesOf, linkIn, startSmtpServer, type TestSmtpServer } from '../support/mail.js';

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
