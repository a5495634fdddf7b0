// engines: both — the counters live in this process's memory on PGlite and in the rate_limits table every process shares on PostgreSQL
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { User } from '#shared/auth.js';
import type { Database } from '#server/db/client.js';
import { loggerOptions } from '#server/lib/logging.js';
import { ADMIN_EMAIL, openTestDatabase, testConfig } from '#test/helpers/app.js';
import { PASSWORD, randomIp, signUp, uniqueEmail } from '#test/helpers/factories.js';
import { addressesOf, linkIn, startSmtpServer, type TestSmtpServer } from '#test/helpers/smtp.js';
import { buildApp } from '../../../app.js';
import { ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR, createAccountEmailLimit } from './account-email-limit.js';
import { maskEmail } from './emails.js';

/**
 * Decision 063: no address receives more than 3 account emails (sign-up confirmation, its resend, either email of an
 * email change, password reset) in any hour, whoever asks; the one held back is answered as if it had been sent.
 */

const PUBLIC_URL = 'https://neighbours.example';
const MINUTE = 60_000;

let database: Database;
let smtp: TestSmtpServer;
let app: FastifyInstance;
const apps: FastifyInstance[] = [];
const sessionSecret = randomBytes(32).toString('hex');
let logLines: string[] = [];

/** The app as main.ts builds it, its warnings kept; several on one database stand for several processes. */
async function startApp(): Promise<FastifyInstance> {
  const config = testConfig({ ADMIN_EMAILS: ADMIN_EMAIL, LISTINGS_CACHE_MS: '0', PUBLIC_URL, SMTP_URL: smtp.url });
  const started = await buildApp({ config, database, sessionSecret, logger: loggerOptions('warn', { write: (line) => void logLines.push(line) }) });
  await started.ready();
  apps.push(started);
  return started;
}

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
  app = await startApp();
});
afterAll(async () => {
  for (const started of apps) await started.close();
  await smtp?.close();
  await database?.close();
});
afterEach(() => {
  vi.useRealTimers();
  logLines = [];
});

const post = (url: string, payload?: object, cookie?: string, on = app) =>
  on.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload && { payload }), remoteAddress: randomIp() });
const forgot = (email: string, on = app) => post('/api/auth/forgot-password', { email }, undefined, on);
const resend = (cookie: string) => post('/api/auth/resend-verification', undefined, cookie);
const changeEmail = (cookie: string, newEmail: string) => post('/api/auth/change-email', { newEmail, currentPassword: PASSWORD }, cookie);
const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, type: res.headers['content-type'], body: res.body });

/** Sends what is due; every email `address` received so far, in any case. */
async function mailTo(address: string, subject?: string) {
  await app.mailer.flush();
  return smtp.messages.filter((m) => addressesOf(m.to).some((a) => a.toLowerCase() === address.toLowerCase()) && (!subject || m.subject === subject));
}
const warnings = () => logLines.join('\n');

describe('account emails to one address (decision 063)', () => {
  it('sends at most 3 an hour, whoever asks; the 4th is answered byte for byte as a sent one, and the newest link still works', async () => {
    const person = await signUp(app);
    const sent = [await forgot(person.email), await forgot(person.email)];
    const held = [await forgot(person.email), await forgot(person.email)];
    for (const res of [...sent, ...held]) expect(answer(res)).toEqual(answer(sent[0]!));
    expect(sent[0]!.statusCode).toBe(202);

    const emails = await mailTo(person.email);
    expect(emails.map((m) => m.subject)).toEqual(['Confirm your email address', 'Reset your password', 'Reset your password']);
    // No new link was written for the requests held back: the last one sent is the one that works.
    const reset = await post('/api/auth/reset-password', { token: linkIn(emails.at(-1)!, '/reset-password').token, password: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);

    expect(warnings()).toContain(`An account email (password reset) to ${maskEmail(person.email)} was not sent`);
    expect(warnings().match(/was not sent/g)).toHaveLength(2);
    expect(warnings()).not.toContain(person.email);
  });

  it('holds back a resend of the verification email the same way, and the link already sent confirms the address', async () => {
    const person = await signUp(app);
    expect((await resend(person.cookie)).statusCode).toBe(202);
    const sent = await resend(person.cookie);
    const held = await resend(person.cookie);
    expect(answer(held)).toEqual(answer(sent));
    expect(held.statusCode).toBe(202);

    const emails = await mailTo(person.email, 'Confirm your email address');
    expect(emails).toHaveLength(ACCOUNT_EMAILS_PER_ADDRESS_PER_HOUR);
    const verified = await post('/api/auth/verify-email', { token: linkIn(emails.at(-1)!, '/verify-email').token });
    expect(verified.statusCode).toBe(200);
  });

  it('counts the address in any case', async () => {
    const person = await signUp(app, { email: uniqueEmail('Mixed.Case') });
    await forgot(person.email.toUpperCase());
    await forgot(person.email.toLowerCase());
    expect((await forgot(person.email)).statusCode).toBe(202);
    expect(await mailTo(person.email)).toHaveLength(3);
  });

  it('counts the email to the new address of an email change whoever asks, and answers each asker alike', async () => {
    const target = uniqueEmail('wanted');
    const askers = await Promise.all([1, 2, 3, 4].map(() => signUp(app)));
    const answers: LightMyRequestResponse[] = [];
    for (const asker of askers) answers.push(await changeEmail(asker.cookie, target));
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(202);
      expect(res.json<User>()).toMatchObject({ id: askers[i]!.user.id, email: askers[i]!.email, pendingEmail: target });
    }
    expect(await mailTo(target)).toHaveLength(3);
    // Each asker's own address got its notice: that count is the old address's own.
    for (const asker of askers) expect(await mailTo(asker.email, 'Your email address is being changed')).toHaveLength(1);
  });

  it('counts the notice to the old address: held back, the new address still gets its link', async () => {
    const person = await signUp(app);
    await forgot(person.email);
    await forgot(person.email);
    const newEmail = uniqueEmail('moved');
    expect((await changeEmail(person.cookie, newEmail)).statusCode).toBe(202);
    expect(await mailTo(person.email, 'Your email address is being changed')).toEqual([]);
    const [link] = await mailTo(newEmail, 'Confirm your new email address');
    expect((await post('/api/auth/verify-email', { token: linkIn(link!, '/verify-email').token })).statusCode).toBe(200);
  });

  it('retires the link to an address given up for one whose email is held back', async () => {
    const person = await signUp(app);
    const first = uniqueEmail('first');
    expect((await changeEmail(person.cookie, first)).statusCode).toBe(202);
    const [firstLink] = await mailTo(first, 'Confirm your new email address');

    const full = uniqueEmail('full');
    for (let i = 0; i < 3; i++) await changeEmail((await signUp(app)).cookie, full);
    expect(await mailTo(full)).toHaveLength(3);
    expect((await changeEmail(person.cookie, full)).json<User>().pendingEmail).toBe(full);
    // The person no longer wants `first`: its link must not move the account there.
    expect((await post('/api/auth/verify-email', { token: linkIn(firstLink!, '/verify-email').token })).statusCode).toBe(400);
  });

  it('counts any hour, not fixed windows: each email frees its place an hour after it was sent', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    const at = (minutes: number) => vi.setSystemTime(start + minutes * MINUTE);
    const person = await signUp(app);
    at(30);
    await forgot(person.email);
    await forgot(person.email);
    const sentBy = async (minutes: number) => {
      at(minutes);
      const before = (await mailTo(person.email)).length;
      expect((await forgot(person.email)).statusCode).toBe(202);
      return (await mailTo(person.email)).length - before;
    };
    expect(await sentBy(59)).toBe(0);
    // The sign-up email's hour is over; the two of minute 30 still count.
    expect(await sentBy(61)).toBe(1);
    expect(await sentBy(62)).toBe(0);
    expect(await sentBy(89)).toBe(0);
    expect(await sentBy(91)).toBe(1);
  });

  it.skipIf(!inject('pgTemplate'))('holds across processes sharing the database', async () => {
    const other = await startApp();
    const person = await signUp(other);
    await forgot(person.email);
    await forgot(person.email, other);
    expect((await forgot(person.email)).statusCode).toBe(202);
    expect((await forgot(person.email, other)).statusCode).toBe(202);
    expect(await mailTo(person.email)).toHaveLength(3);
  });
});

describe('createAccountEmailLimit', () => {
  it('gives the places back when the write fails: nothing was sent', async () => {
    const logged: string[] = [];
    const limit = createAccountEmailLimit({ warn: (message) => void logged.push(message) });
    const to = uniqueEmail('rollback');
    await expect(limit.writing('test', [to], () => Promise.reject(new Error('rolled back')))).rejects.toThrow('rolled back');
    const allowed: boolean[] = [];
    for (let i = 0; i < 4; i++) allowed.push(await limit.writing('test', [to.toUpperCase()], async (mayEmail) => mayEmail(to)));
    expect(allowed).toEqual([true, true, true, false]);
    expect(logged).toEqual([`An account email (test) to ${maskEmail(to)} was not sent: that address had 3 in the last hour (decision 063).`]);
  });
});
