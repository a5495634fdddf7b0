// engines: one
import { randomUUID } from 'node:crypto';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/auth.js';
import { type Passkey, PASSKEY_CHANGES_PER_HOUR, PASSKEY_NAME_MAX, PASSKEY_TEXTS, PASSKEYS_MAX } from '#shared/passkeys.js';
import { MESSAGES } from '#shared/texts.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { randomIp, sessionCookieFrom, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { providerOnlyPerson, providerSession } from '#test/helpers/reauth.js';
import { FLAGS, SoftwareAuthenticator } from '#test/support/webauthn.js';
import { passkeys, sessions, users, webauthnChallenges } from '#server/db/schema.js';

/**
 * Passkeys (decision 055) through the HTTP API, with a software authenticator (test/support/webauthn.ts)
 * standing in for the browser and the person's device.
 */
const APP_URL = 'http://market.test';
const ORIGIN = APP_URL;
const RP_ID = 'market.test';
const GOOGLE_PASSWORD_MANAGER = 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: APP_URL });
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, options: { cookie?: string; payload?: unknown; ip?: string } = {}) =>
  t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? randomIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.payload !== undefined && { payload: options.payload as object }),
  });

const authenticator = (options: Partial<ConstructorParameters<typeof SoftwareAuthenticator>[0]> = {}) => new SoftwareAuthenticator({ origin: ORIGIN, ...options });

async function registrationOptions(cookie: string, payload: unknown = {}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const res = await send('POST', '/api/auth/passkeys/registration-options', { cookie, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Adds a passkey made by `device` to the signed-in person's account, as the profile page does. */
async function addPasskey(person: SignedUp, device = authenticator(), extra: { name?: string } = {}): Promise<{ passkey: Passkey; credentialId: string }> {
  const response = device.create(await registrationOptions(person.cookie));
  const res = await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return { passkey: res.json<Passkey>(), credentialId: response.id };
}

async function authenticationOptions(ip?: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const res = await send('POST', '/api/auth/passkeys/authentication-options', { ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** 'Sign in with a passkey': new options, the device's answer, the sign-in. */
async function signInWith(device: SoftwareAuthenticator, overrides: Parameters<SoftwareAuthenticator['get']>[1] = {}, cookie?: string): Promise<LightMyRequestResponse> {
  const response = device.get(await authenticationOptions(), overrides);
  return send('POST', '/api/auth/passkeys/authenticate', { payload: { response }, cookie });
}

const storedPasskeys = (userId: string) => t.database.db.select().from(passkeys).where(eq(passkeys.userId, userId));
const storedPasskey = async (credentialId: string) => (await t.database.db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)))[0]!;
const challengeRow = async (challenge: string) => (await t.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, challenge)))[0];
const list = async (cookie: string) => {
  const res = await send('GET', '/api/auth/passkeys', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ passkeys: Passkey[] }>().passkeys;
};
const me = (cookie: string) => send('GET', '/api/auth/user', { cookie });
const expectError = (res: LightMyRequestResponse, status: number, code?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ message: string; code: string }>();
  expect(body.message).toEqual(expect.any(String));
  if (code) expect(body.code).toBe(code);
  return body;
};
const noSessionCookie = (res: LightMyRequestResponse) => expect(res.cookies.some((c) => c.name === 'csm_session' && c.value !== '')).toBe(false);

describe('adding a passkey and signing in with it', () => {
  it('registers a discoverable passkey and signs in with it, no email needed, starting a session as password sign-in does', async () => {
    const person = await signUp(t.app);
    const options = await registrationOptions(person.cookie);
    expect(options.rp).toEqual({ name: expect.any(String), id: RP_ID });
    expect(options.user).toEqual({ id: Buffer.from(person.user.id).toString('base64url'), name: person.email, displayName: person.user.username });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' });
    expect(options.attestation).toBe('none');
    // The same kinds of key on every Node.js: no ML-DSA offered where the runtime has it (Node.js 24).
    expect(options.pubKeyCredParams.map((p) => p.alg)).toEqual([-8, -7, -257]);
    expect(options.excludeCredentials).toEqual([]);
    const stored = await challengeRow(options.challenge);
    expect(stored).toMatchObject({ purpose: 'registration', userId: person.user.id });
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const device = authenticator();
    const response = device.create(options);
    const added = await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response } });
    expect(added.statusCode, added.body).toBe(201);
    const passkey = added.json<Passkey>();
    expect(passkey).toEqual({ id: expect.any(String), name: 'Passkey', createdAt: expect.any(String), lastUsedAt: null, backedUp: false, deviceType: 'singleDevice' });
    expect(await challengeRow(options.challenge)).toBeUndefined();
    expect(await list(person.cookie)).toEqual([passkey]);
    // The same device is not offered to make a second passkey for the account.
    expect((await registrationOptions(person.cookie)).excludeCredentials).toEqual([{ id: response.id, type: 'public-key', transports: ['internal', 'hybrid'] }]);

    const signInOptions = await authenticationOptions();
    expect(signInOptions).toEqual({ challenge: expect.any(String), rpId: RP_ID, timeout: expect.any(Number), userVerification: 'preferred' });
    expect(await challengeRow(signInOptions.challenge)).toMatchObject({ purpose: 'authentication', userId: null });
    const signedIn = await send('POST', '/api/auth/passkeys/authenticate', { payload: { response: device.get(signInOptions) } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { reauthenticatedUntil: _ignored, ...expected } = (await me(person.cookie)).json<User>();
    expect(signedIn.json<User>()).toEqual(expected);
    const cookie = sessionCookieFrom(signedIn);
    expect((await me(cookie)).json<User>().id).toBe(person.user.id);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, person.user.id)).orderBy(sql`${sessions.createdAt} desc`).limit(1);
    expect(session!.signInMethod).toBe('passkey');

    const used = await storedPasskey(response.id);
    expect(used.counter).toBe(1);
    expect(used.lastUsedAt).not.toBeNull();
    expect((await list(cookie))[0]!.lastUsedAt).toBe(used.lastUsedAt!.toISOString());
  });

  it("names a passkey after its provider's AAGUID, keeps a name given, and accepts synced passkeys whose counter stays 0", async () => {
    const person = await signUp(t.app);
    const synced = authenticator({ synced: true, aaguid: GOOGLE_PASSWORD_MANAGER });
    const { passkey } = await addPasskey(person, synced);
    expect(passkey).toMatchObject({ name: 'Google Password Manager', backedUp: true, deviceType: 'multiDevice' });
    const { passkey: named } = await addPasskey(person, authenticator(), { name: '  Work laptop  ' });
    expect(named.name).toBe('Work laptop');
    for (let i = 0; i < 2; i++) expect((await signInWith(synced)).statusCode).toBe(200);
    expect((await storedPasskey([...synced.credentials.keys()][0]!)).counter).toBe(0);
  });

  it('ends the session a signed-in person had when they sign in with a passkey', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    await addPasskey(person, device);
    const other = await signUp(t.app);
    const res = await signInWith(device, {}, other.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>().id).toBe(person.user.id);
    expect((await me(other.cookie)).statusCode).toBe(401);
  });
});

describe('two-step sign-in and passkeys', () => {
  const turnOnTwoStep = (userId: string) => t.database.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, userId));

  it('signs in with a passkey in one step even with two-step sign-in on, when the passkey verified the person', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    await addPasskey(person, device);
    await turnOnTwoStep(person.user.id);
    const res = await signInWith(device);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>().id).toBe(person.user.id);
    expect((await me(sessionCookieFrom(res))).statusCode).toBe(200);
  });

  it('refuses a passkey that only saw the person present (no PIN or biometrics) when two-step sign-in is on, and accepts it otherwise', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    const { credentialId } = await addPasskey(person, device);
    expect((await signInWith(device, { flags: FLAGS.UP })).statusCode).toBe(200);
    await turnOnTwoStep(person.user.id);
    const before = await storedPasskey(credentialId);
    const refused = await signInWith(device, { flags: FLAGS.UP });
    expect(expectError(refused, 401, 'passkey_failed').message).toBe(PASSKEY_TEXTS.userVerificationRequired);
    noSessionCookie(refused);
    expect(await storedPasskey(credentialId)).toEqual(before);
  });
});

describe('challenges', () => {
  it('are single use: a registration or a sign-in answered twice is refused the second time', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    const response = device.create(await registrationOptions(person.cookie));
    expect((await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response } })).statusCode).toBe(201);
    expectError(await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response } }), 400, 'passkey_challenge_expired');
    expect(await storedPasskeys(person.user.id)).toHaveLength(1);

    const assertion = device.get(await authenticationOptions());
    expect((await send('POST', '/api/auth/passkeys/authenticate', { payload: { response: assertion } })).statusCode).toBe(200);
    const replay = await send('POST', '/api/auth/passkeys/authenticate', { payload: { response: assertion } });
    expect(expectError(replay, 400, 'passkey_challenge_expired').message).toBe(PASSKEY_TEXTS.challengeExpired);
    noSessionCookie(replay);
  });

  it('expire after 5 minutes, and the housekeeping sweep removes them', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    const options = await registrationOptions(person.cookie);
    await t.database.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(webauthnChallenges.challenge, options.challenge));
    expectError(await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response: device.create(options) } }), 400, 'passkey_challenge_expired');
    expect(await storedPasskeys(person.user.id)).toEqual([]);

    await addPasskey(person, device);
    const signInOptions = await authenticationOptions();
    await t.database.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(webauthnChallenges.challenge, signInOptions.challenge));
    expectError(await send('POST', '/api/auth/passkeys/authenticate', { payload: { response: device.get(signInOptions) } }), 400, 'passkey_challenge_expired');

    const stale = await authenticationOptions();
    const live = await authenticationOptions();
    await t.database.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(webauthnChallenges.challenge, stale.challenge));
    await t.app.housekeeping();
    expect(await challengeRow(stale.challenge)).toBeUndefined();
    expect(await challengeRow(live.challenge)).toBeDefined();
  });

  it("are bound to their purpose and, for a registration, to its member: another member's or a sign-in's challenge does not register", async () => {
    const person = await signUp(t.app);
    const other = await signUp(t.app);
    const device = authenticator();
    const othersOptions = await registrationOptions(other.cookie);
    const forged = device.create({ ...othersOptions, user: { ...othersOptions.user, id: Buffer.from(person.user.id).toString('base64url') } });
    expectError(await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response: forged } }), 400, 'passkey_challenge_expired');
    // The other member's challenge is still theirs to use.
    expect(await challengeRow(othersOptions.challenge)).toBeDefined();

    const signInOptions = await authenticationOptions();
    const own = await registrationOptions(person.cookie);
    const wrongPurpose = device.create({ ...own, challenge: signInOptions.challenge });
    expectError(await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response: wrongPurpose } }), 400, 'passkey_challenge_expired');
    expect(await storedPasskeys(person.user.id)).toEqual([]);

    const { credentialId } = await addPasskey(person, device);
    const registrationChallenge = (await registrationOptions(person.cookie)).challenge;
    const assertion = device.get({ challenge: registrationChallenge, rpId: RP_ID }, { credentialId });
    expectError(await send('POST', '/api/auth/passkeys/authenticate', { payload: { response: assertion } }), 400, 'passkey_challenge_expired');
  });

  it('refuses a challenge the server never made', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    await addPasskey(person, device);
    const made = Buffer.from(randomUUID()).toString('base64url');
    expectError(await send('POST', '/api/auth/passkeys/authenticate', { payload: { response: device.get({ challenge: made, rpId: RP_ID }) } }), 400, 'passkey_challenge_expired');
  });
});

describe('answers that must be refused', () => {
  it('refuses a registration made for another origin or relying party, or of the wrong type; nothing is stored', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    for (const overrides of [{ origin: 'http://evil.test' }, { origin: 'https://market.test' }, { rpId: 'evil.test' }, { type: 'webauthn.get' }, { flags: FLAGS.UV | FLAGS.AT }]) {
      const response = device.create(await registrationOptions(person.cookie), overrides);
      const res = await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response } });
      expect(expectError(res, 400, 'passkey_failed').message, JSON.stringify(overrides)).toBe(PASSKEY_TEXTS.registrationFailed);
    }
    expect(await storedPasskeys(person.user.id)).toEqual([]);
  });

  it('refuses a sign-in from another origin or relying party, a forged signature or a wrong user handle; nothing changes', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    const { credentialId } = await addPasskey(person, device);
    const before = await storedPasskey(credentialId);
    const attempts = [
      { origin: 'http://evil.test' },
      { rpId: 'evil.test' },
      { type: 'webauthn.create' },
      { signWith: SoftwareAuthenticator.strangerKey() },
      { flags: FLAGS.UV },
    ];
    for (const overrides of attempts) {
      const res = await signInWith(device, { ...overrides, counter: 50 });
      expect(expectError(res, 401, 'passkey_failed').message).toBe(PASSKEY_TEXTS.signInFailed);
      noSessionCookie(res);
    }
    device.credentials.get(credentialId)!.userHandle = Buffer.from(admin.user.id).toString('base64url');
    expectError(await signInWith(device, { counter: 50 }), 401, 'passkey_failed');
    expect(await storedPasskey(credentialId)).toEqual(before);
    // Without a user handle (allowed by WebAuthn) the credential alone names the member.
    device.credentials.get(credentialId)!.userHandle = Buffer.from(person.user.id).toString('base64url');
    expect((await signInWith(device, { noUserHandle: true })).statusCode).toBe(200);
  });

  it('refuses a counter that did not move forward, and keeps the highest one seen', async () => {
    const person = await signUp(t.app);
    const device = authenticator({ firstCounter: 5 });
    const { credentialId } = await addPasskey(person, device);
    expect((await storedPasskey(credentialId)).counter).toBe(5);
    expect((await signInWith(device, { counter: 6 })).statusCode).toBe(200);
    for (const counter of [6, 3, 0]) {
      const res = await signInWith(device, { counter });
      expectError(res, 401, 'passkey_failed');
      noSessionCookie(res);
    }
    const stored = await storedPasskey(credentialId);
    expect(stored.counter).toBe(6);
    // A counter beyond 2^31 (a long-used key) is still a number to compare.
    expect((await signInWith(device, { counter: 2 ** 32 - 2 })).statusCode).toBe(200);
    expect((await storedPasskey(credentialId)).counter).toBe(2 ** 32 - 2);
  });

  it('records one of two sign-ins racing with the same counter, and refuses the other', async () => {
    const person = await signUp(t.app);
    const device = authenticator({ firstCounter: 10 });
    const { credentialId } = await addPasskey(person, device);
    const [first, second] = [device.get(await authenticationOptions(), { counter: 11 }), device.get(await authenticationOptions(), { counter: 11 })];
    const answers = await Promise.all([first, second].map((response) => send('POST', '/api/auth/passkeys/authenticate', { payload: { response } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect((await storedPasskey(credentialId)).counter).toBe(11);
  });

  it('refuses a passkey nobody registered here, or one its member removed', async () => {
    const stranger = authenticator();
    const person = await signUp(t.app);
    const { passkey } = await addPasskey(person, stranger);
    expect((await send('DELETE', `/api/auth/passkeys/${passkey.id}`, { cookie: person.cookie })).statusCode).toBe(204);
    const removed = await signInWith(stranger);
    expect(expectError(removed, 401, 'unknown_passkey').message).toBe(PASSKEY_TEXTS.unknownPasskey);
    noSessionCookie(removed);

    const unregistered = authenticator();
    unregistered.create({ ...(await registrationOptions(person.cookie)), rp: { name: 'x', id: RP_ID } });
    expectError(await signInWith(unregistered), 401, 'unknown_passkey');
  });

  it('refuses the same credential on a second account', async () => {
    const person = await signUp(t.app);
    const other = await signUp(t.app);
    const response = authenticator().create(await registrationOptions(other.cookie));
    const { passkey } = await addPasskey(person);
    await t.database.db.update(passkeys).set({ credentialId: response.id }).where(eq(passkeys.id, passkey.id));
    expectError(await send('POST', '/api/auth/passkeys', { cookie: other.cookie, payload: { response } }), 409, 'passkey_already_added');
    expect(await storedPasskeys(other.user.id)).toEqual([]);
  });
});

describe('banned and deleted members', () => {
  it('refuses a banned member as password sign-in does: same status, code, message, reason and appeal link; no session', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    const { credentialId } = await addPasskey(person, device);
    const ban = await send('POST', `/api/admin/users/${person.user.id}/ban`, { cookie: admin.cookie, payload: { reason: 'Selling counterfeit tickets' } });
    expect(ban.statusCode, ban.body).toBe(200);
    const before = await storedPasskey(credentialId);

    const byPassword = await send('POST', '/api/auth/login', { payload: { email: person.email, password: person.password } });
    const byPasskey = await signInWith(device);
    expect(byPasskey.statusCode, byPasskey.body).toBe(byPassword.statusCode);
    expect(byPasskey.statusCode).toBe(403);
    const passwordBody = byPassword.json<Record<string, unknown>>();
    const passkeyBody = byPasskey.json<Record<string, unknown>>();
    expect(passkeyBody).toEqual({ ...passwordBody, appealUrl: expect.any(String) });
    expect(passkeyBody).toMatchObject({ code: 'account_suspended', message: MESSAGES.suspended, reason: 'Selling counterfeit tickets' });
    noSessionCookie(byPasskey);
    expect(await storedPasskey(credentialId)).toEqual(before);

    // A passkey that does not verify learns nothing of the reason.
    const forged = await signInWith(device, { signWith: SoftwareAuthenticator.strangerKey(), counter: 99 });
    expect(expectError(forged, 401, 'passkey_failed')).not.toHaveProperty('reason');
  });

  it('refuses a deleted account (a tombstone): deletion removes its passkeys, and one left behind still signs nobody in', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    const { credentialId } = await addPasskey(person, device);
    const row = await storedPasskey(credentialId);
    const deleted = await send('DELETE', '/api/auth/account', { cookie: person.cookie, payload: { password: person.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedPasskeys(person.user.id)).toEqual([]);
    expectError(await signInWith(device), 401, 'unknown_passkey');

    await t.database.db.insert(passkeys).values(row);
    const res = await signInWith(device);
    expectError(res, 401, 'unknown_passkey');
    noSessionCookie(res);
  });
});

describe('a recent sign-in to add a passkey', () => {
  const ageSessions = (userId: string) =>
    t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, userId));

  it('asks for the password again once the sign-in is more than 10 minutes old; a wrong one is refused', async () => {
    const person = await signUp(t.app);
    await ageSessions(person.user.id);
    const url = '/api/auth/passkeys/registration-options';
    expectError(await send('POST', url, { cookie: person.cookie, payload: {} }), 403, 'recent_sign_in_required');
    expectError(await send('POST', url, { cookie: person.cookie }), 403, 'recent_sign_in_required');
    expectError(await send('POST', url, { cookie: person.cookie, payload: { password: 'not the password' } }), 400, 'wrong_password');
    const options = await registrationOptions(person.cookie, { password: person.password });
    // The challenge carries the confirmation: the passkey made for it is added without asking again.
    const res = await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response: authenticator().create(options) } });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('who may do what', () => {
  it('answers 401 to a signed-out visitor on every member route, and lets anyone ask for sign-in options', async () => {
    const person = await signUp(t.app);
    const { passkey } = await addPasskey(person);
    for (const [method, url, payload] of [
      ['GET', '/api/auth/passkeys', undefined],
      ['POST', '/api/auth/passkeys/registration-options', {}],
      ['POST', '/api/auth/passkeys', { response: {} }],
      ['PATCH', `/api/auth/passkeys/${passkey.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/auth/passkeys/${passkey.id}`, undefined],
    ] as const) {
      expectError(await send(method, url, { payload }), 401, 'unauthenticated');
    }
    expect(await list(person.cookie)).toEqual([passkey]);
    expect((await send('POST', '/api/auth/passkeys/authentication-options')).statusCode).toBe(200);
  });

  it("lets a member list, rename and remove only their own passkeys; another member's, even an administrator, gets 404", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const { passkey } = await addPasskey(owner);
    const { passkey: othersPasskey } = await addPasskey(other);
    expect(await list(owner.cookie)).toEqual([passkey]);
    expect(await list(other.cookie)).toEqual([othersPasskey]);
    expect(await list(admin.cookie)).toEqual([]);

    for (const stranger of [other, admin]) {
      expectError(await send('PATCH', `/api/auth/passkeys/${passkey.id}`, { cookie: stranger.cookie, payload: { name: 'Taken' } }), 404, 'not_found');
      expectError(await send('DELETE', `/api/auth/passkeys/${passkey.id}`, { cookie: stranger.cookie }), 404, 'not_found');
    }
    expect(await list(owner.cookie)).toEqual([passkey]);

    const renamed = await send('PATCH', `/api/auth/passkeys/${passkey.id}`, { cookie: owner.cookie, payload: { name: ' Phone ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Passkey>()).toEqual({ ...passkey, name: 'Phone' });
    expect((await send('DELETE', `/api/auth/passkeys/${passkey.id}`, { cookie: owner.cookie })).statusCode).toBe(204);
    expectError(await send('DELETE', `/api/auth/passkeys/${passkey.id}`, { cookie: owner.cookie }), 404, 'not_found');
    expect(await list(owner.cookie)).toEqual([]);
    expect(await list(other.cookie)).toEqual([othersPasskey]);
  });

  it('lets an administrator add and use a passkey of their own', async () => {
    const device = authenticator();
    await addPasskey(admin, device);
    const res = await signInWith(device);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ id: admin.user.id, isAdmin: true });
  });

  it("refuses a banned member's session on every member route", async () => {
    const person = await signUp(t.app);
    const { passkey } = await addPasskey(person);
    const routes = [
      ['GET', '/api/auth/passkeys', undefined],
      ['POST', '/api/auth/passkeys/registration-options', {}],
      ['POST', '/api/auth/passkeys', { response: {} }],
      ['PATCH', `/api/auth/passkeys/${passkey.id}`, { name: 'Still mine' }],
      ['DELETE', `/api/auth/passkeys/${passkey.id}`, undefined],
    ] as const;
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, person.user.id));
    for (const [method, url, payload] of routes) {
      // A refused request ends every session of the banned member: a session made for each route.
      const cookie = await providerSession(t, person.user.id);
      expectError(await send(method, url, { cookie, payload }), 403, 'account_suspended');
    }
    expect((await storedPasskeys(person.user.id)).map((p) => p.name)).toEqual([passkey.name]);
  });
});

describe('bad input', () => {
  it('answers 4xx JSON for malformed bodies and ids on every route, and changes nothing', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    const { passkey } = await addPasskey(person, device);
    const good = device.create(await registrationOptions(person.cookie));
    const nul = 'Pho\u0000ne';
    const garbageClientData = Buffer.from('not json').toString('base64url');
    const nulChallenge = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: 'abc\u0000def-ghijklmnopqrstuvwxyz', origin: ORIGIN })).toString('base64url');
    const numberChallenge = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: 42, origin: ORIGIN })).toString('base64url');

    const cases: Array<[Method, string, unknown, number]> = [
      ['POST', '/api/auth/passkeys/registration-options', { password: 12 }, 400],
      ['POST', '/api/auth/passkeys/registration-options', { extra: true }, 400],
      ['POST', '/api/auth/passkeys/registration-options', 'text', 415],
      ['POST', '/api/auth/passkeys', {}, 400],
      ['POST', '/api/auth/passkeys', { response: 'x' }, 400],
      ['POST', '/api/auth/passkeys', { response: { ...good, type: 'password' } }, 400],
      ['POST', '/api/auth/passkeys', { response: { ...good, response: { ...good.response, attestationObject: 'not base64url!' } } }, 400],
      ['POST', '/api/auth/passkeys', { response: { ...good, response: { ...good.response, clientDataJSON: garbageClientData } } }, 400],
      ['POST', '/api/auth/passkeys', { response: { ...good, response: { ...good.response, clientDataJSON: nulChallenge } } }, 400],
      ['POST', '/api/auth/passkeys', { response: { ...good, response: { ...good.response, clientDataJSON: numberChallenge } } }, 400],
      ['POST', '/api/auth/passkeys', { response: good, name: '' }, 400],
      ['POST', '/api/auth/passkeys', { response: good, name: '   ' }, 400],
      ['POST', '/api/auth/passkeys', { response: good, name: 'x'.repeat(PASSKEY_NAME_MAX + 1) }, 400],
      ['POST', '/api/auth/passkeys', { response: good, name: nul }, 400],
      ['POST', '/api/auth/passkeys', { response: good, extra: 1 }, 400],
      ['PATCH', `/api/auth/passkeys/${passkey.id}`, {}, 400],
      ['PATCH', `/api/auth/passkeys/${passkey.id}`, { name: '' }, 400],
      ['PATCH', `/api/auth/passkeys/${passkey.id}`, { name: 'x'.repeat(PASSKEY_NAME_MAX + 1) }, 400],
      ['PATCH', `/api/auth/passkeys/${passkey.id}`, { name: nul }, 400],
      ['PATCH', `/api/auth/passkeys/${passkey.id}`, { name: 7 }, 400],
      ['PATCH', `/api/auth/passkeys/${randomUUID()}`, { name: 'Phone' }, 404],
      ['PATCH', '/api/auth/passkeys/not-an-id', { name: 'Phone' }, 404],
      ['PATCH', `/api/auth/passkeys/${'x'.repeat(101)}`, { name: 'Phone' }, 414],
      ['DELETE', `/api/auth/passkeys/${randomUUID()}`, undefined, 404],
      ['DELETE', '/api/auth/passkeys/1', undefined, 404],
      ['POST', '/api/auth/passkeys/authenticate', {}, 400],
      ['POST', '/api/auth/passkeys/authenticate', { response: { type: 'public-key' } }, 400],
      ['POST', '/api/auth/passkeys/authenticate', { response: good }, 400],
      ['POST', '/api/auth/passkeys/authenticate', { response: { ...device.get({ challenge: 'x', rpId: RP_ID }), extra: 1 }, more: 2 }, 400],
    ];
    for (const [method, url, payload, status] of cases) {
      const res = await send(method, url, { cookie: person.cookie, payload });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 200)}: ${res.body}`).toBe(status);
      expect(res.json<{ code: string }>().code).toEqual(expect.any(String));
    }
    const assertion = device.get(await authenticationOptions());
    const garbage = await send('POST', '/api/auth/passkeys/authenticate', { payload: { response: { ...assertion, response: { ...assertion.response, clientDataJSON: garbageClientData } } } });
    expectError(garbage, 400, 'passkey_failed');
    const truncated = await send('POST', '/api/auth/passkeys/authenticate', { payload: { response: { ...assertion, response: { ...assertion.response, authenticatorData: 'AAAA' } } } });
    expect([400, 401]).toContain(truncated.statusCode);
    noSessionCookie(truncated);

    expect(await list(person.cookie)).toEqual([passkey]);
    // The well-formed answer was never used up by the refusals around it, which named no challenge of ours.
    expect((await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response: good } })).statusCode).toBe(201);

    // An answer to a real challenge that fails verification uses the challenge up (single use whatever the outcome).
    const another = device.create(await registrationOptions(person.cookie));
    const broken = { ...another, response: { ...another.response, attestationObject: 'AAAA' } };
    expectError(await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response: broken } }), 400, 'passkey_failed');
    expectError(await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response: another } }), 400, 'passkey_challenge_expired');
    expect(await list(person.cookie)).toHaveLength(2);
  });
});

/** `count` passkey rows for the member straight in the table (no authenticator behind them): to reach the limit. */
async function storeMadeUpPasskeys(userId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    userId,
    credentialId: `made-${randomUUID()}`,
    publicKey: Buffer.from([i]),
    deviceType: 'singleDevice',
    name: `Key ${i + 1}`,
  }));
  await t.database.db.insert(passkeys).values(rows);
}

describe('limits', () => {
  it(`keeps at most ${PASSKEYS_MAX} passkeys a member, with a clear 409, also for a challenge asked for before the last one was added`, async () => {
    const person = await signUp(t.app);
    const early = await registrationOptions(person.cookie);
    await storeMadeUpPasskeys(person.user.id, PASSKEYS_MAX);
    expect(await list(person.cookie)).toHaveLength(PASSKEYS_MAX);
    const refused = await send('POST', '/api/auth/passkeys/registration-options', { cookie: person.cookie, payload: {} });
    expect(expectError(refused, 409, 'passkey_limit').message).toBe(PASSKEY_TEXTS.tooMany);
    expectError(await send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response: authenticator().create(early) } }), 409, 'passkey_limit');
    expect(await storedPasskeys(person.user.id)).toHaveLength(PASSKEYS_MAX);
  });

  it('lets only one of two registrations racing for the last place through', async () => {
    const person = await signUp(t.app);
    await storeMadeUpPasskeys(person.user.id, PASSKEYS_MAX - 1);
    const responses = [authenticator().create(await registrationOptions(person.cookie)), authenticator().create(await registrationOptions(person.cookie))];
    const answers = await Promise.all(responses.map((response) => send('POST', '/api/auth/passkeys', { cookie: person.cookie, payload: { response } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await storedPasskeys(person.user.id)).toHaveLength(PASSKEYS_MAX);
  });

  it('limits passkey sign-ins per address, and changes per member', async () => {
    const person = await signUp(t.app);
    const device = authenticator();
    const { passkey } = await addPasskey(person, device);
    const ip = randomIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) {
      const response = device.get(await authenticationOptions());
      last = await send('POST', '/api/auth/passkeys/authenticate', { payload: { response }, ip });
    }
    expectError(last!, 429, 'rate_limited');
    expect(last!.headers['retry-after']).toEqual(expect.any(String));

    // Adding the passkey above spent one change of the hour.
    for (let i = 1; i < PASSKEY_CHANGES_PER_HOUR; i++) {
      const res = await send('PATCH', `/api/auth/passkeys/${passkey.id}`, { cookie: person.cookie, payload: { name: `Name ${i}` } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await send('PATCH', `/api/auth/passkeys/${passkey.id}`, { cookie: person.cookie, payload: { name: 'One too many' } });
    expect(expectError(refused, 429, 'rate_limited').message).toBe(PASSKEY_TEXTS.tooManyChanges);
    expect((await list(person.cookie))[0]!.name).toBe(`Name ${PASSKEY_CHANGES_PER_HOUR - 1}`);
  });
});

describe('with LOCAL_ACCOUNTS=0', () => {
  it('turns passkey sign-in and registration off (the provider is the only way in), but still lists, renames and removes', async () => {
    const sso = await createTestApp({ PUBLIC_URL: APP_URL, LOCAL_ACCOUNTS: '0', OIDC_ISSUER_URL: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' });
    try {
      const person = await providerOnlyPerson(sso);
      const id = randomUUID();
      await sso.database.db.insert(passkeys).values({ id, userId: person.id, credentialId: `made-${id}`, publicKey: Buffer.from([1]), deviceType: 'singleDevice', name: 'Old key' });
      const inject = (method: Method, url: string, payload?: object) =>
        sso.app.inject({ method, url, remoteAddress: randomIp(), headers: { cookie: person.cookie }, ...(payload && { payload }) });
      const device = authenticator();
      device.create({ challenge: 'AAAA', rp: { name: 'x', id: RP_ID }, user: { id: 'AAAA', name: 'x', displayName: 'x' }, pubKeyCredParams: [] });
      expectError(await inject('POST', '/api/auth/passkeys/registration-options', {}), 403, 'sign_in_method_off');
      expectError(await inject('POST', '/api/auth/passkeys/authentication-options'), 403, 'sign_in_method_off');
      expectError(await inject('POST', '/api/auth/passkeys/authenticate', { response: device.get({ challenge: 'AAAA', rpId: RP_ID }) }), 403, 'sign_in_method_off');
      expect((await inject('GET', '/api/auth/passkeys')).json<{ passkeys: Passkey[] }>().passkeys.map((p) => p.name)).toEqual(['Old key']);
      expect((await inject('PATCH', `/api/auth/passkeys/${id}`, { name: 'Older key' })).statusCode).toBe(200);
      expect((await inject('DELETE', `/api/auth/passkeys/${id}`)).statusCode).toBe(204);
    } finally {
      await sso.close();
    }
  });
});
