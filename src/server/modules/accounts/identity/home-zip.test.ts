// engines: one
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_ZIP_CHANGES_PER_HOUR, HOME_ZIP_TEXTS, type User } from '#shared/auth.js';
import { NEAR_TEXTS } from '#shared/services.js';
import { users } from '#server/db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

/** PATCH /api/auth/home-zip (decision 052): the ZIP code browse starts near, in the User answer as homeZip. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setHomeZip = (payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: '/api/auth/home-zip', payload: payload as object, headers: { ...headers, ...(cookie && { cookie }) } });
const me = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<User>();
};
const storedHomeZip = async (userId: string) => (await t.database.db.select({ homeZip: users.homeZip }).from(users).where(eq(users.id, userId)))[0]?.homeZip;
const invalidZip = { message: NEAR_TEXTS.invalidZip, code: 'validation_failed', errors: { zipCode: NEAR_TEXTS.invalidZip } };

describe('a member’s home ZIP code', () => {
  it('starts empty, is saved (trimmed) and answered as homeZip, and null forgets it', async () => {
    const member = await signUp(t.app);
    expect(member.user.homeZip).toBeNull();

    const saved = await setHomeZip({ zipCode: ' 07042 ' }, member.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<User>()).toMatchObject({ id: member.user.id, homeZip: '07042', username: member.user.username });
    expect((await me(member.cookie)).homeZip).toBe('07042');

    const moved = await setHomeZip({ zipCode: '10001' }, member.cookie);
    expect(moved.json<User>().homeZip).toBe('10001');

    const cleared = await setHomeZip({ zipCode: null }, member.cookie);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<User>().homeZip).toBeNull();
    expect((await me(member.cookie)).homeZip).toBeNull();
    expect(await storedHomeZip(member.user.id)).toBeNull();
  });

  it.each([
    ['four digits', { zipCode: '0704' }],
    ['six digits', { zipCode: '070421' }],
    ['ZIP+4 (a home ZIP is the five digits browse searches around)', { zipCode: '07042-1234' }],
    ['letters', { zipCode: 'abcde' }],
    ['a Canadian postal prefix the dataset also keys', { zipCode: 'K1A' }],
    ['five digits no US ZIP has', { zipCode: '00000' }],
    ['another five digits no US ZIP has', { zipCode: '99999' }],
    ['an empty text', { zipCode: '' }],
    ['a number', { zipCode: 7042 }],
    ['a NUL character', { zipCode: '0704\u0000' }],
    ['no zipCode at all', {}],
  ] as Array<[string, { zipCode?: unknown }]>)('refuses %s with 400 and keeps the saved one', async (_name, payload) => {
    const member = await signUp(t.app);
    expect((await setHomeZip({ zipCode: '07042' }, member.cookie)).statusCode).toBe(200);
    const res = await setHomeZip(payload, member.cookie);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; code: string; errors: Record<string, string> }>();
    if (typeof payload.zipCode === 'string' && payload.zipCode.includes('\u0000')) {
      expect(body).toMatchObject({ code: 'validation_failed', errors: { zipCode: 'Must not contain a null character' } });
    } else {
      expect(body).toEqual(invalidZip);
    }
    expect((await me(member.cookie)).homeZip).toBe('07042');
  });

  it('refuses a body that is not an object', async () => {
    const member = await signUp(t.app);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/home-zip', payload: '"07042"', headers: { cookie: member.cookie, 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(await storedHomeZip(member.user.id)).toBeNull();
  });
});

describe('who may change a home ZIP code', () => {
  let admin: SignedUp;
  beforeAll(async () => {
    admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
  });

  it('needs a signed-in person: 401 before the input is even read', async () => {
    for (const payload of [{ zipCode: '07042' }, { zipCode: 'nope' }]) {
      const res = await setHomeZip(payload);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue', code: 'unauthenticated' });
    }
  });

  it('lets the administrator keep a home ZIP code of their own, like any member', async () => {
    const res = await setHomeZip({ zipCode: '19103' }, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ isAdmin: true, homeZip: '19103' });
  });

  it('changes only the asking member’s own: another member’s stays as it was', async () => {
    const [one, other] = [await signUp(t.app), await signUp(t.app)];
    await setHomeZip({ zipCode: '07042' }, other.cookie);
    expect((await setHomeZip({ zipCode: '59301' }, one.cookie)).statusCode).toBe(200);
    expect((await me(other.cookie)).homeZip).toBe('07042');
    expect(await storedHomeZip(one.user.id)).toBe('59301');
  });

  it('tells nobody else: not the member page, not their listings, not the administrator’s user list', async () => {
    const member = await signUp(t.app);
    // Miles City, Montana: a ZIP no listing of this file uses.
    await setHomeZip({ zipCode: '59301' }, member.cookie);
    const listing = await createListing(t, member.cookie, { title: 'Fence painting on weekends' });
    const reader = await signUp(t.app);
    const reads = [
      await t.app.inject({ method: 'GET', url: `/api/users/${member.user.username}`, headers: { cookie: reader.cookie } }),
      await t.app.inject({ method: 'GET', url: `/api/services/${listing.id}`, headers: { cookie: reader.cookie } }),
      await t.app.inject({ method: 'GET', url: `/api/services/${listing.id}` }),
      await t.app.inject({ method: 'GET', url: '/api/admin/users?limit=100', headers: { cookie: admin.cookie } }),
    ];
    for (const res of reads) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('59301');
      expect(res.body).not.toContain('homeZip');
    }
  });

  it('refuses a banned member (403) and changes nothing', async () => {
    const banned = await signUp(t.app);
    await setHomeZip({ zipCode: '07042' }, banned.cookie);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
    const res = await setHomeZip({ zipCode: '10001' }, banned.cookie);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: 'Your account has been suspended', code: 'account_suspended' });
    expect(await storedHomeZip(banned.user.id)).toBe('07042');
  });

  it('holds back a member who has not accepted the terms (403) and changes nothing', async () => {
    const newcomer = await signUp(t.app, { acceptTerms: false });
    const res = await setHomeZip({ zipCode: '07042' }, newcomer.cookie);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: 'Please accept the terms of service to continue', code: 'terms_not_accepted' });
    expect(await storedHomeZip(newcomer.user.id)).toBeNull();
  });

  it('refuses a change another site’s page sends (403) and changes nothing', async () => {
    const member = await signUp(t.app);
    const res = await setHomeZip({ zipCode: '07042' }, member.cookie, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode, res.body).toBe(403);
    expect(await storedHomeZip(member.user.id)).toBeNull();
  });

  it('forgets it when the account is deleted', async () => {
    const leaver = await signUp(t.app);
    await setHomeZip({ zipCode: '07042' }, leaver.cookie);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie: leaver.cookie }, payload: { password: leaver.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedHomeZip(leaver.user.id)).toBeNull();
  });
});

describe('the home ZIP code’s rate limit', () => {
  it(`accepts ${HOME_ZIP_CHANGES_PER_HOUR} changes an hour, then 429 with Retry-After; refused changes cost nothing`, async () => {
    const member = await signUp(t.app);
    // Refused input first: none of it is counted.
    for (let i = 0; i < 5; i++) expect((await setHomeZip({ zipCode: '00000' }, member.cookie)).statusCode).toBe(400);
    for (let i = 0; i < HOME_ZIP_CHANGES_PER_HOUR; i++) {
      const res = await setHomeZip({ zipCode: i % 2 ? '07042' : null }, member.cookie);
      expect(res.statusCode, `change ${i + 1}: ${res.body}`).toBe(200);
    }
    const refused = await setHomeZip({ zipCode: '10001' }, member.cookie);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ message: HOME_ZIP_TEXTS.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedHomeZip(member.user.id)).toBe('07042');
    // The budget is the member's own: someone else still changes theirs.
    const other = await signUp(t.app);
    expect((await setHomeZip({ zipCode: '10001' }, other.cookie)).statusCode).toBe(200);
  });
});
