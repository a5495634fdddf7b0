// engines: both — sign-in limits counted in memory on PGlite and in the shared rate_limits table on PostgreSQL
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema.js';
import { ADMIN_EMAIL, createTestApp, TEST_PASSWORD_HASH_COST, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, PASSWORD, randomIp, sessionCookieFrom, signUp, uniqueEmail } from '#test/helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: object, remoteAddress = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
const login = (payload: object, remoteAddress = randomIp()) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
const currentUser = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

describe('registration', () => {
  it('creates the account, signs it in and answers the User shape', async () => {
    const email = uniqueEmail('new');
    const res = await register({ email, password: PASSWORD, username: 'fresh_face' + Date.now().toString().slice(-6) });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'createdAt',
        'email',
        'emailNotificationsEnabled',
        'emailVerified',
        'firstName',
        'hasPassword',
        'homeZip',
        'id',
        'isAdmin',
        'isBanned',
        'lastName',
        'pendingEmail',
        'profileImageUrl',
        'termsAccepted',
        'twoStepEnabled',
        'username',
      ].sort(),
    );
    expect(user).toMatchObject({ email, isBanned: false, termsAccepted: false, emailNotificationsEnabled: true, isAdmin: false });
    // Verified once the link of the sign-up email is opened (care/verification.test.ts).
    expect(user).toMatchObject({ emailVerified: false, pendingEmail: null, hasPassword: true, homeZip: null });
    const me = await currentUser(sessionCookieFrom(res));
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('sets a session cookie that scripts cannot read and other sites do not send', async () => {
    const res = await register({ email: uniqueEmail(), password: PASSWORD });
    const cookie = res.cookies.find((c) => c.name === 'csm_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('marks the cookie Secure when the public address is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://market.example.org' });
    try {
      const res = await secure.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: uniqueEmail(), password: PASSWORD } });
      // Named with the __Host- prefix there (identity/sessions.test.ts).
      expect(res.cookies.find((c) => c.name === '__Host-csm_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('derives a valid, unique username from the email when none is given', async () => {
    const local = `mary.o'neil+${Date.now().toString(36)}`;
    const first = (await register({ email: `${local}@example.test`, password: PASSWORD })).json();
    expect(first.username).toMatch(/^[A-Za-z0-9_]{3,20}$/);
    expect(first.username).toMatch(/^mary_o_neil_/);
    const second = (await register({ email: `${local}@other.example.test`, password: PASSWORD })).json();
    expect(second.username).toMatch(/^[A-Za-z0-9_]{3,20}$/);
    expect(second.username.toLowerCase()).not.toBe(first.username.toLowerCase());
    const short = (await register({ email: `a${Date.now()}`.slice(0, 1) + '@example.test', password: PASSWORD })).json();
    expect(short.username).toMatch(/^[A-Za-z0-9_]{3,20}$/);
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const email = uniqueEmail('Dup');
    expect((await register({ email, password: PASSWORD })).statusCode).toBe(201);
    const again = await register({ email: email.toUpperCase(), password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'An account with this email already exists', code: 'email_taken', errors: { email: 'An account with this email already exists' } });
  });

  it('refuses a username that is taken, whatever its case', async () => {
    const name = `Taken_${Date.now().toString(36)}`;
    await signUp(t.app, { username: name });
    const res = await register({ email: uniqueEmail(), password: PASSWORD, username: name.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Username is already taken');
  });

  it.each([
    [{ email: 'not-an-email', password: PASSWORD }, 'email', 'Please enter a valid email address'],
    [{ email: uniqueEmail(), password: 'short' }, 'password', 'Password must be at least 8 characters long'],
    [{ email: uniqueEmail(), password: PASSWORD, username: 'ab' }, 'username', 'Username must be at least 3 characters long'],
    [{ email: uniqueEmail(), password: PASSWORD, username: 'no spaces!' }, 'username', 'Username can only contain letters, numbers, and underscores'],
    [{ password: PASSWORD }, 'email', 'Email is required'],
  ])('rejects bad input %j with the rule message', async (payload, field, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.cookies).toHaveLength(0);
  });

  it('stores a memory-hard hash at the configured cost, never the password', async () => {
    const { user } = await signUp(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    // PASSWORD_HASH_COST reaches sign-up: the tests' 2^10 here, production's 2^17 pinned in lib/passwords.test.ts.
    expect(row!.passwordHash).toMatch(new RegExp(`^scrypt\\$${2 ** Number(TEST_PASSWORD_HASH_COST)}\\$8\\$1\\$`));
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and rotates the session', async () => {
    const { email, cookie: before } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: email.toUpperCase(), password: PASSWORD }, headers: { cookie: before } });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(email);
    const after = sessionCookieFrom(res);
    expect(after).not.toBe(before);
    expect((await currentUser(after)).statusCode).toBe(200);
    expect((await currentUser(before)).statusCode).toBe(401);
  });

  it('gives one answer for a wrong password and for an unknown email', async () => {
    const { email } = await signUp(t.app);
    const wrongPassword = await login({ email, password: 'not the password' });
    const unknownEmail = await login({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('ends the session on logout, by GET or POST, and goes home', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { cookie } = await signUp(t.app);
      const res = await t.app.inject({ method, url: '/api/logout', headers: { cookie } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.cookies.find((c) => c.name === 'csm_session')?.value).toBe('');
      expect((await currentUser(cookie)).statusCode).toBe(401);
    }
  });

  it('sends /api/login to the sign-in page, keeping only same-origin return paths', async () => {
    const cases: Array<[string, string]> = [
      ['/api/login', '/login'],
      ['/api/login?returnTo=%2Fprofile', '/login?returnTo=%2Fprofile'],
      ['/api/login?returnTo=https%3A%2F%2Fevil.example', '/login'],
      ['/api/login?returnTo=%2F%2Fevil.example', '/login'],
      ['/api/login?returnTo=%2F%5Cevil.example', '/login'],
      // The 'Sign up' links open the page on its 'Create account' tab.
      ['/api/login?mode=signup', '/login?mode=signup'],
      ['/api/login?mode=signup&returnTo=%2Fmessages', '/login?mode=signup&returnTo=%2Fmessages'],
    ];
    for (const [url, location] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('refuses a sign-in mode it does not know (400), as any bad query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login?mode=admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('refuses a banned person at sign-in and ends their open session', async () => {
    const { user, email, cookie } = await signUp(t.app);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, user.id));
    const res = await login({ email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your account has been suspended', code: 'account_suspended', reason: null, appealUrl: expect.stringContaining('/appeal?token=') });
    const open = await currentUser(cookie);
    expect(open.statusCode).toBe(403);
    expect(open.json()).toEqual({ message: 'Your account has been suspended', code: 'account_suspended' });
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });
});

describe('session lifetime', () => {
  it('ends a session left idle past its expiry', async () => {
    const { user, cookie } = await signUp(t.app);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'csm_session')?.value).toBe('');
  });

  it('slides the 30-day expiry forward when the person comes back', async () => {
    const { user, cookie } = await signUp(t.app);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const soon = new Date(Date.now() + 60 * 1000);
    await t.database.db.update(sessions).set({ lastSeenAt: twoHoursAgo, expiresAt: soon }).where(eq(sessions.userId, user.id));
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'csm_session')?.maxAge).toBe(30 * 24 * 60 * 60);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });
});

describe('current user', () => {
  it('answers 401 with a message when signed out', async () => {
    const res = await currentUser();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue', code: 'unauthenticated' });
  });

  it('ignores a forged or tampered cookie', async () => {
    const { cookie } = await signUp(t.app);
    const tampered = cookie.slice(0, -3) + (cookie.endsWith('abc') ? 'xyz' : 'abc');
    expect((await currentUser(tampered)).statusCode).toBe(401);
    expect((await currentUser('csm_session=made-up-token')).statusCode).toBe(401);
  });

  it('recognises administrators by their email, in any case, once the address is proven (decision 016)', async () => {
    const admin = await signUp(t.app, { email: ADMIN_EMAIL.toUpperCase() });
    expect(admin.user.isAdmin).toBe(false);
    await markEmailVerified(t.database.db, admin.user.id);
    expect((await currentUser(admin.cookie)).json()).toMatchObject({ isAdmin: true });
    const other = await signUp(t.app);
    expect(other.user.isAdmin).toBe(false);
  });
});

// Each attempt is a full-cost scrypt check; the attempts run in parallel so the minute's window is not the clock being tested.
describe('sign-in limits', { timeout: 120_000 }, () => {
  it('allows 10 attempts a minute from one address, then answers 429 with Retry-After', async () => {
    const ip = randomIp();
    const { email } = await signUp(t.app);
    // Ten accounts (a wrong password on one account from one address is limited sooner, below).
    const attempts = await Promise.all(Array.from({ length: 10 }, () => login({ email: uniqueEmail(), password: 'wrong password' }, ip)));
    expect(attempts.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    const blocked = await login({ email, password: PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toBe('Too many attempts. Please try again later.');
  });

  it("counts wrong passwords per account and address: 30 from a stranger's addresses do not lock the owner out", async () => {
    const { email } = await signUp(t.app);
    const strangers = [randomIp(), randomIp(), randomIp()];
    for (const ip of strangers) {
      // 10 each: the most one address may try in a minute.
      const tries = await Promise.all(Array.from({ length: 10 }, () => login({ email, password: 'wrong password' }, ip)));
      const statuses = tries.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    }
    expect((await login({ email, password: PASSWORD }, randomIp())).statusCode).toBe(200);
    // The stranger's addresses wait, even with the right password.
    const blocked = await login({ email, password: PASSWORD }, strangers[0]);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('forgets the failures of an address once the right password comes from it', async () => {
    const { email } = await signUp(t.app);
    const ip = randomIp();
    for (let i = 0; i < 4; i++) expect((await login({ email, password: 'wrong password' }, ip)).statusCode).toBe(401);
    expect((await login({ email, password: PASSWORD }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ email, password: 'wrong password' }, ip)).statusCode).toBe(401);
  });

  it('allows 5 sign-ups per 30 minutes from one address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await register({ email: uniqueEmail(), password: PASSWORD }, ip)).statusCode).toBe(201);
    const blocked = await register({ email: uniqueEmail(), password: PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
