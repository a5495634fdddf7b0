// engines: both — the session's proofs (its start, the last proof again) are read and written on each engine
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Passkey } from '#shared/passkeys.js';
import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { PASSWORD, randomIp, sessionCookieFrom, signUp, type SignedUp } from '#test/helpers/factories.js';
import { codeAt, enableTwoStep, STEP_MS } from '#test/helpers/two-step.js';
import { SoftwareAuthenticator } from '#test/support/webauthn.js';
import { passkeys, sessions, users } from '#server/db/schema.js';

/**
 * The recent sign-in (decision 061) on every change of how an account signs in: a session older than 10 minutes is
 * refused until its member proves themselves again, by the password or by a passkey, at POST /api/auth/recent-sign-in.
 */
const APP_URL = 'http://market.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: APP_URL });
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, remoteAddress: randomIp(), headers: cookie ? { cookie } : {}, ...(payload !== undefined && { payload: payload as object }) });

/** As if every session of the person had begun, and last been proved, `minutes` ago. */
const ageSessionsOf = (userId: string, minutes = 11) =>
  t.database.db
    .update(sessions)
    .set({ createdAt: sql`now() - ${minutes} * interval '1 minute'`, reauthenticatedAt: null })
    .where(eq(sessions.userId, userId));

const expectRefused = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ message: TWO_STEP_TEXTS.recentSignInRequired, code: 'recent_sign_in_required' });
};

async function addPasskey(person: SignedUp, device: SoftwareAuthenticator): Promise<Passkey> {
  const options = await send('POST', '/api/auth/passkeys/registration-options', person.cookie, {});
  expect(options.statusCode, options.body).toBe(200);
  const response = device.create(options.json<PublicKeyCredentialCreationOptionsJSON>());
  const res = await send('POST', '/api/auth/passkeys', person.cookie, { response });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Passkey>();
}

/** A second session of the person, from another browser. */
async function secondSession(person: SignedUp): Promise<string> {
  const res = await send('POST', '/api/auth/login', undefined, { email: person.email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
}

const sessionCount = async (userId: string) => (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const passkeyNames = async (userId: string) => (await t.database.db.select().from(passkeys).where(eq(passkeys.userId, userId))).map((p) => p.name);

describe('changes of how an account signs in, from a session older than 10 minutes', () => {
  let person: SignedUp;
  let passkey: Passkey;
  let otherPublicId: string;
  beforeAll(async () => {
    person = await signUp(t.app);
    passkey = await addPasskey(person, new SoftwareAuthenticator({ origin: APP_URL }));
    await secondSession(person);
    const listed = await send('GET', '/api/auth/sessions', person.cookie);
    otherPublicId = listed.json<{ sessions: Array<{ id: string; current: boolean }> }>().sessions.find((s) => !s.current)!.id;
    await ageSessionsOf(person.user.id);
  });

  it('refuses renaming and removing a passkey, signing one or all other sessions out, and changes nothing', async () => {
    expectRefused(await send('PATCH', `/api/auth/passkeys/${passkey.id}`, person.cookie, { name: 'Stolen' }));
    expectRefused(await send('DELETE', `/api/auth/passkeys/${passkey.id}`, person.cookie));
    expectRefused(await send('DELETE', `/api/auth/sessions/${otherPublicId}`, person.cookie));
    expectRefused(await send('DELETE', '/api/auth/sessions', person.cookie));
    expect(await passkeyNames(person.user.id)).toEqual([passkey.name]);
    expect(await sessionCount(person.user.id)).toBe(2);
  });

  it('refuses changing the email address without the current password, whatever the session’s age', async () => {
    const res = await send('POST', '/api/auth/change-email', person.cookie, { newEmail: `moved-${Date.now()}@example.test` });
    expect(res.statusCode, res.body).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row?.pendingEmail).toBeNull();
  });

  it('lets them through for 10 minutes after the password again; a wrong one is refused and proves nothing', async () => {
    const wrong = await send('POST', '/api/auth/recent-sign-in', person.cookie, { password: 'not the password at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', errors: { password: TWO_STEP_TEXTS.wrongPassword } });
    expectRefused(await send('PATCH', `/api/auth/passkeys/${passkey.id}`, person.cookie, { name: 'Still no' }));

    const proved = await send('POST', '/api/auth/recent-sign-in', person.cookie, { password: PASSWORD });
    expect(proved.statusCode, proved.body).toBe(200);
    const until = Date.parse(proved.json<{ recentUntil: string }>().recentUntil);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const renamed = await send('PATCH', `/api/auth/passkeys/${passkey.id}`, person.cookie, { name: 'My phone' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const signedOut = await send('DELETE', `/api/auth/sessions/${otherPublicId}`, person.cookie);
    expect(signedOut.statusCode, signedOut.body).toBe(204);
    expect(await sessionCount(person.user.id)).toBe(1);

    // The proof belongs to this session only, and it ages like a sign-in.
    await ageSessionsOf(person.user.id);
    expectRefused(await send('DELETE', `/api/auth/passkeys/${passkey.id}`, person.cookie));
  });
});

describe('proving oneself again with a passkey', () => {
  it('makes the sign-in recent with a passkey of the account, not with anyone else’s', async () => {
    const person = await signUp(t.app);
    const device = new SoftwareAuthenticator({ origin: APP_URL });
    const own = await addPasskey(person, device);
    const stranger = await signUp(t.app);
    const strangersDevice = new SoftwareAuthenticator({ origin: APP_URL });
    await addPasskey(stranger, strangersDevice);
    await ageSessionsOf(person.user.id);

    // Another member's passkey answering this member's challenge proves nothing.
    const options = await send('POST', '/api/auth/recent-sign-in/passkey-options', person.cookie);
    expect(options.statusCode, options.body).toBe(200);
    const foreign = await send('POST', '/api/auth/recent-sign-in/passkey', person.cookie, { response: strangersDevice.get(options.json()) });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    expectRefused(await send('DELETE', `/api/auth/passkeys/${own.id}`, person.cookie));

    const again = await send('POST', '/api/auth/recent-sign-in/passkey-options', person.cookie);
    const proved = await send('POST', '/api/auth/recent-sign-in/passkey', person.cookie, { response: device.get(again.json()) });
    expect(proved.statusCode, proved.body).toBe(200);
    const removed = await send('DELETE', `/api/auth/passkeys/${own.id}`, person.cookie);
    expect(removed.statusCode, removed.body).toBe(204);
  });
});

describe('turning two-step sign-in off', () => {
  it('needs a recent sign-in with a code too; the password alone still does it at any age', async () => {
    const person = await signUp(t.app);
    const { secret } = await enableTwoStep(t.app, person.cookie);
    await ageSessionsOf(person.user.id);
    const code = codeAt(secret, Date.now() + STEP_MS);
    expectRefused(await send('POST', '/api/auth/totp/disable', person.cookie, { code }));
    const [still] = await t.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(still?.totpEnabledAt).not.toBeNull();

    const withPassword = await send('POST', '/api/auth/totp/disable', person.cookie, { password: PASSWORD });
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    expect(withPassword.json()).toMatchObject({ twoStepEnabled: false });
  });
});

describe('who may ask, and with what', () => {
  it('refuses the signed-out (401) and bad input (400), and a passkey answer with no challenge asked', async () => {
    expect((await send('POST', '/api/auth/recent-sign-in', undefined, { password: PASSWORD })).statusCode).toBe(401);
    expect((await send('POST', '/api/auth/recent-sign-in/passkey-options')).statusCode).toBe(401);
    const person = await signUp(t.app);
    for (const payload of [{}, { password: '' }, { password: PASSWORD, extra: 1 }, { password: 'x'.repeat(10_000) }, []]) {
      const res = await send('POST', '/api/auth/recent-sign-in', person.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // An account without passkeys has nothing to answer a challenge with.
    const none = await send('POST', '/api/auth/recent-sign-in/passkey-options', person.cookie);
    expect(none.statusCode).toBe(401);
    const garbage = await send('POST', '/api/auth/recent-sign-in/passkey', person.cookie, { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
  });

  it('refuses a banned member’s session', async () => {
    const person = await signUp(t.app);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, person.user.id));
    const res = await send('POST', '/api/auth/recent-sign-in', person.cookie, { password: PASSWORD });
    expect([401, 403]).toContain(res.statusCode);
  });
});
