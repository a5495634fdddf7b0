// engines: both — the sweep's date arithmetic and deletes
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, signUp, uniqueEmail } from '#test/helpers/factories.js';
import { closedPort, createTestAppWithSmtp, linkIn, type TestAppWithSmtp } from '#test/helpers/smtp.js';
import { loadConfig } from '../../config.js';
import { outbox } from '../../db/schema.js';
import { transaction } from '../../lib/transaction.js';
import { resetPasswordEmail, verificationEmail } from '../accounts/index.js';
import { REMOVED_TOKEN, withoutLinkSecrets } from './link-secrets.js';
import { createMailer } from './mailer.js';
import { messageCopyEmail } from './templates.js';

const PUBLIC_URL = 'https://neighbours.example';
const TOKEN = 'Ab-_0123456789abcdefghijklmnopqrstuvwxyzABC';

let t: TestAppWithSmtp;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ PUBLIC_URL });
});
afterAll(() => t?.close());

const rowsTo = (...addresses: string[]) => t.database.db.select().from(outbox).where(inArray(outbox.toAddress, addresses)).orderBy(asc(outbox.id));
const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: randomIp() });
const enqueue = (...emails: Parameters<typeof t.app.mailer.enqueue>[1][]) =>
  transaction(t.database.db, async (tx) => {
    for (const email of emails) await t.app.mailer.enqueue(tx, email);
  });

describe('what the outbox keeps of an emailed link', () => {
  it('keeps the reset and verification links only until the email is sent; the person\'s link still works', async () => {
    const person = await signUp(t.app);
    expect((await forgot(person.email)).statusCode).toBe(202);
    const queued = await rowsTo(person.email);
    expect(queued.map((r) => r.kind).sort()).toEqual(['reset-password', 'verify-email']);

    await t.app.mailer.flush();
    const mail = t.smtp.to(person.email).find((m) => m.subject === 'Reset your password')!;
    const { token } = linkIn(mail, '/reset-password');
    const verifyToken = linkIn(t.smtp.to(person.email).find((m) => m.subject === 'Confirm your email address')!, '/verify-email').token;

    const sent = await rowsTo(person.email);
    expect(sent.every((r) => r.sentAt !== null)).toBe(true);
    for (const row of sent) {
      for (const secret of [token, verifyToken]) {
        expect(row.text).not.toContain(secret);
        expect(row.html).not.toContain(secret);
      }
      expect(row.text).toContain(`?token=${REMOVED_TOKEN}`);
      expect(row.html).toContain(`?token=${REMOVED_TOKEN}`);
    }
    // Only the stored copy lost its link: the email the person received works.
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a brand new passphrase' }, remoteAddress: randomIp() });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('scrubs the link of an email the outbox gives up on, in the statement that gives up', async () => {
    await t.app.mailer.flush();
    const to = uniqueEmail('bounce');
    const down = createMailer({
      db: t.database.db,
      config: loadConfig({ PUBLIC_URL, DATA_DIR: '.tmp/unused', SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }),
      logger: { info() {}, warn() {}, error() {} },
      policy: { maxAttempts: 1 },
    });
    await enqueue(verificationEmail({ to, token: TOKEN, publicUrl: PUBLIC_URL }));
    expect((await rowsTo(to))[0]!.text).toContain(TOKEN);
    await down.flush();
    await down.stop();
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    expect(row!.text).not.toContain(TOKEN);
    expect(row!.html).not.toContain(TOKEN);
    expect(row!.text).toContain(`${PUBLIC_URL}/verify-email?token=${REMOVED_TOKEN}`);
  });

  it('without SMTP_URL, the .eml file holds the link and the log line names the file, never the link', async () => {
    await t.app.mailer.flush();
    const dataDir = await mkdtemp(join(tmpdir(), 'csm-mail-'));
    try {
      const lines: string[] = [];
      const files = createMailer({
        db: t.database.db,
        config: loadConfig({ PUBLIC_URL, DATA_DIR: dataDir }),
        logger: { info: (m) => void lines.push(m), warn: (m) => void lines.push(m), error: (m) => void lines.push(m) },
      });
      const to = uniqueEmail('first-run');
      await enqueue(verificationEmail({ to, token: TOKEN, publicUrl: PUBLIC_URL }));
      expect(await files.flush()).toBe(1);
      await files.stop();
      const [row] = await rowsTo(to);
      const file = join(dataDir, 'mail', (await readdir(join(dataDir, 'mail')))[0]!);
      expect(await readFile(file, 'utf8')).toContain(TOKEN);
      expect(lines).toEqual([`Email #${row!.id} (verify-email) written to ${file}`]);
      expect(row!.text).not.toContain(TOKEN);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('replaces only token values, in text and escaped HTML, and leaves the rest of a message as written', () => {
    const email = resetPasswordEmail({ to: 'a@example.test', token: TOKEN, publicUrl: PUBLIC_URL, username: 'mary' });
    for (const body of [email.text, email.html]) {
      const scrubbed = withoutLinkSecrets(body);
      expect(scrubbed).not.toContain(TOKEN);
      expect(scrubbed.length).toBeLessThan(body.length);
    }
    expect(withoutLinkSecrets('x?a=1&amp;token=abc"')).toBe(`x?a=1&amp;token=${REMOVED_TOKEN}"`);
    const copy = messageCopyEmail({ to: 'a@example.test', recipientName: 'bob', subject: 'Tutoring', content: 'Saturday at 10?', publicUrl: PUBLIC_URL });
    expect(withoutLinkSecrets(copy.text)).toBe(copy.text);
    expect(withoutLinkSecrets(copy.html)).toBe(copy.html);
  });
});

describe('how long the outbox keeps rows', () => {
  it('defaults OUTBOX_RETENTION_DAYS to 14 and refuses a negative or fractional number', () => {
    expect(loadConfig({}).OUTBOX_RETENTION_DAYS).toBe(14);
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '0' }).OUTBOX_RETENTION_DAYS).toBe(0);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '-1' })).toThrow(/OUTBOX_RETENTION_DAYS/);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '1.5' })).toThrow(/OUTBOX_RETENTION_DAYS/);
  });

  it('deletes rows sent, or given up on, more than OUTBOX_RETENTION_DAYS ago; keeps recent and queued ones', async () => {
    await t.app.mailer.flush();
    const [old, recent, givenUp, queued] = ['old', 'recent', 'given-up', 'queued'].map((p) => uniqueEmail(p)) as [string, string, string, string];
    const note = (to: string) => messageCopyEmail({ to, recipientName: 'bob', subject: null, content: 'Hello', publicUrl: PUBLIC_URL });
    await enqueue(note(old), note(recent), note(givenUp), note(queued));
    const db = t.database.db;
    const set = (to: string, values: PgUpdateSetSource<typeof outbox>) => db.update(outbox).set(values).where(eq(outbox.toAddress, to));
    await set(old, { sentAt: sql`now() - interval '15 days'` });
    await set(recent, { sentAt: sql`now() - interval '13 days'` });
    await set(givenUp, { attempts: 12, lastError: 'refused', nextAttemptAt: sql`now() - interval '15 days'` });
    // Waiting since long ago (the server was down): still to be sent, never swept.
    await set(queued, { createdAt: sql`now() - interval '30 days'`, nextAttemptAt: sql`now() + interval '1 hour'` });

    expect(await t.app.mailer.sweep()).toBeGreaterThanOrEqual(2);
    expect((await rowsTo(old, recent, givenUp, queued)).map((r) => r.toAddress)).toEqual([recent, queued]);
  });

  it('sweeps from the worker loop, with the configured retention', async () => {
    const to = uniqueEmail('swept');
    await enqueue(messageCopyEmail({ to, recipientName: 'bob', subject: null, content: 'Hello', publicUrl: PUBLIC_URL }));
    await t.database.db.update(outbox).set({ sentAt: sql`now() - interval '3 days'`, nextAttemptAt: sql`now() + interval '1 hour'` }).where(eq(outbox.toAddress, to));
    const worker = createMailer({
      db: t.database.db,
      config: loadConfig({ PUBLIC_URL, DATA_DIR: '.tmp/unused', SMTP_URL: t.smtp.url, OUTBOX_RETENTION_DAYS: '2' }),
      logger: { info() {}, warn() {}, error() {} },
    });
    worker.start();
    try {
      await expect.poll(async () => (await rowsTo(to)).length, { timeout: 5000 }).toBe(0);
    } finally {
      await worker.stop();
    }
  });
});

describe('an account deletion', () => {
  it('drops every row addressed to the account, sent or queued, and sends the confirmation', async () => {
    const person = await signUp(t.app);
    const neighbour = await signUp(t.app);
    await t.app.mailer.flush();
    expect((await forgot(person.email)).statusCode).toBe(202);
    const before = await rowsTo(person.email);
    expect(before.map((r) => [r.kind, r.sentAt === null])).toEqual([
      ['verify-email', false],
      ['reset-password', true],
    ]);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie: person.cookie }, payload: { password: person.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowsTo(person.email)).map((r) => r.kind)).toEqual(['account-deleted']);
    expect((await rowsTo(neighbour.email)).map((r) => r.kind)).toEqual(['verify-email']);

    await t.app.mailer.flush();
    expect(t.smtp.to(person.email).map((m) => m.subject)).toEqual(['Confirm your email address', 'Your account has been deleted']);
    const [confirmation] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, person.email), eq(outbox.kind, 'account-deleted')));
    expect(confirmation!.sentAt).not.toBeNull();
  });
});
