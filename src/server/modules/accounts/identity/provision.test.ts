// engines: one
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, type User } from '#shared/auth.js';
import { accountTokens, oidcIdentities, users } from '#server/db/schema.js';
import { createTestApp, testPasswords, type TestApp } from '#test/helpers/app.js';
import { randomIp, sessionCookieFrom, signUp } from '#test/helpers/factories.js';
import { ProvisionError, provisionAdministrator } from './provision.js';

/** `npm run admin -- create EMAIL` without its terminal (decision 016); the process itself: test/admin-cli.test.ts. */
const ORGANISER = 'organiser@example.test';
const SQUATTED = 'squatted@example.test';
const ADMIN_EMAILS = [ORGANISER, SQUATTED];
const PASSPHRASE = 'the organiser typed this at the console';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAILS.join(',') });
});
afterAll(() => t?.close());

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email, password } });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('provisioning an administrator from the command line', () => {
  it('creates a verified administrator who signs in with that password and reaches /api/admin', async () => {
    const { user, created } = await provisionAdministrator(t.database.db, { email: ` ${ORGANISER.toUpperCase()} `, password: PASSPHRASE, adminEmails: ADMIN_EMAILS, passwords: testPasswords });
    expect(created).toBe(true);
    expect(user).toMatchObject({ email: ORGANISER.toUpperCase(), emailVerified: true, termsAccepted: false, username: 'ORGANISER' });
    const signedIn = await login(ORGANISER, PASSPHRASE);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<User>()).toMatchObject({ isAdmin: true, emailVerified: true });
    const cookie = sessionCookieFrom(signedIn);
    await t.app.inject({ method: 'PATCH', url: '/api/auth/terms-acceptance', headers: { cookie }, payload: { termsAccepted: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
  });

  it('takes over an account that signed up with the address and never proved it: password, sessions, links, identities and ban go', async () => {
    const squatter = await signUp(t.app, { email: SQUATTED, password: 'the squatter chose this one' });
    expect(squatter.user.isAdmin).toBe(false);
    await t.database.db.insert(oidcIdentities).values({ issuer: 'https://id.example.org', subject: 'squatter', userId: squatter.user.id });
    await t.database.db.update(users).set({ isBanned: true, pendingEmail: 'elsewhere@example.test' }).where(eq(users.id, squatter.user.id));

    const { user, created } = await provisionAdministrator(t.database.db, { email: SQUATTED, password: PASSPHRASE, adminEmails: ADMIN_EMAILS, passwords: testPasswords });
    expect(created).toBe(false);
    expect(user).toMatchObject({ id: squatter.user.id, emailVerified: true, isBanned: false, pendingEmail: null });
    expect((await me(squatter.cookie)).statusCode).toBe(401);
    expect((await login(SQUATTED, 'the squatter chose this one')).statusCode).toBe(401);
    expect(await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, user.id))).toEqual([]);
    const signedIn = await login(SQUATTED, PASSPHRASE);
    expect(signedIn.json<User>()).toMatchObject({ id: user.id, isAdmin: true });
  });

  it('refuses an address outside ADMIN_EMAILS, a malformed one, and a password sign-up would refuse; nothing is written', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['someone@example.test', PASSPHRASE, /is not listed in ADMIN_EMAILS/],
      ['not-an-address', PASSPHRASE, /valid email address/],
      [ORGANISER, 'short', /at least 8 characters/],
      [ORGANISER, 'x'.repeat(1000), /at most/],
      [ORGANISER, 'password123', new RegExp(PASSWORD_TOO_COMMON.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
    ];
    for (const [email, password, message] of cases) {
      const attempt = provisionAdministrator(t.database.db, { email, password, adminEmails: ADMIN_EMAILS, passwords: testPasswords });
      await expect(attempt, `${email} / ${password.slice(0, 12)}`).rejects.toThrow(ProvisionError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect((await login(ORGANISER, PASSPHRASE)).statusCode).toBe(200);
  });
});
