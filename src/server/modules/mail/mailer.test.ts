// engines: both — the outbox's claims (FOR UPDATE SKIP LOCKED) and leases
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers/app.js';
import { uniqueEmail } from '#test/helpers/factories.js';
import { addressesOf, closedPort, startSmtpServer, type TestSmtpServer } from '#test/helpers/smtp.js';
import { loadConfig } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { transaction } from '../../lib/transaction.js';
import { createMailer, retryDelayMs, type Email, type MailerDeps, type MailLogger, type Mailer } from './mailer.js';
import { newMessageEmail } from './templates.js';

const PUBLIC_URL = 'https://market.example.test';
const CONTENT = 'Is the dog walking still available on Saturday morning?';

let database: Database;
let smtp: TestSmtpServer;
beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await database?.close();
});
// The outbox is one queue per database: whatever a test leaves unsent, the next test's flush would pick up.
afterEach(async () => {
  await database.db.delete(outbox).where(isNull(outbox.sentAt));
});

type Line = { level: keyof MailLogger; msg: string };
function recordingLogger(): { lines: Line[]; logger: MailLogger } {
  const lines: Line[] = [];
  const at = (level: keyof MailLogger) => (msg: string) => void lines.push({ level, msg });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

function mailerFor(env: { SMTP_URL?: string; DATA_DIR?: string; MAIL_FROM?: string }, extra: Partial<MailerDeps> = {}) {
  const log = recordingLogger();
  const config = loadConfig({ PUBLIC_URL, DATA_DIR: '.tmp/unused', ...env });
  const mailer = createMailer({ db: database.db, config, logger: log.logger, ...extra });
  return { mailer, log };
}
const smtpMailer = (url: string, extra: Partial<MailerDeps> = {}) => mailerFor({ SMTP_URL: url }, extra);

const emailTo = (to: string, content = CONTENT): Email =>
  newMessageEmail({ to, senderName: 'alice', subject: 'Dog walking', content, publicUrl: PUBLIC_URL });

/** Writes the emails in one transaction, as a message send does. */
const enqueue = (mailer: Mailer, emails: Email[]) =>
  transaction(database.db, async (tx) => {
    for (const email of emails) await mailer.enqueue(tx, email);
  });

const rowsTo = (...addresses: string[]) =>
  database.db.select().from(outbox).where(inArray(outbox.toAddress, addresses)).orderBy(asc(outbox.id));

/** Seconds until each row's next attempt, on the database's clock. */
async function waits(addresses: string[]): Promise<number[]> {
  const rows = await database.db
    .select({ wait: sql<string>`extract(epoch from ${outbox.nextAttemptAt} - now())` })
    .from(outbox)
    .where(inArray(outbox.toAddress, addresses))
    .orderBy(asc(outbox.id));
  return rows.map((r) => Number(r.wait));
}

/** Time passes: the rows' next attempt is due now. */
const makeDue = (addresses: string[]) =>
  database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(inArray(outbox.toAddress, addresses));

describe('the outbox', () => {
  it('writes the email in the caller\'s transaction: a rolled-back transaction sends nothing', async () => {
    const { mailer } = smtpMailer(smtp.url);
    const to = uniqueEmail('rollback');
    await expect(
      transaction(database.db, async (tx) => {
        await mailer.enqueue(tx, emailTo(to));
        throw new Error('the message insert failed');
      }),
    ).rejects.toThrow('the message insert failed');
    expect(await rowsTo(to)).toEqual([]);
    await mailer.flush();
    expect(smtp.to(to)).toEqual([]);
  });

  it('delivers through SMTP: recipient, subject, text, a link to /messages and a Message-ID from the row', async () => {
    const { mailer, log } = smtpMailer(smtp.url);
    const to = uniqueEmail('delivery');
    await enqueue(mailer, [emailTo(to)]);
    const [queued] = await rowsTo(to);
    expect(queued).toMatchObject({ kind: 'message-notification', attempts: 0, sentAt: null });

    expect(await mailer.flush()).toBe(1);
    const [mail] = smtp.to(to);
    expect(mail).toBeDefined();
    expect(addressesOf(mail!.to)).toEqual([to]);
    expect(mail!.from?.value).toEqual([{ name: 'Community Services', address: 'no-reply@market.example.test' }]);
    expect(mail!.subject).toBe('alice sent you a message about "Dog walking"');
    expect(mail!.text).toContain(CONTENT);
    expect(mail!.text).toContain(`${PUBLIC_URL}/messages`);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/messages"`);
    expect(mail!.messageId).toBe(`<outbox-${queued!.id}@market.example.test>`);
    expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');

    const [sent] = await rowsTo(to);
    expect(sent).toMatchObject({ attempts: 1, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(log.lines).toEqual([]);
  });

  it('loses nothing while SMTP is down, backs off, then sends each email once; a restarted mailer sends nothing more', async () => {
    const port = await closedPort();
    const { mailer, log } = smtpMailer(`smtp://127.0.0.1:${port}`);
    const addresses = [uniqueEmail('outage'), uniqueEmail('outage')];
    await enqueue(mailer, addresses.map((a) => emailTo(a)));

    expect(await mailer.flush()).toBe(0);
    let rows = await rowsTo(...addresses);
    expect(rows.map((r) => [r.attempts, r.sentAt])).toEqual([
      [1, null],
      [1, null],
    ]);
    for (const row of rows) expect(row.lastError).toMatch(/ECONNREFUSED/);
    for (const wait of await waits(addresses)) expect(wait).toBeGreaterThan(25);
    expect(retryDelayMs(1)).toBe(30_000);
    expect(log.lines.map((l) => l.level)).toEqual(['warn']);
    expect(log.lines[0]!.msg).toContain('Could not send 2 email(s) through SMTP');

    // Before the backoff ends, nothing is tried.
    expect(await mailer.flush()).toBe(0);
    expect((await rowsTo(...addresses)).map((r) => r.attempts)).toEqual([1, 1]);

    // Still down when the time comes: a second attempt, and the wait doubles.
    await makeDue(addresses);
    expect(await mailer.flush()).toBe(0);
    expect((await rowsTo(...addresses)).map((r) => r.attempts)).toEqual([2, 2]);
    for (const wait of await waits(addresses)) expect(wait).toBeGreaterThan(55);

    // The server comes back on the same address.
    const back = await startSmtpServer({ port });
    try {
      await makeDue(addresses);
      expect(await mailer.flush()).toBe(2);
      for (const address of addresses) expect(back.to(address)).toHaveLength(1);
      rows = await rowsTo(...addresses);
      for (const row of rows) expect(row).toMatchObject({ attempts: 3, lastError: null, sentAt: expect.any(Date) });

      // A restart: a new mailer on the same database, even when the rows' old retry time comes round, sends nothing.
      const restarted = smtpMailer(back.url);
      expect(await restarted.mailer.flush()).toBe(0);
      await makeDue(addresses);
      expect(await restarted.mailer.flush()).toBe(0);
      expect(back.messages).toHaveLength(2);
    } finally {
      await back.close();
    }
  });

  it('two mailers flushing at once deliver each email exactly once', async () => {
    const addresses = Array.from({ length: 12 }, () => uniqueEmail('race'));
    const first = smtpMailer(smtp.url, { policy: { batchSize: 3 } });
    const second = smtpMailer(smtp.url, { policy: { batchSize: 3 } });
    await enqueue(first.mailer, addresses.map((a) => emailTo(a)));

    const counts = await Promise.all([first.mailer.flush(), second.mailer.flush()]);
    expect(counts[0] + counts[1]).toBe(addresses.length);
    for (const address of addresses) expect(smtp.to(address)).toHaveLength(1);
    for (const row of await rowsTo(...addresses)) expect(row).toMatchObject({ attempts: 1, sentAt: expect.any(Date) });
  });

  it('gives up after the last attempt, leaves the row for inspection and logs it once', async () => {
    const port = await closedPort();
    const { mailer, log } = smtpMailer(`smtp://127.0.0.1:${port}`, { policy: { maxAttempts: 3, firstRetryMs: 0 } });
    const to = uniqueEmail('doomed');
    await enqueue(mailer, [emailTo(to)]);
    for (let i = 0; i < 5; i++) await mailer.flush();

    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ attempts: 3, sentAt: null, lastError: expect.stringMatching(/ECONNREFUSED/) });
    const errors = log.lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toContain(`email #${row!.id} (message-notification) after 3 attempts`);
  });
});

describe('the worker', () => {
  it('sends soon after kick(), and stop() returns promptly, handing unsent emails back', async () => {
    const slow = await startSmtpServer({ delayMs: 150 });
    try {
      // A long poll: only kick() can explain a prompt delivery.
      const { mailer } = smtpMailer(slow.url, { policy: { pollMs: 60_000 } });
      mailer.start();
      const first = uniqueEmail('kick');
      await enqueue(mailer, [emailTo(first)]);
      mailer.kick();
      await expect.poll(() => slow.to(first).length, { timeout: 5000 }).toBe(1);

      const burst = Array.from({ length: 8 }, () => uniqueEmail('burst'));
      await enqueue(mailer, burst.map((a) => emailTo(a)));
      mailer.kick();
      await expect.poll(() => slow.messages.length, { timeout: 5000 }).toBeGreaterThan(1);
      const stopping = Date.now();
      await mailer.stop();
      expect(Date.now() - stopping).toBeLessThan(2000);

      const delivered = burst.filter((a) => slow.to(a).length > 0);
      expect(delivered.length).toBeLessThan(burst.length);
      const unsent = (await rowsTo(...burst)).filter((r) => r.sentAt === null);
      expect(unsent).toHaveLength(burst.length - delivered.length);
      // Handed back untried: due now, the claim's attempt not counted.
      for (const row of unsent) expect(row.attempts).toBe(0);

      const next = smtpMailer(slow.url);
      expect(await next.mailer.flush()).toBe(unsent.length);
      for (const address of burst) expect(slow.to(address)).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('logs a failed flush and keeps going instead of crashing', async () => {
    const log = recordingLogger();
    const broken = createMailer({ db: {} as Db, config: loadConfig({ PUBLIC_URL }), logger: log.logger, policy: { pollMs: 10 } });
    broken.start();
    await expect.poll(() => log.lines.filter((l) => l.level === 'error').length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await broken.stop();
    expect(log.lines[0]!.msg).toContain('The mail outbox could not be flushed');
  });
});

describe('without SMTP_URL', () => {
  it('writes each email as a readable .eml file under DATA_DIR/mail and logs one line naming it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'csm-mail-'));
    try {
      const { mailer, log } = mailerFor({ DATA_DIR: dataDir });
      const to = uniqueEmail('file');
      await enqueue(mailer, [emailTo(to, 'See you at <noon> & bring treats')]);
      expect(await mailer.flush()).toBe(1);

      const [row] = await rowsTo(to);
      const folder = join(dataDir, 'mail');
      const files = await readdir(folder);
      expect(files).toEqual([`${String(row!.id).padStart(6, '0')}-message-notification.eml`]);
      const file = join(folder, files[0]!);
      const mail = await simpleParser(await readFile(file));
      expect(addressesOf(mail.to)).toEqual([to]);
      expect(mail.from?.value[0]?.address).toBe('no-reply@market.example.test');
      expect(mail.subject).toBe('alice sent you a message about "Dog walking"');
      expect(mail.text).toContain('See you at <noon> & bring treats');
      expect(mail.html).toContain('See you at &lt;noon&gt; &amp; bring treats');
      expect(mail.messageId).toBe(`<outbox-${row!.id}@market.example.test>`);
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(log.lines).toEqual([{ level: 'info', msg: `Email #${row!.id} (message-notification) written to ${file}` }]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('retryDelayMs', () => {
  it('starts at 30 seconds, doubles, and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 12].map((n) => retryDelayMs(n) / 1000)).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });
});
