// engines: both — one read-only repeatable-read snapshot across every owner's tables, pictures read back from bytea, the per-day limit in each engine's store
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_FILES, DATA_EXPORT_TEXTS, DATA_EXPORTS_PER_DAY, dataExportFileName } from '#shared/data-export.js';
import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { call } from '#test/helpers/admin.js';
import { BAN_REASON, APPEAL_NOTE, type FullMember, MARKUP_TITLE, memberWhoDidEverything } from '#test/helpers/full-member.js';
import { PASSWORD, randomIp, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { providerOnlyPerson } from '#test/helpers/reauth.js';
import { knownDevices, passkeys, recoveryCodes, sessions, users } from '#server/db/schema.js';

/** The passkeys' ceremonies are bound to the app's address. */
const ORIGIN = 'http://market.test';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t?.close());

const exportData = (cookie: string | undefined, payload?: object | string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/export',
    remoteAddress: randomIp(),
    headers: { ...headers, ...(cookie && { cookie }) },
    ...(payload !== undefined && { payload }),
  });
/** As if every session of `userId` had begun `minutes` ago. */
const ageSessionsOf = (userId: string, minutes: number) =>
  t.database.db.update(sessions).set({ createdAt: sql`now() - ${minutes} * interval '1 minute'` }).where(eq(sessions.userId, userId));

type Archive = Record<string, Uint8Array>;
function unzipped(res: LightMyRequestResponse): Archive {
  expect(res.statusCode, res.statusCode === 200 ? '' : res.body).toBe(200);
  return unzipSync(new Uint8Array(res.rawPayload));
}
const json = <T = Record<string, unknown>>(archive: Archive, file: string): T => JSON.parse(strFromU8(archive[file]!)) as T;
/** Every text of the archive (JSON files and index.html), for what must never be in it. */
const allText = (archive: Archive) =>
  Object.entries(archive)
    .filter(([name]) => !name.startsWith('images/'))
    .map(([, bytes]) => strFromU8(bytes))
    .join('\n');
const expectError = (res: LightMyRequestResponse, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ message: expect.any(String), code });
};

describe('POST /api/account/export: what the archive holds', () => {
  let m: FullMember;
  let res: LightMyRequestResponse;
  let archive: Archive;
  beforeAll(async () => {
    m = await memberWhoDidEverything(t, admin, ORIGIN);
    res = await exportData(m.me.cookie);
    archive = unzipped(res);
  });

  it('answers a ZIP named for the day, as an attachment nobody may keep', () => {
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${dataExportFileName(new Date())}"`);
    expect(res.headers['content-disposition']).toMatch(/filename="marketplace-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('has index.html, every JSON file, and the pictures themselves, byte for byte', async () => {
    const pictures = [m.photo.id, m.unattached.id, m.avatarUrl.split('/').pop()!].map((id) => `images/${id}.webp`);
    expect(Object.keys(archive).sort()).toEqual(['index.html', ...DATA_EXPORT_FILES.map((f) => f.file), ...pictures].sort());
    const served = await call(t, 'GET', m.photo.url);
    expect(Buffer.from(archive[`images/${m.photo.id}.webp`]!).equals(served.rawPayload)).toBe(true);
  });

  it('holds the profile, the settings and the security of the account', () => {
    const { profile } = json<{ profile: Record<string, unknown> }>(archive, 'profile.json');
    expect(profile).toMatchObject({
      username: m.me.user.username,
      email: m.me.email,
      newEmailWaitingForConfirmation: m.pendingEmail,
      picture: `images/${m.avatarUrl.split('/').pop()}.webp`,
      pictureAddress: null,
      homeZip: '07042',
      emailNotifications: true,
      termsAccepted: true,
    });
    const security = json(archive, 'security.json');
    expect(security).toMatchObject({ hasPassword: true, twoStepSignIn: { on: true, since: expect.any(String), unusedRecoveryCodes: 10 } });
    const sessionList = security.sessions as Array<{ thisSession: boolean; signInMethod: string }>;
    expect(sessionList.length).toBeGreaterThanOrEqual(2);
    expect(sessionList.filter((s) => s.thisSession)).toHaveLength(1);
    expect(security.passkeys).toEqual([{ name: 'My laptop', kind: expect.any(String), backedUp: expect.any(Boolean), addedAt: expect.any(String), lastUsedAt: null }]);
    expect(security.identityProviders).toEqual([{ provider: 'https://id.example.org', linkedAt: expect.any(String), lastSignInAt: expect.any(String) }]);
    expect(security.emailedLinks).toEqual(expect.arrayContaining([expect.objectContaining({ purpose: 'change_email', sentTo: m.pendingEmail })]));
    expect((security.knownBrowsers as unknown[]).length).toBeGreaterThanOrEqual(1);
  });

  it('holds the listings with their pictures, the likes, the conversations with every message, completions and reviews', () => {
    const { listings, picturesNotInAListing } = json<{ listings: Array<Record<string, unknown>>; picturesNotInAListing: string[] }>(archive, 'listings.json');
    expect(listings.map((l) => l.title)).toEqual(['Algebra tutoring after school', MARKUP_TITLE]);
    expect(listings[0]).toMatchObject({ id: m.mine.id, pictures: [`images/${m.photo.id}.webp`], reviewCount: 1, averageRating: 5 });
    expect(picturesNotInAListing).toEqual([`images/${m.unattached.id}.webp`]);
    expect(json(archive, 'likes.json')).toEqual({ likes: [{ listingId: m.theirs.id, title: 'Dog walking on weekends', postedBy: m.neighbour.user.username, likedAt: expect.any(String) }] });

    const { conversations } = json<{ conversations: Array<{ id: number; with: string; messages: Array<{ from: string; text: string }> }> }>(archive, 'conversations.json');
    const byId = new Map(conversations.map((c) => [c.id, c]));
    expect(byId.get(m.chat.id)).toMatchObject({ with: m.neighbour.user.username, listing: { id: m.theirs.id, title: 'Dog walking on weekends' } });
    expect(byId.get(m.chat.id)!.messages.map((x) => [x.from, x.text])).toEqual([
      [DATA_EXPORT_TEXTS.you, 'Hello! Is Saturday morning free?'],
      [m.neighbour.user.username, 'Yes, 9 am works.'],
      [DATA_EXPORT_TEXTS.you, 'See you then!'],
    ]);
    expect(byId.get(m.inquiry.id)!.messages.map((x) => x.from)).toEqual([m.customer.user.username, DATA_EXPORT_TEXTS.you]);

    const { completions } = json<{ completions: Array<{ completedBy: string }> }>(archive, 'completions.json');
    expect(completions.map((c) => c.completedBy).sort()).toEqual([m.customer.user.username, m.neighbour.user.username].sort());
    expect(json(archive, 'reviews.json')).toEqual({
      listingReviewsWritten: [expect.objectContaining({ postedBy: m.neighbour.user.username, rating: 4, text: 'Punctual and kind.' })],
      listingReviewsReceived: [expect.objectContaining({ reviewer: m.customer.user.username, rating: 5, text: 'My son finally likes algebra.' })],
      memberReviewsWritten: [expect.objectContaining({ member: m.customer.user.username, rating: 4, text: 'Always on time.' })],
      memberReviewsReceived: [expect.objectContaining({ reviewer: m.neighbour.user.username, rating: 5, text: 'A pleasure to help.' })],
    });
  });

  it('holds the reports made and their outcome, blocks made, saved searches, the emails kept and the suspension with its appeal', () => {
    const { reports } = json<{ reports: Array<{ kind: string; outcome: string; about: Record<string, unknown> }> }>(archive, 'reports.json');
    expect(reports.map((r) => [r.kind, r.outcome])).toEqual([
      ['service', 'reviewed'],
      ['member', 'pending'],
      ['message', 'pending'],
    ]);
    expect(reports[1]!.about).toEqual({ member: m.stranger.user.username });
    expect(reports[2]!.about).toEqual({ messageId: expect.any(Number), conversationId: m.chat.id });
    expect(json(archive, 'blocks.json')).toEqual({ blocked: [{ member: m.stranger.user.username, blockedAt: expect.any(String) }] });
    expect(json(archive, 'saved-searches.json')).toEqual({ savedSearches: [expect.objectContaining({ name: 'Piano near home', words: 'piano', nearZip: '07042', radiusMiles: 5, alerts: 'daily' })] });

    const { emails } = json<{ emails: Array<{ kind: string; to: string; text: string }> }>(archive, 'emails.json');
    const kinds = emails.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['verify-email', 'account-suspended', 'appeal-lifted', 'change-email']));
    expect(emails.every((e) => [m.me.email, m.pendingEmail].includes(e.to))).toBe(true);
    expect(emails.some((e) => e.to === m.pendingEmail)).toBe(true);
    // Links still show where they went, but open nothing.
    const linked = emails.filter((e) => e.text.includes('token='));
    expect(linked.length).toBeGreaterThan(0);
    for (const e of linked) expect(e.text).not.toMatch(/token=(?!removed-after-sending)/);

    expect(json(archive, 'sanctions.json')).toEqual({
      suspensions: [
        {
          reason: BAN_REASON,
          suspendedAt: expect.any(String),
          liftedAt: expect.any(String),
          appeal: { message: 'I refunded everyone; it will not happen again.', sentAt: expect.any(String), outcome: 'lifted', note: APPEAL_NOTE, decidedAt: expect.any(String) },
        },
      ],
    });
  });

  it("never holds a secret of the account, another member's address, passkey keys, or the member who blocked them", async () => {
    const text = allText(archive);
    const me = m.me.user.id;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me));
    const secrets = [
      row!.passwordHash!,
      row!.totpSecret!,
      ...(await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, me))).map((s) => s.id),
      ...(await t.database.db.select({ hash: recoveryCodes.codeHash }).from(recoveryCodes).where(eq(recoveryCodes.userId, me))).map((r) => r.hash),
      ...(await t.database.db.select({ hash: knownDevices.deviceHash }).from(knownDevices).where(eq(knownDevices.userId, me))).map((d) => d.hash),
    ];
    // The session cookie's token (before its signature), of either session.
    for (const cookie of [m.me.cookie, m.secondCookie]) secrets.push(decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!);
    for (const key of await t.database.db.select({ credentialId: passkeys.credentialId, publicKey: passkeys.publicKey }).from(passkeys)) {
      secrets.push(key.credentialId, key.publicKey.toString('base64'), key.publicKey.toString('base64url'), key.publicKey.toString('hex'));
    }
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(text.includes(secret), `the archive holds ${secret.slice(0, 12)}…`).toBe(false);
    for (const address of [m.neighbour.email, m.customer.email, m.stranger.email, m.blocker.email, admin.email]) {
      expect(text.toLowerCase()).not.toContain(address.toLowerCase());
    }
    expect(text).not.toContain(m.blocker.user.username!);
    expect(text).not.toContain(m.oidcSubject);
    expect(text).not.toContain(m.neighbour.user.id);
  });

  it('index.html reads every part to a person, escapes everything and loads nothing from elsewhere', () => {
    const html = strFromU8(archive['index.html']!);
    for (const { title } of DATA_EXPORT_FILES) expect(html).toContain(`>${title}</h2>`);
    expect(html).toContain('Algebra tutoring after school');
    expect(html).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt; Piano help');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    const sources = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect(source.startsWith('#') || source in archive, source).toBe(true);
    // Addresses in the emails' text are words on the page, never loaded or linked.
    expect(html).not.toMatch(/url\(|@import/);
  });
});

describe('POST /api/account/export: who may, and how often', () => {
  it('needs a signed-in member (401), and a banned member is signed out (403 account_suspended)', async () => {
    expectError(await exportData(undefined), 401, 'unauthenticated');
    expectError(await exportData(undefined, { password: PASSWORD }), 401, 'unauthenticated');
    const member = await signUp(t.app);
    expect((await call(t, 'POST', `/api/admin/users/${member.user.id}/ban`, admin.cookie)).statusCode).toBe(200);
    expectError(await exportData(member.cookie, { password: member.password }), 403, 'account_suspended');
    expectError(await exportData(member.cookie), 401, 'unauthenticated');
  });

  it("answers only the member's own data: no field names anyone else", async () => {
    const [one, two] = await Promise.all([signUp(t.app), signUp(t.app)]);
    for (const payload of [{ userId: two.user.id }, { id: two.user.id }, { email: two.email }]) {
      expectError(await exportData(one.cookie, payload), 400, 'validation_failed');
    }
    const archive = unzipped(await exportData(one.cookie));
    expect(json(archive, 'profile.json')).toMatchObject({ profile: { email: one.email, username: one.user.username } });
    expect(allText(archive)).not.toContain(two.email);
  });

  it('asks a sign-in older than 10 minutes for the password again: none 403, a wrong one 400, the right one 200', async () => {
    const member = await signUp(t.app);
    await ageSessionsOf(member.user.id, 11);
    const stale = await exportData(member.cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ message: TWO_STEP_TEXTS.recentSignInRequired, code: 'recent_sign_in_required' });
    expectError(await exportData(member.cookie, {}), 403, 'recent_sign_in_required');
    const wrong = await exportData(member.cookie, { password: 'not my password at all' });
    expectError(wrong, 400, 'wrong_password');
    expect(wrong.json()).toMatchObject({ errors: { password: TWO_STEP_TEXTS.wrongPassword } });
    expect(json(unzipped(await exportData(member.cookie, { password: member.password })), 'profile.json')).toMatchObject({ profile: { email: member.email } });
  });

  it('asks an account without a password to sign in again once its sign-in is old', async () => {
    const person = await providerOnlyPerson(t);
    const me = (await call(t, 'GET', '/api/auth/user', person.cookie)).json<{ id: string }>();
    await ageSessionsOf(me.id, 11);
    expectError(await exportData(person.cookie), 403, 'recent_sign_in_required');
    expectError(await exportData(person.cookie, { password: 'anything at all' }), 400, 'wrong_password');
  });

  it(`allows ${DATA_EXPORTS_PER_DAY} archives a day (429 with Retry-After after that); refusals cost none`, async () => {
    const member = await signUp(t.app);
    await ageSessionsOf(member.user.id, 11);
    expectError(await exportData(member.cookie), 403, 'recent_sign_in_required');
    expectError(await exportData(member.cookie, { password: 'a wrong guess here' }), 400, 'wrong_password');
    for (let i = 0; i < DATA_EXPORTS_PER_DAY; i++) unzipped(await exportData(member.cookie, { password: member.password }));
    const fourth = await exportData(member.cookie, { password: member.password });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: DATA_EXPORT_TEXTS.tooMany, code: 'rate_limited' });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(60 * 60);
    // Another member's budget is their own.
    unzipped(await exportData((await signUp(t.app)).cookie));
  });

  it('takes no body, an empty one or {} alike, and refuses a body that is not what it asks', async () => {
    const member = await signUp(t.app);
    unzipped(await exportData(member.cookie));
    unzipped(await exportData(member.cookie, '', { 'content-type': 'application/json' }));
    unzipped(await exportData(member.cookie, {}));
    expectError(await exportData(member.cookie, { password: 12345678 }), 400, 'validation_failed');
    expectError(await exportData(member.cookie, { password: 'x'.repeat(201) }), 400, 'validation_failed');
    expectError(await exportData(member.cookie, '{"password":', { 'content-type': 'application/json' }), 400, 'invalid_json');
    expectError(await exportData(member.cookie, 'password=x', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    expectError(await exportData(member.cookie, {}, { origin: 'https://evil.example' }), 403, 'cross_origin');
  });

  it('lets someone who has not accepted the terms take their data', async () => {
    const undecided = await signUp(t.app, { acceptTerms: false });
    expect(json(unzipped(await exportData(undecided.cookie)), 'profile.json')).toMatchObject({ profile: { termsAccepted: false } });
  });
});
