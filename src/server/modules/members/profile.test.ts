// engines: both — a member's figures in one SQL statement
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberProfile } from '#shared/members.js';
import type { Conversation } from '#shared/messaging.js';
import { conversations, messages, users } from '../../db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (username: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(username)}`, headers: cookie ? { cookie } : {} });
const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

/**
 * A neighbour writes to the member about their listing `hoursAgo` hours ago; the member answers `replyAfterMinutes`
 * later (or never). The times are set in the database: the figure is about the past.
 */
async function startedConversation(member: SignedUp, listingId: number, hoursAgo: number, replyAfterMinutes: number | null): Promise<number> {
  const neighbour = await signUp(t.app);
  const started = await call('POST', '/api/conversations', neighbour.cookie, { serviceId: listingId, message: 'Hello, are you free?', sendCopyToSender: false });
  expect(started.statusCode, started.body).toBe(201);
  const id = started.json<Conversation>().id;
  const at = sql`now() - make_interval(hours => ${hoursAgo})`;
  await t.database.db.update(conversations).set({ createdAt: at }).where(eq(conversations.id, id));
  await t.database.db.update(messages).set({ createdAt: at }).where(eq(messages.conversationId, id));
  if (replyAfterMinutes !== null) {
    expect((await call('POST', `/api/conversations/${id}/messages`, member.cookie, { content: 'Yes, I am.' })).statusCode).toBe(201);
    await t.database.db
      .update(messages)
      .set({ createdAt: sql`now() - make_interval(hours => ${hoursAgo}) + make_interval(mins => ${replyAfterMinutes})` })
      .where(and(eq(messages.conversationId, id), eq(messages.senderId, member.user.id)));
  }
  return id;
}

describe('a member page', () => {
  it('answers who the member is, their figures and their response to others, never their email address', async () => {
    const member = await signUp(t.app, { username: `helper_${Date.now().toString(36)}` });
    await markEmailVerified(t.database.db, member.user.id);
    await t.database.db.update(users).set({ firstName: 'Rosa' }).where(eq(users.id, member.user.id));
    const listing = await createListing(t, member.cookie);
    await createListing(t, member.cookie);
    const paused = await createListing(t, member.cookie);
    const pause = await t.app.inject({ method: 'PUT', url: `/api/services/${paused.id}`, headers: { cookie: member.cookie }, payload: { ...paused, images: [], isActive: false } });
    expect(pause.statusCode, pause.body).toBe(200);

    // Two conversations answered within the hour, one after 30 hours, one never: 4 in all, 2 within a day,
    // median first reply 50 minutes (of 10, 50 and 1,800).
    await startedConversation(member, listing.id, 48, 10);
    await startedConversation(member, listing.id, 40, 50);
    await startedConversation(member, listing.id, 72, 30 * 60);
    await startedConversation(member, listing.id, 30, null);
    // Not counted: older than 90 days; started by the member; the team's.
    await startedConversation(member, listing.id, 24 * 91, 5);

    const res = await profile(member.user.username!.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MemberProfile>()).toEqual({
      id: member.user.id,
      username: member.user.username,
      firstName: 'Rosa',
      profileImageUrl: null,
      memberSince: member.user.createdAt,
      emailVerified: true,
      activeListings: 2,
      completedJobs: 0,
      rating: { averageRating: null, reviewCount: 0 },
      memberRating: { averageRating: null, reviewCount: 0 },
      response: { conversations: 4, repliedWithinDay: 0.5, medianFirstReplyMinutes: 50 },
      blockedByYou: false,
    });
    expect(res.body).not.toContain(member.email);
  });

  it('shows no response figure below three conversations, and tells a signed-in reader their own block', async () => {
    const member = await signUp(t.app);
    const listing = await createListing(t, member.cookie);
    await startedConversation(member, listing.id, 5, 1);
    await startedConversation(member, listing.id, 6, 2);
    const reader = await signUp(t.app);
    expect((await profile(member.user.username!, reader.cookie)).json<MemberProfile>()).toMatchObject({ response: null, blockedByYou: false, activeListings: 1 });
    await call('POST', `/api/users/${member.user.id}/block`, reader.cookie);
    expect((await profile(member.user.username!, reader.cookie)).json<MemberProfile>().blockedByYou).toBe(true);
    // The blocked member reading the blocker's page learns nothing of it.
    expect((await profile(reader.user.username!, member.cookie)).json<MemberProfile>().blockedByYou).toBe(false);
  });

  it('is not found for an unknown, a deleted or a banned member, and refuses an overlong name (400)', async () => {
    expect((await profile('nobody_by_this_name')).statusCode).toBe(404);
    const banned = await signUp(t.app);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user.id));
    const res = await profile(banned.user.username!);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Member not found', code: 'not_found' });
    const leaver = await signUp(t.app);
    const name = leaver.user.username!;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie: leaver.cookie }, payload: { password: leaver.password } })).statusCode).toBe(200);
    expect((await profile(name)).statusCode).toBe(404);
    expect((await profile('x'.repeat(101))).statusCode).toBe(414);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/%00' })).statusCode).toBe(400);
  });

  it("counts completed jobs and the rating of the member's listings", async () => {
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const customer = await signUp(t.app);
    await markEmailVerified(t.database.db, customer.user.id);
    const conversation = (await call('POST', '/api/conversations', customer.cookie, { serviceId: listing.id, message: 'Hi!', sendCopyToSender: false })).json<Conversation>();
    await call('POST', `/api/conversations/${conversation.id}/messages`, owner.cookie, { content: 'Hello!' });
    const completion = await call('POST', `/api/services/${listing.id}/complete`, customer.cookie, { conversationId: conversation.id });
    expect(completion.statusCode, completion.body).toBeLessThan(300);
    const review = await call('POST', `/api/services/${listing.id}/reviews`, customer.cookie, { rating: 4, reviewText: 'Good', serviceCompletionId: completion.json<{ id: number }>().id });
    expect(review.statusCode, review.body).toBe(201);
    expect((await profile(owner.user.username!)).json<MemberProfile>()).toMatchObject({ completedJobs: 1, rating: { averageRating: 4, reviewCount: 1 } });
    const received = await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.username}/reviews?limit=1` });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toEqual({
      reviews: [
        {
          id: review.json<{ id: number }>().id,
          rating: 4,
          reviewText: 'Good',
          createdAt: expect.any(String),
          reviewer: { firstName: null, lastName: null, username: customer.user.username },
          service: { id: listing.id, title: listing.title },
        },
      ],
      nextCursor: null,
    });
    // The reviewer received none; an unknown member and a forged cursor are refused.
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${customer.user.username}/reviews` })).json()).toEqual({ reviews: [], nextCursor: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/nobody_by_this_name/reviews' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.username}/reviews?cursor=abc` })).statusCode).toBe(400);
    // An administrator's page is a member page like any other.
    const admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
    expect((await profile(admin.user.username!)).statusCode).toBe(200);
  });
});

describe("a member's listings", () => {
  it('pages their public listings newest first, leaves out paused and deleted ones, and follows the reader’s blocks', async () => {
    const member = await signUp(t.app);
    const [first, second, third] = [await createListing(t, member.cookie), await createListing(t, member.cookie), await createListing(t, member.cookie)];
    await t.app.inject({ method: 'DELETE', url: `/api/services/${second.id}`, headers: { cookie: member.cookie } });
    await createListing(t, (await signUp(t.app)).cookie);
    const url = `/api/users/${member.user.username}/services`;
    const page1 = (await t.app.inject({ method: 'GET', url: `${url}?limit=1` })).json<{ services: Array<{ id: number }>; nextCursor: string }>();
    expect(page1.services.map((s) => s.id)).toEqual([third.id]);
    const page2 = (await t.app.inject({ method: 'GET', url: `${url}?limit=1&cursor=${page1.nextCursor}` })).json<{ services: Array<{ id: number }>; nextCursor: string | null }>();
    expect(page2).toEqual({ services: [expect.objectContaining({ id: first.id })], nextCursor: null });

    const reader = await signUp(t.app);
    await call('POST', `/api/users/${member.user.id}/block`, reader.cookie);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: reader.cookie } })).json<{ services: unknown[] }>().services).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/nobody_by_this_name/services' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}?limit=51` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${url}?cursor=forged` })).statusCode).toBe(400);
  });
});
