// engines: one
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_LISTED_MAX, TWO_STEP_TEXTS, type SessionInfo } from '#shared/two-step.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { PASSWORD, randomIp, sessionCookieFrom, signUp } from '#test/helpers/factories.js';
import { sessions, users } from '#server/db/schema.js';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const login = async (email: string, userAgent: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': userAgent }, payload: { email, password: PASSWORD }, remoteAddress: randomIp() });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
};
const list = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: cookie ? { cookie } : {} });
const listed = async (cookie: string) => {
  const res = await list(cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sessions: SessionInfo[] }>().sessions;
};
const revoke = (id: string, cookie?: string) => t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: cookie ? { cookie } : {}, remoteAddress: randomIp() });
const revokeOthers = (cookie?: string) => t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: cookie ? { cookie } : {}, remoteAddress: randomIp() });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('GET /api/auth/sessions', () => {
  it("lists the member's sessions, newest first: browser and system from the user agent, times, how each began, which is this one", async () => {
    const person = await signUp(t.app);
    const phone = await login(person.email, SAFARI_IPHONE);
    const laptop = await login(person.email, CHROME_WINDOWS);

    const fromLaptop = await listed(laptop);
    expect(fromLaptop).toHaveLength(3);
    expect(fromLaptop.map((s) => [s.browser, s.system, s.method, s.secondFactor, s.current])).toEqual([
      ['Chrome 120', 'Windows 10', 'password', false, true],
      ['Safari 17', 'iOS 17.1', 'password', false, false],
      // The test's sign-up sent no user agent.
      [null, null, 'sign_up', false, false],
    ]);
    for (const session of fromLaptop) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(session.createdAt)).not.toBeNaN();
      expect(Date.parse(session.lastSeenAt)).not.toBeNaN();
      expect(Object.keys(session).sort()).toEqual(['browser', 'createdAt', 'current', 'id', 'lastSeenAt', 'method', 'secondFactor', 'system']);
    }
    // The public id is not the stored id (the hash of the cookie's token).
    const stored = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, person.user.id));
    for (const { id } of stored) expect(fromLaptop.map((s) => s.id)).not.toContain(id);

    const fromPhone = await listed(phone);
    expect(fromPhone.find((s) => s.current)?.browser).toBe('Safari 17');
    expect((await list(phone)).headers['cache-control']).toBe('no-store');

    // Nobody else's sessions are listed.
    const other = await signUp(t.app);
    expect(await listed(other.cookie)).toHaveLength(1);
  });

  it('keeps at most 512 characters of the user agent, and lists at most 50 sessions', async () => {
    const person = await signUp(t.app);
    await login(person.email, `${FIREFOX_LINUX} ${'x'.repeat(1000)}`);
    const mine = await t.database.db.select({ ua: sessions.userAgent }).from(sessions).where(eq(sessions.userId, person.user.id));
    expect(mine.map((r) => r.ua?.length ?? 0).sort((a, b) => b - a)[0]).toBe(512);

    const old = new Date(Date.now() - 60_000);
    await t.database.db.insert(sessions).values(
      Array.from({ length: SESSIONS_LISTED_MAX + 5 }, () => ({
        id: randomBytes(32).toString('base64url'),
        userId: person.user.id,
        createdAt: old,
        lastSeenAt: old,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const all = await listed(person.cookie);
    expect(all).toHaveLength(SESSIONS_LISTED_MAX);
    // Newest first: the two real sessions (this one among them) before the 55 older ones.
    expect(all.slice(0, 2).filter((session) => session.current)).toHaveLength(1);
  });
});

describe('signing a session out', () => {
  it('ends one of my sessions by its id: its next call answers 401; the rest carry on', async () => {
    const person = await signUp(t.app);
    const phone = await login(person.email, SAFARI_IPHONE);
    const laptop = await login(person.email, CHROME_WINDOWS);
    const phoneId = (await listed(phone)).find((s) => s.current)!.id;

    const res = await revoke(phoneId, laptop);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(200);
    expect((await listed(laptop)).map((s) => s.id)).not.toContain(phoneId);

    // Ended already: 404.
    const again = await revoke(phoneId, laptop);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: TWO_STEP_TEXTS.sessionNotFound, code: 'not_found' });

    // This session too, by its own id: it is signed out.
    const laptopId = (await listed(laptop)).find((s) => s.current)!.id;
    expect((await revoke(laptopId, laptop)).statusCode).toBe(204);
    expect((await me(laptop)).statusCode).toBe(401);
  });

  it("answers 404 for another member's session and leaves it alone", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const ownerSession = (await listed(owner.cookie))[0]!.id;
    const res = await revoke(ownerSession, other.cookie);
    expect(res.statusCode).toBe(404);
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect((await revoke('00000000-0000-4000-8000-000000000000', other.cookie)).statusCode).toBe(404);
  });

  it("'Sign out everywhere else' ends every other session and answers how many", async () => {
    const person = await signUp(t.app);
    const phone = await login(person.email, SAFARI_IPHONE);
    const laptop = await login(person.email, CHROME_WINDOWS);
    const other = await signUp(t.app);

    const res = await revokeOthers(laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ signedOut: 2 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(person.cookie)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await revokeOthers(laptop)).json()).toEqual({ signedOut: 0 });
  });
});

describe('who may call the sessions routes, and bad input', () => {
  const id = '00000000-0000-4000-8000-000000000000';

  it('answers 401 signed out and 403 to a banned member', async () => {
    for (const res of [await list(), await revoke(id), await revokeOthers()]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
    for (const call of [(c: string) => list(c), (c: string) => revoke(id, c), (c: string) => revokeOthers(c)]) {
      const banned = await signUp(t.app);
      await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
      const res = await call(banned.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'account_suspended' });
    }
  });

  it('lets a member who has not accepted the terms see and end their sessions', async () => {
    const newcomer = await signUp(t.app, { acceptTerms: false });
    expect(await listed(newcomer.cookie)).toHaveLength(1);
    expect((await revokeOthers(newcomer.cookie)).json()).toEqual({ signedOut: 0 });
  });

  it('answers 400 JSON to a malformed id and ends nothing', async () => {
    const person = await signUp(t.app);
    for (const bad of ['not-a-uuid', '1', `${id}x`, '%00']) {
      const res = await revoke(bad, person.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ code: string }>().code, bad).toMatch(/validation_failed|bad_request/);
    }
    expect((await me(person.cookie)).statusCode).toBe(200);
  });
});
