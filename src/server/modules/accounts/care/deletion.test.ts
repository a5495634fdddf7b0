// engines: both — one large transaction, triggers and cascades
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, DELETED_USER_NAME } from '#shared/account.js';
import type { AdminConversationsPage, AdminMessagesPage, AdminReportsPage, AdminUser } from '#shared/admin.js';
import type { User } from '#shared/auth.js';
import type { Conversation, MessagePage } from '#shared/messaging.js';
import type { Completion, RatingStats, Review } from '#shared/reviews.js';
import type { Service, UploadedImage } from '#shared/services.js';
import { allPages, call, ok } from '#test/helpers/admin.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, randomIp, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { providerOnlyPerson, providerSession } from '#test/helpers/reauth.js';
import { createTestAppWithSmtp, type TestAppWithSmtp } from '#test/helpers/smtp.js';
import { solidPng } from '#test/support/images.js';
import { uploadFile } from '#test/support/multipart.js';
import { accountTokens, images, oidcIdentities, outbox, serviceLikes, services, sessions, users } from '#server/db/schema.js';

let t: TestAppWithSmtp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
});
afterAll(() => t?.close());

const deleteAccount = (cookie: string | undefined, payload?: object, app: TestApp = t) =>
  app.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const login = (who: SignedUp) => t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: randomIp(), payload: { email: who.email, password: who.password } });
const status = async (url: string, cookie?: string) => (await call(t, 'GET', url, cookie)).statusCode;
const listing = (id: number, cookie?: string) => ok<Service>(call(t, 'GET', `/api/services/${id}`, cookie));

async function upload(cookie: string): Promise<UploadedImage> {
  const res = await uploadFile(t.app, await solidPng(300, 200, '#884422'), { url: '/api/images', cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadedImage>();
}

async function setAvatar(cookie: string): Promise<string> {
  const res = await uploadFile(t.app, await solidPng(200, 200, '#224488'), { method: 'PUT', url: '/api/auth/avatar', cookie, fileName: 'me.png' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<User>().profileImageUrl!;
}

async function converse(cookie: string, serviceId: number, message = 'Hello! Is Saturday morning free?'): Promise<Conversation> {
  const res = await call(t, 'POST', '/api/conversations', cookie, { serviceId, message });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Conversation>();
}
const say = async (cookie: string, conversationId: number, content: string) => {
  const res = await call(t, 'POST', `/api/conversations/${conversationId}/messages`, cookie, { content });
  expect(res.statusCode, res.body).toBe(201);
};
const countOf = async (query: ReturnType<typeof sql>) => Number(((await t.database.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);

/**
 * The person who leaves, and the neighbourhood around them: their listing with a photo, a picture, a like and a
 * review on a neighbour's listing, a conversation with that neighbour, a customer's conversation about their
 * listing, and a report of the neighbour's listing.
 */
async function neighbourhood() {
  const leaver = await signUp(t.app);
  const neighbour = await signUp(t.app);
  const customer = await signUp(t.app);
  const fan = await signUp(t.app);

  const photo = await upload(leaver.cookie);
  const own = await createListing(t, leaver.cookie, { images: [photo.url] });
  const unclaimed = await upload(leaver.cookie);
  const avatar = await setAvatar(leaver.cookie);

  const theirs = await createListing(t, neighbour.cookie);
  const other = await createListing(t, neighbour.cookie);
  for (const who of [leaver, fan]) expect((await call(t, 'POST', `/api/services/${theirs.id}/like`, who.cookie)).statusCode).toBe(200);
  // A like on their own listing goes with the listing; it must not touch any other counter.
  expect((await call(t, 'POST', `/api/services/${own.id}/like`, leaver.cookie)).statusCode).toBe(200);

  const chat = await converse(leaver.cookie, theirs.id);
  await say(neighbour.cookie, chat.id, 'Yes, 9 am works.');
  await say(leaver.cookie, chat.id, 'See you then!');
  const completed = await call(t, 'POST', `/api/services/${theirs.id}/complete`, neighbour.cookie, { conversationId: chat.id });
  expect(completed.statusCode, completed.body).toBe(201);
  // Reviews need a confirmed address (decision 022).
  await markEmailVerified(t.database.db, leaver.user.id);
  const review = await call(t, 'POST', `/api/services/${theirs.id}/reviews`, leaver.cookie, {
    serviceCompletionId: completed.json<Completion>().id,
    rating: 4,
    reviewText: 'Punctual and kind.',
  });
  expect(review.statusCode, review.body).toBe(201);

  const inquiry = await converse(customer.cookie, own.id, 'Do you teach on Sundays?');
  await say(leaver.cookie, inquiry.id, 'Sometimes, ask me again on Friday.');

  const report = await call(t, 'POST', `/api/services/${other.id}/report`, leaver.cookie, { reason: 'misleading', description: 'The price changed twice.' });
  expect(report.statusCode, report.body).toBe(201);

  return { leaver, neighbour, customer, fan, photo, own, unclaimed, avatar, theirs, other, chat, inquiry };
}

describe('DELETE /api/auth/account', () => {
  it('removes the listings, likes and images, anonymises messages and reviews, and ends every way in', async () => {
    const n = await neighbourhood();
    const { leaver } = n;
    const before = { likes: (await listing(n.theirs.id)).likeCount, stats: await ok<RatingStats>(call(t, 'GET', `/api/services/${n.theirs.id}/rating-stats`)) };
    expect(before).toEqual({ likes: 2, stats: { averageRating: 4, reviewCount: 1 } });
    const usersBefore = (await ok<{ total: number }>(call(t, 'GET', '/api/admin/users', admin.cookie))).total;
    // A second device's session must end too.
    const secondSession = (await login(leaver)).cookies.find((c) => c.name === 'csm_session')!;
    expect(secondSession).toBeDefined();

    const res = await deleteAccount(leaver.cookie, { password: leaver.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });
    const cleared = res.cookies.find((c) => c.name === 'csm_session');
    expect(cleared?.value).toBe('');

    // Their listing and every image are gone for good.
    expect(await status(`/api/services/${n.own.id}`, n.customer.cookie)).toBe(404);
    for (const url of [n.photo.url, n.photo.cardUrl, n.unclaimed.url, n.avatar, `${n.avatar}/card`]) expect(await status(url)).toBe(404);
    expect(await t.database.db.select().from(images).where(eq(images.userId, leaver.user.id))).toEqual([]);
    expect(await t.database.db.select().from(services).where(eq(services.userId, leaver.user.id))).toEqual([]);

    // The neighbour's listing lost exactly their like, and kept their review and its rating.
    expect((await listing(n.theirs.id)).likeCount).toBe(1);
    expect(await t.database.db.select().from(serviceLikes).where(eq(serviceLikes.userId, leaver.user.id))).toEqual([]);
    expect(await ok<RatingStats>(call(t, 'GET', `/api/services/${n.theirs.id}/rating-stats`))).toEqual(before.stats);
    const reviews = await ok<Review[]>(call(t, 'GET', `/api/services/${n.theirs.id}/reviews`));
    expect(reviews).toEqual([expect.objectContaining({ rating: 4, reviewText: 'Punctual and kind.', reviewer: { firstName: null, lastName: null, username: DELETED_USER_NAME } })]);

    // The neighbour's conversation still opens with every message; the leaver reads 'Deleted user'.
    const list = await ok<Conversation[]>(call(t, 'GET', '/api/conversations', n.neighbour.cookie));
    const chat = list.find((c) => c.id === n.chat.id)!;
    expect(chat.participant1).toEqual({ id: leaver.user.id, username: DELETED_USER_NAME, firstName: null, lastName: null, profileImageUrl: null });
    expect(chat.participant2.username).toBe(n.neighbour.user.username);
    const page = await ok<MessagePage>(call(t, 'GET', `/api/conversations/${n.chat.id}/messages`, n.neighbour.cookie));
    expect(page.messages.map((m) => [m.fromUser.username, m.content])).toEqual([
      [DELETED_USER_NAME, 'Hello! Is Saturday morning free?'],
      [n.neighbour.user.username, 'Yes, 9 am works.'],
      [DELETED_USER_NAME, 'See you then!'],
    ]);

    // The customer's conversation about the removed listing stays, without the listing.
    const inquiry = (await ok<Conversation[]>(call(t, 'GET', '/api/conversations', n.customer.cookie))).find((c) => c.id === n.inquiry.id)!;
    expect(inquiry).toMatchObject({ service: null, participant2: { id: leaver.user.id, username: DELETED_USER_NAME } });
    expect((await ok<MessagePage>(call(t, 'GET', `/api/conversations/${n.inquiry.id}/messages`, n.customer.cookie))).messages).toHaveLength(2);

    // Nobody can write to them any more.
    for (const [who, id] of [
      [n.neighbour, n.chat.id],
      [n.customer, n.inquiry.id],
    ] as const) {
      const refused = await call(t, 'POST', `/api/conversations/${id}/messages`, who.cookie, { content: 'Are you still there?' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: ACCOUNT_MESSAGES.recipientDeleted, code: 'conflict' });
    }

    // Every session is over and nothing signs in: not the password, not the old address.
    expect(await status('/api/auth/user', leaver.cookie)).toBe(401);
    expect(await status('/api/auth/user', `csm_session=${secondSession.value}`)).toBe(401);
    expect((await login(leaver)).statusCode).toBe(401);

    // The row is a tombstone.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, leaver.user.id));
    expect(row).toMatchObject({
      email: null,
      username: null,
      pendingEmail: null,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      passwordHash: null,
      emailNotificationsEnabled: false,
      emailVerified: false,
      deletedAt: expect.any(Date),
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, leaver.user.id))).toEqual([]);
    expect(await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, leaver.user.id))).toEqual([]);

    // The confirmation went to the address they had.
    await t.app.mailer.flush();
    const mails = t.smtp.to(leaver.email).filter((m) => m.subject === 'Your account has been deleted');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('has been deleted');

    // The administrator: no tombstone in the user list or its total; 'Deleted user' in conversations, messages and reports.
    const { items, totals } = await allPages<AdminUser>(t, admin.cookie, '/api/admin/users', 'users', 100);
    expect(items.some((u) => u.id === leaver.user.id)).toBe(false);
    expect(totals[0]).toBe(usersBefore - 1);
    const conversations = await ok<AdminConversationsPage>(call(t, 'GET', '/api/admin/conversations?limit=100', admin.cookie));
    expect(conversations.conversations.find((c) => c.id === n.chat.id)?.participant1.username).toBe(DELETED_USER_NAME);
    const messages = await ok<AdminMessagesPage>(call(t, 'GET', `/api/admin/conversations/${n.chat.id}/messages`, admin.cookie));
    expect(messages.messages.map((m) => m.fromUser.username)).toEqual([DELETED_USER_NAME, n.neighbour.user.username, DELETED_USER_NAME]);
    const reports = await ok<AdminReportsPage>(call(t, 'GET', '/api/admin/reports?limit=100', admin.cookie));
    expect(reports.reports.find((r) => r.kind === 'service' && r.service.id === n.other.id)?.reporter).toEqual({ id: leaver.user.id, username: DELETED_USER_NAME, email: null });
    expect((await call(t, 'POST', `/api/admin/users/${leaver.user.id}/ban`, admin.cookie)).statusCode).toBe(404);
  });

  it('refuses a wrong or missing password (400 on the password field) and changes nothing', async () => {
    const person = await signUp(t.app);
    const own = await createListing(t, person.cookie);
    for (const [payload, message, code] of [
      [{ password: 'not my password at all' }, ACCOUNT_MESSAGES.wrongPassword, 'wrong_password'],
      [{}, ACCOUNT_MESSAGES.passwordRequired, 'validation_failed'],
      [undefined, ACCOUNT_MESSAGES.passwordRequired, 'validation_failed'],
      [{ confirmation: 'DELETE' }, ACCOUNT_MESSAGES.passwordRequired, 'validation_failed'],
    ] as const) {
      const res = await deleteAccount(person.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message, code, errors: { password: message } });
    }
    expect(await ok<User>(call(t, 'GET', '/api/auth/user', person.cookie))).toMatchObject({ id: person.user.id, email: person.email });
    expect((await listing(own.id)).id).toBe(own.id);
    expect((await login(person)).statusCode).toBe(200);
    expect(await countOf(sql`select count(*)::int as n from ${outbox} where ${outbox.toAddress} = ${person.email} and ${outbox.kind} = 'account-deleted'`)).toBe(0);
  });

  it('limits password guesses per account (429), and a guess spent is not a deletion', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '0.01' });
    try {
      const person = await signUp(strict.app);
      expect((await deleteAccount(person.cookie, { password: 'wrong guess number one' }, strict)).statusCode).toBe(400);
      const limited = await deleteAccount(person.cookie, { password: person.password }, strict);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await strict.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: person.cookie } })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('asks an account without a password for a fresh sign-in at its provider and the typed word, then deletes it with its OpenID Connect identity', async () => {
    const person = await providerOnlyPerson(t);
    const me = await ok<User>(call(t, 'GET', '/api/auth/user', person.cookie));
    expect(me).toMatchObject({ hasPassword: false, reauthenticatedUntil: null });
    await t.database.db.insert(oidcIdentities).values({ issuer: 'https://id.example.org', subject: randomUUID(), userId: me.id });
    // A session left open, or a sign-in at the provider longer ago than five minutes, is not enough (decision 016).
    for (const stale of [person.cookie, await providerSession(t, me.id, 6 * 60)]) {
      for (const payload of [{ confirmation: 'DELETE' }, {}]) {
        const res = await deleteAccount(stale, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(403);
        expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.reauthRequired, code: 'reauth_required' });
      }
    }
    expect(await status('/api/auth/user', person.cookie)).toBe(200);
    const cookie = await providerSession(t, me.id, 10);
    expect((await ok<User>(call(t, 'GET', '/api/auth/user', cookie))).reauthenticatedUntil).toEqual(expect.any(String));
    for (const payload of [{}, { confirmation: 'delete' }, { confirmation: 'DELETE IT' }, { password: 'anything' }]) {
      const res = await deleteAccount(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.deleteConfirmationRequired, code: 'validation_failed', errors: { confirmation: ACCOUNT_MESSAGES.deleteConfirmationRequired } });
    }
    const res = await deleteAccount(cookie, { confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, me.id))).toEqual([]);
    expect(await status('/api/auth/user', cookie)).toBe(401);
    expect(await countOf(sql`select count(*)::int as n from ${outbox} where ${outbox.toAddress} = ${me.email} and ${outbox.kind} = 'account-deleted'`)).toBe(1);
  });

  it('refuses the administrator (403) and changes nothing', async () => {
    const res = await deleteAccount(admin.cookie, { password: admin.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.adminCannotDelete, code: 'forbidden' });
    expect(await ok<User>(call(t, 'GET', '/api/auth/user', admin.cookie))).toMatchObject({ id: admin.user.id, isAdmin: true });
  });

  it('lets an account that holds an administrator address it never proved leave, freeing the address (decision 016)', async () => {
    const squatter = await createTestAppWithSmtp();
    try {
      const holder = await signUp(squatter.app, { email: ADMIN_EMAIL });
      expect(holder.user).toMatchObject({ isAdmin: false, emailVerified: false });
      const res = await deleteAccount(holder.cookie, { password: holder.password }, squatter);
      expect(res.statusCode, res.body).toBe(200);
      await signUpAdministrator(squatter.app, squatter.database.db, ADMIN_EMAIL);
    } finally {
      await squatter.close();
    }
  });

  it('needs a signed-in person (401), and lets someone who has not accepted the terms leave', async () => {
    expect((await deleteAccount(undefined, { confirmation: 'DELETE' })).statusCode).toBe(401);
    const undecided = await signUp(t.app, { acceptTerms: false });
    const res = await deleteAccount(undecided.cookie, { password: undecided.password });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('deletes once when two requests race: the other answers 401, never a 500', async () => {
    const person = await signUp(t.app);
    await createListing(t, person.cookie);
    const answers = await Promise.all([deleteAccount(person.cookie, { password: person.password }), deleteAccount(person.cookie, { password: person.password })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(await countOf(sql`select count(*)::int as n from ${outbox} where ${outbox.toAddress} = ${person.email} and ${outbox.kind} = 'account-deleted'`)).toBe(1);
  });

  it('frees the address: a new account may sign up with it', async () => {
    const person = await signUp(t.app);
    expect((await deleteAccount(person.cookie, { password: person.password })).statusCode).toBe(200);
    const again = await signUp(t.app, { email: person.email });
    expect(again.user.id).not.toBe(person.user.id);
  });
});
