// engines: both — one completion under concurrent calls
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '#shared/messaging.js';
import {
  COMPLETIONS_PER_HOUR,
  REVIEW_ERRORS,
  REVIEW_LIMIT_TEXTS,
  REVIEWS_PER_HOUR,
  type Completion,
  type RatingStats,
  type Review,
  type ReviewEligibility,
} from '#shared/reviews.js';
import type { BrowseResult, Service } from '#shared/services.js';
import { conversations, messages, reviews, serviceCompletions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { expectLimited, markEmailVerified, signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing, manyUsers } from '#test/helpers/listings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (app: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

/** A word no other test uses, so a search sees only this test's listing. */
const marker = () => `zq${randomBytes(4).toString('hex')}`;

async function converse(app: TestApp, cookie: string, serviceId: number): Promise<Conversation> {
  const res = await call(app, 'POST', '/api/conversations', cookie, { serviceId, message: 'Hello! Is Saturday morning free?' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Conversation>();
}

const reply = async (app: TestApp, cookie: string, conversationId: number) => {
  const res = await call(app, 'POST', `/api/conversations/${conversationId}/messages`, cookie, { content: 'Yes, Saturday at 10 works.' });
  expect(res.statusCode, res.body).toBe(201);
};

/**
 * An owner with a listing, and a customer who wrote about it. By default the owner answered (a job can only be
 * completed then) and the customer confirmed their address (reviews need that): decision 022.
 */
async function job(app: TestApp = t, listingOverrides: Record<string, unknown> = {}, options: { ownerReplies?: boolean; verified?: boolean } = {}) {
  const owner = await signUp(app.app);
  const customer = await signUp(app.app);
  const listing = await createListing(app, owner.cookie, listingOverrides);
  const conversation = await converse(app, customer.cookie, listing.id);
  if (options.ownerReplies ?? true) await reply(app, owner.cookie, conversation.id);
  if (options.verified ?? true) await markEmailVerified(app.database.db, customer.user.id);
  return { owner, customer, listing, conversation };
}

const complete = (who: string, serviceId: number, conversationId: number, app = t) => call(app, 'POST', `/api/services/${serviceId}/complete`, who, { conversationId });
const eligibility = async (who: SignedUp, serviceId: number) => {
  const res = await call(t, 'GET', `/api/services/${serviceId}/review-eligibility`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReviewEligibility>();
};
const review = (who: string, serviceId: number, payload: object, app = t) => call(app, 'POST', `/api/services/${serviceId}/reviews`, who, payload);
const stats = async (serviceId: number, app = t) => {
  const res = await call(app, 'GET', `/api/services/${serviceId}/rating-stats`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RatingStats>();
};

/** A job marked complete by the customer, with the completion. */
async function completedJob() {
  const setup = await job();
  const res = await complete(setup.customer.cookie, setup.listing.id, setup.conversation.id);
  expect(res.statusCode, res.body).toBe(201);
  return { ...setup, completion: res.json<Completion>() };
}

describe('marking a service complete', () => {
  it('lets either participant complete it once; a second call answers the same completion', async () => {
    const { owner, customer, listing, conversation } = await job();
    const first = await complete(customer.cookie, listing.id, conversation.id);
    expect(first.statusCode, first.body).toBe(201);
    const completion = first.json<Completion>();
    expect(completion).toMatchObject({ serviceId: listing.id, conversationId: conversation.id, completedBy: customer.user.id });
    const again = await complete(customer.cookie, listing.id, conversation.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(completion);
    const byOwner = await complete(owner.cookie, listing.id, conversation.id);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json<Completion>().id).toBe(completion.id);
    // Both people's conversation lists know it is complete, so 'Completed' survives a reload.
    for (const who of [owner, customer]) {
      const list = (await call(t, 'GET', '/api/conversations', who.cookie)).json<Conversation[]>();
      expect(list.find((c) => c.id === conversation.id)?.service).toEqual({
        id: listing.id,
        title: listing.title,
        userId: owner.user.id,
        deletedAt: null,
        completedAt: completion.createdAt,
      });
    }
  });

  it('answers one completion to concurrent calls', async () => {
    const { customer, listing, conversation } = await job();
    const answers = await Promise.all(Array.from({ length: 5 }, () => complete(customer.cookie, listing.id, conversation.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<Completion>().id)).size).toBe(1);
  });

  it('refuses a non-participant (403), a conversation about another listing (400), unknown ids (404), signed-out (401)', async () => {
    const { owner, customer, listing, conversation } = await job();
    const stranger = await signUp(t.app);
    const refused = await complete(stranger.cookie, listing.id, conversation.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not a participant in this conversation');
    const other = await createListing(t, owner.cookie);
    const wrong = await complete(customer.cookie, other.id, conversation.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This conversation is not about this service');
    expect((await complete(customer.cookie, 2_000_000_000, conversation.id)).statusCode).toBe(404);
    expect((await complete(customer.cookie, listing.id, 2_000_000_000)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/services/${listing.id}/complete`, customer.cookie, {})).statusCode).toBe(400);
    expect((await call(t, 'POST', `/api/services/${listing.id}/complete`, undefined, { conversationId: conversation.id })).statusCode).toBe(401);
  });

  it('refuses a deleted listing (409)', async () => {
    const { owner, customer, listing, conversation } = await job();
    expect((await call(t, 'DELETE', `/api/services/${listing.id}`, owner.cookie)).statusCode).toBe(200);
    const res = await complete(customer.cookie, listing.id, conversation.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This service has been deleted');
  });
});

describe('review eligibility', () => {
  it('is false before completion, true for the customer after it, false again once reviewed', async () => {
    const { customer, listing, conversation } = await job();
    expect(await eligibility(customer, listing.id)).toEqual({ canReview: false, completionId: null });
    const completion = (await complete(customer.cookie, listing.id, conversation.id)).json<Completion>();
    const res = await call(t, 'GET', `/api/services/${listing.id}/review-eligibility`, customer.cookie);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ canReview: true, completionId: completion.id });
    expect((await review(customer.cookie, listing.id, { rating: 5, serviceCompletionId: completion.id })).statusCode).toBe(201);
    expect(await eligibility(customer, listing.id)).toEqual({ canReview: false, completionId: null });
  });

  it('is never true for the owner, even after the owner completes it', async () => {
    const { owner, customer, listing, conversation } = await job();
    expect((await complete(owner.cookie, listing.id, conversation.id)).statusCode).toBe(201);
    expect(await eligibility(owner, listing.id)).toEqual({ canReview: false, completionId: null });
    expect((await eligibility(customer, listing.id)).canReview).toBe(true);
  });

  it('is false for someone who took no part, 401 signed out, 404 for an unknown listing', async () => {
    const { listing } = await completedJob();
    const stranger = await signUp(t.app);
    expect(await eligibility(stranger, listing.id)).toEqual({ canReview: false, completionId: null });
    expect((await call(t, 'GET', `/api/services/${listing.id}/review-eligibility`)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/services/2000000000/review-eligibility', stranger.cookie)).statusCode).toBe(404);
  });
});

describe('submitting a review', () => {
  it('stores the trimmed text and answers the Review shape; the list shows it newest first', async () => {
    const { owner, customer, listing, completion } = await completedJob();
    const res = await review(customer.cookie, listing.id, { rating: 4, reviewText: '  Punctual and patient.  ', serviceCompletionId: completion.id });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Review>();
    expect(created).toEqual({
      id: expect.any(Number),
      rating: 4,
      reviewText: 'Punctual and patient.',
      createdAt: expect.any(String),
      reviewer: { firstName: customer.user.firstName ?? null, lastName: customer.user.lastName ?? null, username: customer.user.username },
    });
    // A second customer of the same listing, later.
    const other = await signUp(t.app);
    await markEmailVerified(t.database.db, other.user.id);
    const conversation = await converse(t, other.cookie, listing.id);
    await reply(t, owner.cookie, conversation.id);
    const second = (await complete(other.cookie, listing.id, conversation.id)).json<Completion>();
    const blank = await review(other.cookie, listing.id, { rating: 2, reviewText: '   ', serviceCompletionId: second.id });
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json<Review>().reviewText).toBeNull();
    const list = await call(t, 'GET', `/api/services/${listing.id}/reviews`);
    expect(list.statusCode).toBe(200);
    expect(list.json<Review[]>().map((r) => r.id)).toEqual([blank.json<Review>().id, created.id]);
    expect(JSON.stringify(list.json())).not.toContain('@');
    expect((await call(t, 'GET', `/api/services/${listing.id}/reviews?limit=1`)).json<Review[]>()).toHaveLength(1);
    expect(await stats(listing.id)).toEqual({ averageRating: 3, reviewCount: 2 });
  });

  it('refuses a second review of the same completion (409)', async () => {
    const { customer, listing, completion } = await completedJob();
    expect((await review(customer.cookie, listing.id, { rating: 5, serviceCompletionId: completion.id })).statusCode).toBe(201);
    const again = await review(customer.cookie, listing.id, { rating: 1, serviceCompletionId: completion.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this service');
    expect(await stats(listing.id)).toEqual({ averageRating: 5, reviewCount: 1 });
  });

  it('refuses ratings outside 1–5 or not whole, text over 1,000 characters, and a missing completion id (400)', async () => {
    const { customer, listing, completion } = await completedJob();
    for (const rating of [0, 6, -1, 3.5, '4', null]) {
      const res = await review(customer.cookie, listing.id, { rating, serviceCompletionId: completion.id });
      expect(res.statusCode, `rating ${String(rating)}`).toBe(400);
      expect(res.json().message).toBe('Rating must be a whole number from 1 to 5');
    }
    const long = await review(customer.cookie, listing.id, { rating: 3, reviewText: 'x'.repeat(1001), serviceCompletionId: completion.id });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Review must be at most 1,000 characters');
    expect((await review(customer.cookie, listing.id, { rating: 3, reviewText: 'x'.repeat(1000), serviceCompletionId: completion.id })).statusCode).toBe(201);
    const missing = await review(customer.cookie, listing.id, { rating: 3 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('No completion ID available');
  });

  it('refuses the owner (403), someone else’s completion (403), another listing’s completion (400), an unknown one (404)', async () => {
    const { owner, customer, listing, completion } = await completedJob();
    const own = await review(owner.cookie, listing.id, { rating: 5, serviceCompletionId: completion.id });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot review your own service');
    const stranger = await signUp(t.app);
    const theirs = await review(stranger.cookie, listing.id, { rating: 5, serviceCompletionId: completion.id });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('Only the person who received this service can review it');
    const elsewhere = await completedJob();
    const wrong = await review(customer.cookie, listing.id, { rating: 5, serviceCompletionId: elsewhere.completion.id });
    expect(wrong.statusCode).toBe(400);
    expect((await review(customer.cookie, listing.id, { rating: 5, serviceCompletionId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await review('', listing.id, { rating: 5, serviceCompletionId: completion.id })).statusCode).toBe(401);
    expect(await stats(listing.id)).toEqual({ averageRating: null, reviewCount: 0 });
  });

  it('refuses a deleted listing (409)', async () => {
    const { owner, customer, listing, completion } = await completedJob();
    expect((await call(t, 'DELETE', `/api/services/${listing.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await review(customer.cookie, listing.id, { rating: 5, serviceCompletionId: completion.id })).statusCode).toBe(409);
  });
});

describe('earned reviews (decision 022)', () => {
  it("refuses to complete (409) until the listing's owner has written in the conversation, whoever asks; allowed once they have", async () => {
    const { owner, customer, listing, conversation } = await job(t, {}, { ownerReplies: false });
    // The customer writing more does not count: only the owner's answer shows there was a job.
    await reply(t, customer.cookie, conversation.id);
    for (const who of [customer, owner]) {
      const refused = await complete(who.cookie, listing.id, conversation.id);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe("The listing's owner has not replied in this conversation yet. A job can be marked complete once they have.");
    }
    const stored = await t.database.db.select().from(serviceCompletions).where(eq(serviceCompletions.conversationId, conversation.id));
    expect(stored).toEqual([]);
    expect(await eligibility(customer, listing.id)).toEqual({ canReview: false, completionId: null });

    await reply(t, owner.cookie, conversation.id);
    const allowed = await complete(customer.cookie, listing.id, conversation.id);
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await eligibility(customer, listing.id)).canReview).toBe(true);
  });

  it('a completion stored without an answer from the owner (before this rule) earns no review', async () => {
    const { customer, listing, conversation } = await job(t, {}, { ownerReplies: false });
    const [legacy] = await t.database.db
      .insert(serviceCompletions)
      .values({ serviceId: listing.id, conversationId: conversation.id, completedBy: customer.user.id })
      .returning();
    expect(await eligibility(customer, listing.id)).toEqual({ canReview: false, completionId: null });
    const refused = await review(customer.cookie, listing.id, { rating: 1, serviceCompletionId: legacy!.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REVIEW_ERRORS.ownerHasNotReplied);
    expect(await stats(listing.id)).toEqual({ averageRating: null, reviewCount: 0 });
  });

  it('refuses a review from an unconfirmed address (403) and stores nothing; the same review is accepted once confirmed', async () => {
    const { customer, listing, conversation } = await job(t, {}, { verified: false });
    const completion = (await complete(customer.cookie, listing.id, conversation.id)).json<Completion>();
    // Still eligible: the form asks them to confirm their address instead of disappearing.
    expect(await eligibility(customer, listing.id)).toEqual({ canReview: true, completionId: completion.id });
    const refused = await review(customer.cookie, listing.id, { rating: 5, reviewText: 'Amazing!', serviceCompletionId: completion.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Confirm your email address to write a review');
    expect(await stats(listing.id)).toEqual({ averageRating: null, reviewCount: 0 });
    expect((await call(t, 'GET', `/api/services/${listing.id}/reviews`)).json()).toEqual([]);

    await markEmailVerified(t.database.db, customer.user.id);
    const accepted = await review(customer.cookie, listing.id, { rating: 5, reviewText: 'Amazing!', serviceCompletionId: completion.id });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await stats(listing.id)).toEqual({ averageRating: 5, reviewCount: 1 });
  });
});

describe('rating statistics', () => {
  it('are public, null without reviews, and 404 for an unknown listing', async () => {
    const { listing } = await job();
    expect(await stats(listing.id)).toEqual({ averageRating: null, reviewCount: 0 });
    expect((await call(t, 'GET', `/api/services/${listing.id}/reviews`)).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/services/2000000000/rating-stats')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/services/2000000000/reviews')).statusCode).toBe(404);
  });

  it('are exact after 20 concurrent reviews from 20 completions, in the stats, the listing and browse', async () => {
    const tag = marker();
    const owner = await signUp(t.app);
    const listing = await createListing(t, owner.cookie, { title: `Garden help ${tag}` }, 'yard');
    const customers = await manyUsers(t, 20);
    const completions = await Promise.all(
      customers.map(async (cookie) => {
        const conversation = await converse(t, cookie, listing.id);
        await reply(t, owner.cookie, conversation.id);
        await markEmailVerified(t.database.db, conversation.participant1Id);
        const res = await complete(cookie, listing.id, conversation.id);
        expect(res.statusCode, res.body).toBe(201);
        return res.json<Completion>().id;
      }),
    );
    // An average that is not a whole number: 83 / 20 = 4.15, exact rather than rounded.
    const ratings = [5, 5, 4, 5, 3, 4, 5, 2, 4, 5, 5, 1, 4, 5, 5, 4, 5, 4, 3, 5];
    const answers = await Promise.all(customers.map((cookie, i) => review(cookie, listing.id, { rating: ratings[i], serviceCompletionId: completions[i] })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const sum = ratings.reduce((a, b) => a + b, 0);
    const expected = { averageRating: sum / 20, reviewCount: 20 };
    expect(await stats(listing.id)).toEqual(expected);
    const [counted] = await t.database.db
      .select({ n: sql<number>`count(*)::int`, s: sql<number>`sum(${reviews.rating})::int` })
      .from(reviews)
      .where(eq(reviews.serviceId, listing.id));
    expect(counted).toEqual({ n: 20, s: sum });
    expect((await call(t, 'GET', `/api/services/${listing.id}/reviews?limit=100`)).json<Review[]>()).toHaveLength(20);
    expect((await call(t, 'GET', `/api/services/${listing.id}`)).json<Service>()).toMatchObject(expected);
    const browsed = (await call(t, 'GET', `/api/services?search=${tag}`)).json<BrowseResult>();
    expect(browsed.services.find((s) => s.id === listing.id)).toMatchObject(expected);
    const signedIn = (await call(t, 'GET', `/api/services?search=${tag}`, owner.cookie)).json<BrowseResult>();
    expect(signedIn.services.find((s) => s.id === listing.id)).toMatchObject(expected);
  });
});

const completionsOf = async (conversationId: number) =>
  (await t.database.db.select().from(serviceCompletions).where(eq(serviceCompletions.conversationId, conversationId))).length;

describe('the completion and review budgets (decision 075)', () => {
  it(`allows ${COMPLETIONS_PER_HOUR} accepted completions an hour per person, then 429 with Retry-After, completing nothing`, async () => {
    const { customer, listing, conversation } = await job();
    // Refused attempts (an unknown conversation, someone else's listing) cost nothing.
    for (let i = 0; i < 5; i++) expect((await complete(customer.cookie, listing.id, 2_000_000_000)).statusCode).toBe(404);
    // A repeat answers the existing completion and is counted like the first: each is an accepted write.
    expect((await complete(customer.cookie, listing.id, conversation.id)).statusCode).toBe(201);
    for (let i = 1; i < COMPLETIONS_PER_HOUR; i++) expect((await complete(customer.cookie, listing.id, conversation.id)).statusCode).toBe(200);

    // A second job of the same customer, which would be completed but for the budget.
    const owner = await signUp(t.app);
    const other = await createListing(t, owner.cookie);
    const second = await converse(t, customer.cookie, other.id);
    await reply(t, owner.cookie, second.id);
    expectLimited(await complete(customer.cookie, other.id, second.id), REVIEW_LIMIT_TEXTS.tooManyCompletions);
    expect(await completionsOf(second.id)).toBe(0);
    expect((await call(t, 'GET', '/api/conversations', customer.cookie)).json<Conversation[]>().find((c) => c.id === second.id)?.service)
      .toMatchObject({ completedAt: null });

    // The other person of the job has a budget of their own.
    expect((await complete(owner.cookie, other.id, second.id)).statusCode).toBe(201);
    expect(await completionsOf(second.id)).toBe(1);
  });

  it(`allows ${REVIEWS_PER_HOUR} accepted reviews an hour per person, then 429 with Retry-After, storing nothing`, async () => {
    const owner = await signUp(t.app);
    const customer = await signUp(t.app);
    await markEmailVerified(t.database.db, customer.user.id);
    // The jobs written straight to the database, one listing each (one conversation per listing and writer): completing
    // 31 jobs through the API would spend the completion budget, which is not what is tested here.
    const jobs = [];
    for (let i = 0; i <= REVIEWS_PER_HOUR; i++) {
      const listing = await createListing(t, owner.cookie);
      const [conversation] = await t.database.db
        .insert(conversations)
        .values({ participant1Id: customer.user.id, participant2Id: owner.user.id, serviceId: listing.id })
        .returning();
      await t.database.db.insert(messages).values({ conversationId: conversation!.id, senderId: owner.user.id, content: 'Happy to help.' });
      const [completion] = await t.database.db
        .insert(serviceCompletions)
        .values({ serviceId: listing.id, conversationId: conversation!.id, completedBy: customer.user.id })
        .returning();
      jobs.push({ listing, completionId: completion!.id });
    }
    // Refused reviews (bad rating, someone else's completion, a second review) cost nothing.
    const first = jobs[0]!;
    expect((await review(customer.cookie, first.listing.id, { rating: 0, serviceCompletionId: first.completionId })).statusCode).toBe(400);
    expect((await review(customer.cookie, first.listing.id, { rating: 5, serviceCompletionId: jobs[1]!.completionId })).statusCode).toBe(400);
    expect((await review(customer.cookie, first.listing.id, { rating: 5, serviceCompletionId: first.completionId })).statusCode).toBe(201);
    expect((await review(customer.cookie, first.listing.id, { rating: 5, serviceCompletionId: first.completionId })).statusCode).toBe(409);
    for (const { listing, completionId } of jobs.slice(1, REVIEWS_PER_HOUR)) {
      const res = await review(customer.cookie, listing.id, { rating: 5, serviceCompletionId: completionId });
      expect(res.statusCode, res.body).toBe(201);
    }

    const last = jobs.at(-1)!;
    expectLimited(await review(customer.cookie, last.listing.id, { rating: 4, serviceCompletionId: last.completionId }), REVIEW_LIMIT_TEXTS.tooManyReviews);
    expect(await t.database.db.select().from(reviews).where(eq(reviews.completionId, last.completionId))).toEqual([]);
    expect(await stats(last.listing.id)).toEqual({ averageRating: null, reviewCount: 0 });
    // Asking is not writing: the customer may still review it once the hour is over.
    expect(await eligibility(customer, last.listing.id)).toEqual({ canReview: true, completionId: last.completionId });
  });
});

describe('with the signed-out page cache on', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ LISTINGS_CACHE_MS: '60000' });
  });
  afterAll(() => cached.close());

  it('a review shows at once on the cached browse page', async () => {
    const tag = marker();
    const { customer, listing, conversation } = await job(cached, { title: `Piano lessons ${tag}` });
    const page = async () => (await call(cached, 'GET', `/api/services?search=${tag}`)).json<BrowseResult>().services.find((s) => s.id === listing.id);
    expect(await page()).toMatchObject({ averageRating: null, reviewCount: 0 });
    const completion = (await complete(customer.cookie, listing.id, conversation.id, cached)).json<Completion>();
    expect((await review(customer.cookie, listing.id, { rating: 4, reviewText: 'Lovely', serviceCompletionId: completion.id }, cached)).statusCode).toBe(201);
    expect(await page()).toMatchObject({ averageRating: 4, reviewCount: 1 });
  });
});
