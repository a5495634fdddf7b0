// engines: both — budgets counted in the rate-limit store, memory on PGlite and a shared table on PostgreSQL
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_LIMIT_TEXTS, SETTINGS_CHANGES_PER_HOUR, USERNAME_CHANGES_PER_HOUR } from '#shared/auth.js';
import { users } from '#server/db/schema.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { expectLimited, signUp } from '#test/helpers/factories.js';

/**
 * Every write has a budget (decision 075): renames and the profile's settings, per person and only what was accepted.
 * The app runs with RATE_LIMIT_SCALE=100, as the end-to-end suite does: these budgets belong to one person and must
 * not grow with it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => t.close());

const patch = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url, headers: { cookie }, payload });
const stored = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('username changes', () => {
  it(`allow ${USERNAME_CHANGES_PER_HOUR} accepted renames an hour per person; a taken name costs nothing`, async () => {
    const other = await signUp(t.app);
    const member = await signUp(t.app);
    const prefix = `r${member.user.id.replace(/-/g, '').slice(0, 10)}`;
    for (let i = 0; i < 5; i++) expect((await patch('/api/auth/username', member.cookie, { username: other.user.username })).statusCode).toBe(409);
    for (let i = 0; i < USERNAME_CHANGES_PER_HOUR; i++) {
      const res = await patch('/api/auth/username', member.cookie, { username: `${prefix}_${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    expectLimited(await patch('/api/auth/username', member.cookie, { username: `${prefix}_last` }), PROFILE_LIMIT_TEXTS.tooManyUsernames);
    expect((await stored(member.user.id)).username).toBe(`${prefix}_${USERNAME_CHANGES_PER_HOUR - 1}`);
    // Someone else's budget is their own.
    expect((await patch('/api/auth/username', other.cookie, { username: `${prefix}_other` })).statusCode).toBe(200);
  });
});

describe('settings changes', () => {
  it(`allow ${SETTINGS_CHANGES_PER_HOUR} accepted changes of email notifications and the terms an hour per person, together`, async () => {
    // Accepting the terms at sign-up spent one.
    const member = await signUp(t.app);
    for (let i = 1; i < SETTINGS_CHANGES_PER_HOUR - 1; i++) {
      const res = await patch('/api/auth/email-notifications', member.cookie, { emailNotificationsEnabled: i % 2 === 0 });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Refused (no such value) costs nothing.
    expect((await patch('/api/auth/terms-acceptance', member.cookie, { termsAccepted: false })).statusCode).toBe(400);
    expect((await patch('/api/auth/terms-acceptance', member.cookie, { termsAccepted: true })).statusCode).toBe(200);
    const before = (await stored(member.user.id)).emailNotificationsEnabled;
    expectLimited(
      await patch('/api/auth/email-notifications', member.cookie, { emailNotificationsEnabled: !before }),
      PROFILE_LIMIT_TEXTS.tooManySettings,
    );
    expectLimited(await patch('/api/auth/terms-acceptance', member.cookie, { termsAccepted: true }), PROFILE_LIMIT_TEXTS.tooManySettings);
    expect((await stored(member.user.id)).emailNotificationsEnabled).toBe(before);
  });
});
