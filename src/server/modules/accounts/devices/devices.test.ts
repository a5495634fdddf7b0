// engines: one
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, PASSWORD, randomIp, sessionCookieFrom, signUp, type SignedUp } from '#test/helpers/factories.js';
import { codeAt, enableTwoStep, pendingCookieFrom, STEP_MS } from '#test/helpers/two-step.js';
import { knownDevices, outbox, users } from '#server/db/schema.js';

const PUBLIC_URL = 'http://neighbours.example';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t?.close());

const deviceCookieFrom = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'csm_device');
const login = (email: string, options: { device?: string; userAgent?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': options.userAgent ?? FIREFOX_LINUX, ...(options.device && { cookie: `csm_device=${options.device}` }) },
    payload: { email, password: PASSWORD },
    remoteAddress: randomIp(),
  });
const newSignInEmails = (to: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, 'new-sign-in')));

/** A verified member, signed up from a browser whose device cookie is answered. */
async function verifiedMember(): Promise<SignedUp & { device: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'user-agent': FIREFOX_LINUX }, payload: { email: `dev-${Date.now()}-${Math.random()}@example.test`, password: PASSWORD }, remoteAddress: randomIp() });
  expect(res.statusCode, res.body).toBe(201);
  const device = deviceCookieFrom(res);
  expect(device).toBeDefined();
  const user = res.json<SignedUp['user']>();
  const cookie = sessionCookieFrom(res);
  const accepted = await t.app.inject({ method: 'PATCH', url: '/api/auth/terms-acceptance', headers: { cookie }, payload: { termsAccepted: true } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await markEmailVerified(t.database.db, user.id);
  return { user, email: user.email!, password: PASSWORD, cookie, device: device!.value };
}

describe('the new-device email', () => {
  it('is not sent for sign-up itself, nor for a sign-in from the browser the account knows', async () => {
    const person = await verifiedMember();
    const again = await login(person.email, { device: person.device });
    expect(again.statusCode).toBe(200);
    // The same cookie, renewed for another 400 days.
    expect(deviceCookieFrom(again)).toMatchObject({ value: person.device, maxAge: 400 * 24 * 60 * 60, httpOnly: true });
    expect(await newSignInEmails(person.email)).toHaveLength(0);
  });

  it("forgets the account's browsers unseen for 400 days at its next sign-in, and only that account's", async () => {
    const [person, other] = [await verifiedMember(), await verifiedMember()];
    const longAgo = new Date(Date.now() - 401 * 24 * 60 * 60 * 1000);
    const lately = new Date(Date.now() - 399 * 24 * 60 * 60 * 1000);
    await t.database.db.insert(knownDevices).values([
      { userId: person.user.id, deviceHash: 'stale', lastSeenAt: longAgo },
      { userId: person.user.id, deviceHash: 'recent', lastSeenAt: lately },
      { userId: other.user.id, deviceHash: 'stale', lastSeenAt: longAgo },
    ]);
    expect((await login(person.email, { device: person.device })).statusCode).toBe(200);
    const hashes = async (who: SignedUp) => (await t.database.db.select({ hash: knownDevices.deviceHash }).from(knownDevices).where(eq(knownDevices.userId, who.user.id))).map((r) => r.hash).sort();
    expect(await hashes(person)).toEqual([createHash('sha256').update(person.device).digest('base64url'), 'recent'].sort());
    expect(await hashes(other)).toContain('stale');
  });

  it('is sent once for a new browser, with the time, the browser and system and the sessions link; that browser is then known', async () => {
    const person = await verifiedMember();
    const res = await login(person.email, { userAgent: CHROME_MAC });
    expect(res.statusCode).toBe(200);
    const device = deviceCookieFrom(res);
    expect(device).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(device!.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);

    const mails = await newSignInEmails(person.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(TWO_STEP_TEXTS.newSignInSubject);
    expect(mail!.subject).toBe('New sign-in to your account');
    expect(mail!.text).toContain('Chrome 120 on macOS');
    expect(mail!.text).toContain(`${PUBLIC_URL}/profile#sessions`);
    expect(mail!.text).toMatch(/\d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2} UTC/);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/profile#sessions"`);

    // Only its SHA-256 is kept.
    const rows = await t.database.db.select().from(knownDevices).where(eq(knownDevices.userId, person.user.id));
    expect(rows.map((r) => r.deviceHash).sort()).toEqual(
      [person.device, device!.value].map((token) => createHash('sha256').update(token).digest('base64url')).sort(),
    );

    // Known now: no second email from it, nor from the sign-up browser.
    expect((await login(person.email, { device: device!.value, userAgent: CHROME_MAC })).statusCode).toBe(200);
    expect((await login(person.email, { device: person.device })).statusCode).toBe(200);
    expect(await newSignInEmails(person.email)).toHaveLength(1);
  });

  it("is sent for a browser known to another account only, and a made-up device cookie counts as none", async () => {
    const first = await verifiedMember();
    const second = await verifiedMember();
    expect((await login(second.email, { device: first.device })).statusCode).toBe(200);
    expect(await newSignInEmails(second.email)).toHaveLength(1);
    const forged = await login(second.email, { device: 'not a device token' });
    expect(deviceCookieFrom(forged)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await newSignInEmails(second.email)).toHaveLength(2);
    expect(await newSignInEmails(first.email)).toHaveLength(0);
  });

  it('is not sent to an unverified address, but the browser is recorded', async () => {
    const person = await signUp(t.app);
    const res = await login(person.email);
    expect(res.statusCode).toBe(200);
    expect(await newSignInEmails(person.email)).toHaveLength(0);
    const rows = await t.database.db.select().from(knownDevices).where(eq(knownDevices.userId, person.user.id));
    expect(rows).toHaveLength(2);
  });

  it('is sent after the second step of a two-step sign-in, not after the first', async () => {
    const person = await verifiedMember();
    const signedIn = await login(person.email, { device: person.device });
    const cookie = signedIn.cookies.find((c) => c.name === 'csm_session')!;
    const { secret } = await enableTwoStep(t.app, `csm_session=${cookie.value}`);
    const first = await login(person.email);
    expect(first.json()).toEqual({ secondFactorRequired: true, methods: ['code'] });
    expect(deviceCookieFrom(first)).toBeUndefined();
    expect(await newSignInEmails(person.email)).toHaveLength(0);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/second-factor',
      headers: { cookie: pendingCookieFrom(first), 'user-agent': FIREFOX_LINUX },
      payload: { code: codeAt(secret, Date.now() + STEP_MS) },
      remoteAddress: randomIp(),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(deviceCookieFrom(second)).toBeDefined();
    expect(await newSignInEmails(person.email)).toHaveLength(1);
  });

  it('goes, with the known browsers, when the account is deleted', async () => {
    const person = await verifiedMember();
    const signedIn = await login(person.email, { device: person.device });
    const cookie = `csm_session=${signedIn.cookies.find((c) => c.name === 'csm_session')!.value}`;
    await enableTwoStep(t.app, cookie);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie }, payload: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(knownDevices).where(eq(knownDevices.userId, person.user.id))).toHaveLength(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null });
  });
});
