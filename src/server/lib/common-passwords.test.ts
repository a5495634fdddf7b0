// engines: one
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON } from '../../shared/auth.js';
import { users } from '../db/schema.js';
import { PASSWORD, randomIp, signUp, uniqueEmail } from '#test/helpers/factories.js';
import { createTestAppWithSmtp, linkIn, type TestAppWithSmtp } from '#test/helpers/smtp.js';
import { COMMON_PASSWORD_COUNT, commonPasswords, isCommonPassword } from './common-passwords.js';

const refusal = (field: string) => ({ message: PASSWORD_TOO_COMMON, code: 'password_too_common', errors: { [field]: PASSWORD_TOO_COMMON } });

describe('the common password list', () => {
  it('loads the first 100,000 entries of the breach list once, and says what that costs', () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const list = commonPasswords();
    const ms = performance.now() - started;
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    console.info(`common passwords: ${list.size} entries loaded in ${ms.toFixed(0)} ms, heap +${heapMb.toFixed(1)} MB`);
    // A few lines differ only in case or surrounding spaces and fold into one entry.
    expect(list.size).toBeGreaterThan(COMMON_PASSWORD_COUNT * 0.95);
    expect(list.size).toBeLessThanOrEqual(COMMON_PASSWORD_COUNT);
    expect(commonPasswords()).toBe(list);
  });

  it('matches whatever the case and surrounding spaces, up to the 100,000th line and not beyond', () => {
    for (const password of ['password1', 'iloveyou', 'QwertyUIOP', '  Password1 ', '07021958']) expect(isCommonPassword(password), password).toBe(true);
    // Line 100,001 of the list, and passwords nobody breached often enough.
    for (const password of ['07012006', 'a brand new passphrase', 'password1!x']) expect(isCommonPassword(password), password).toBe(false);
  });

  it('leaves the passwords of the test factories and the end-to-end fixtures usable', () => {
    const fixture = readFileSync('e2e/fixtures/accounts.ts', 'utf8').match(/DEFAULT_PASSWORD = '([^']+)'/)?.[1];
    expect(fixture).toBeTypeOf('string');
    for (const password of [PASSWORD, fixture!]) expect(isCommonPassword(password), password).toBe(false);
  });
});

describe('refusing a common password', () => {
  let t: TestAppWithSmtp;
  beforeAll(async () => {
    t = await createTestAppWithSmtp();
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: randomIp() });
  const hashOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

  it('at sign-up: 400 on the password field, and no account', async () => {
    const email = uniqueEmail('common');
    const res = await post('/api/auth/register', { email, password: 'Password1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('password'));
    expect(res.cookies).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('at password reset: 400 on the password field, the password and the link unchanged', async () => {
    const person = await signUp(t.app);
    expect((await post('/api/auth/forgot-password', { email: person.email })).statusCode).toBe(202);
    await t.app.mailer.flush();
    const mail = t.smtp.to(person.email).find((m) => m.subject === 'Reset your password');
    const { token } = linkIn(mail!, '/reset-password');
    const before = await hashOf(person.user.id);

    const res = await post('/api/auth/reset-password', { token, password: 'iloveyou' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('password'));
    expect(await hashOf(person.user.id)).toBe(before);
    // The link still works for a better password.
    expect((await post('/api/auth/reset-password', { token, password: 'a brand new passphrase' })).statusCode).toBe(200);
  });

  it('at password change: 400 on the newPassword field, and the password unchanged', async () => {
    const person = await signUp(t.app);
    const before = await hashOf(person.user.id);
    const res = await post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: ' QWERTYUIOP ' }, person.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('newPassword'));
    expect(await hashOf(person.user.id)).toBe(before);
    expect((await post('/api/auth/login', { email: person.email, password: PASSWORD })).statusCode).toBe(200);
  });
});
