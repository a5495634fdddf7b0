// engines: one
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { PASSWORD, randomIp, signUp, uniqueEmail } from '#test/helpers/factories.js';
import { sessions } from '#server/db/schema.js';
import { SESSION_LIFETIME_DAYS } from './sessions.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the absolute lifetime of a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const currentUser = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const ageSession = (userId: string, createdDaysAgo: number, lastSeenMsAgo: number) =>
    t.database.db
      .update(sessions)
      .set({
        createdAt: sql`now() - ${createdDaysAgo} * interval '1 day'`,
        lastSeenAt: new Date(Date.now() - lastSeenMsAgo),
        expiresAt: new Date(Date.now() + 20 * DAY_MS),
      })
      .where(eq(sessions.userId, userId));

  it(`refuses a session signed in more than ${SESSION_LIFETIME_DAYS} days ago, even one used a minute ago`, async () => {
    const { user, cookie } = await signUp(t.app);
    await ageSession(user.id, SESSION_LIFETIME_DAYS + 1, 60_000);
    const res = await currentUser(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'csm_session')?.value).toBe('');
  });

  it('keeps a session within its lifetime, sliding its idle expiry no further than the end of that lifetime', async () => {
    const { user, cookie } = await signUp(t.app);
    await ageSession(user.id, SESSION_LIFETIME_DAYS - 1, 2 * 60 * 60 * 1000);
    expect((await currentUser(cookie)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.createdAt.getTime() + SESSION_LIFETIME_DAYS * DAY_MS);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 0.9 * DAY_MS);
  });
});

describe('the session cookie', () => {
  it('is csm_session on http', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'http://market.example.org' });
    try {
      const { cookie } = await signUp(t.app);
      expect(cookie.startsWith('csm_session=')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('is __Host-csm_session on https: Secure, Path=/, no Domain, and the only name the app reads', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://market.example.org' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: randomIp(),
        payload: { email: uniqueEmail(), password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      // With the browser's device cookie (decision 054), under the same __Host- rules.
      expect(res.cookies.map((c) => c.name)).toEqual(['__Host-csm_session', '__Host-csm_device']);
      const [cookie] = res.cookies;
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie!.domain).toBeUndefined();

      const me = (value: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: value } });
      expect((await me(`__Host-csm_session=${cookie!.value}`)).statusCode).toBe(200);
      // The same token under the unprefixed name, as a sibling subdomain could set it, is not a session here.
      expect((await me(`csm_session=${cookie!.value}`)).statusCode).toBe(401);

      const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: `__Host-csm_session=${cookie!.value}` } });
      expect(logout.cookies.find((c) => c.name === '__Host-csm_session')).toMatchObject({ value: '', secure: true, path: '/' });
    } finally {
      await t.close();
    }
  });
});
