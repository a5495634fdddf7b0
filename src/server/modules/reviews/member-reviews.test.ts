// engines: both — eligibility and averages in SQL
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TEXTS, type MemberProfile } from '#shared/members.js';
import type { Conversation } from '#shared/messaging.js';
import {
  MEMBER_REVIEW_TEXTS,
  MEMBER_REVIEWS_PER_HOUR,
  REVIEW_ERRORS,
  type Completion,
  type MemberReview,
  type ReceivedReviewsPage,
  type ReviewEligibility,
} from '#shared/reviews.js';
import { conversations, memberReviews, messages, serviceCompletions, users } from '../../db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

/** Reviews both ways (decision 048): the listing's owner reviews the neighbour they dealt with. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined && { payload: payload as object }) });

const eligibilityOf = (who: SignedUp | undefined, memberId: string) => call('GET', `/api/users/${memberId}/review-eligibility`, who?.cookie);
const eligibility = async (who: SignedUp, memberId: string) => {
  const res = await eligibilityOf(who, memberId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReviewEligibility>();
};
const reviewMember = (who: SignedUp | undefined, memberId: string, payload: unknown) => call('POST', `/api/users/${memberId}/reviews`, who?.cookie, payload);
const memberReviewsPage = (username: string, query = '') => call('GET', `/api/users/${username}/reviews?about=member${query}`);
const notEligible: ReviewEligibility = { canReview: false, completionId: null };

/** Member reviews stored about `memberId`: a refusal writes none. */
async function storedAbout(memberId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(memberReviews).where(eq(memberReviews.memberId, memberId));
  return row?.n ?? 0;
}

async function converse(customer: SignedUp, serviceId: number): Promise<Conversation> {
  const res = await call('POST', '/api/conversations', customer.cookie, { serviceId, message: 'Hello! Could you walk my dog on Saturday?', sendCopyToSender: false });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Conversation>();
}

async function write(who: SignedUp, conversationId: number, content = 'Yes, Saturday at 10 works.') {
  const res = await call('POST', `/api/conversations/${conversationId}/messages`, who.cookie, { content });
  expect(res.statusCode, res.body).toBe(201);
}

async function complete(who: SignedUp, serviceId: number, conversationId: number): Promise<Completion> {
  const res = await call('POST', `/api/services/${serviceId}/complete`, who.cookie, { conversationId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Completion>();
}

/**
 * A job done: an owner with a listing, a customer who wrote about it, the owner's answer, and the completion. The
 * owner's address is confirmed unless `verified` is false (a review needs it, decision 022).
 */
async function completedJob(options: { owner?: SignedUp; customer?: SignedUp; verified?: boolean } = {}) {
  const owner = options.owner ?? (await signUp(t.app));
  const customer = options.customer ?? (await signUp(t.app));
  if (options.verified ?? true) await markEmailVerified(t.database.db, owner.user.id);
  const listing = await createListing(t, owner.cookie);
  const conversation = await converse(customer, listing.id);
  await write(owner, conversation.id);
  const completion = await complete(customer, listing.id, conversation.id);
  return { owner, customer, listing, conversation, completion };
}

/** `owner` reviews `customer` on one job. */
const reviewOf = (owner: SignedUp, customer: SignedUp, completionId: number, rating = 5, reviewText?: string) =>
  reviewMember(owner, customer.user.id, { rating, completionId, ...(reviewText !== undefined && { reviewText }) });

let theAdmin: SignedUp | undefined;
/** The administrator, signed up once for the file. */
const administrator = async () => (theAdmin ??= await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL));

describe('reviewing the person you helped: the owner after a completion', () => {
  it('is eligible once the job is complete, reviews once (201), then is no longer eligible and a second review is refused (409)', async () => {
    const owner = await signUp(t.app);
    await markEmailVerified(t.database.db, owner.user.id);
    const customer = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const conversation = await converse(customer, listing.id);
    await write(owner, conversation.id);
    // Talking is not a job: nothing to review before the completion.
    expect(await eligibility(owner, customer.user.id)).toEqual(notEligible);
    const completion = await complete(owner, listing.id, conversation.id);

    const res = await eligibilityOf(owner, customer.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ canReview: true, completionId: completion.id });

    const created = await reviewOf(owner, customer, completion.id, 4, '  Clear instructions, and the dog was ready.  ');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      rating: 4,
      reviewText: 'Clear instructions, and the dog was ready.',
      createdAt: expect.any(String),
      reviewer: { firstName: null, lastName: null, username: owner.user.username },
      service: { id: listing.id, title: listing.title },
    });
    expect(created.body).not.toContain(owner.email);

    expect(await eligibility(owner, customer.user.id)).toEqual(notEligible);
    const again = await reviewOf(owner, customer, completion.id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MEMBER_REVIEW_TEXTS.alreadyReviewed, code: 'already_reviewed' });
    expect(await storedAbout(customer.user.id)).toBe(1);
  });

  it('answers the oldest job not reviewed yet, whether the listing is paused or deleted; a blank text is no text', async () => {
    const first = await completedJob();
    const { owner, customer } = first;
    const second = await completedJob({ owner, customer });
    // The person is reviewed, not the listing: pausing or deleting it changes nothing.
    const pause = await call('PUT', `/api/services/${first.listing.id}`, owner.cookie, { ...first.listing, images: [], isActive: false });
    expect(pause.statusCode, pause.body).toBe(200);
    expect((await call('DELETE', `/api/services/${second.listing.id}`, owner.cookie)).statusCode).toBe(200);

    expect(await eligibility(owner, customer.user.id)).toEqual({ canReview: true, completionId: first.completion.id });
    const blank = await reviewOf(owner, customer, first.completion.id, 5, '   ');
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json<MemberReview>().reviewText).toBeNull();
    expect(await eligibility(owner, customer.user.id)).toEqual({ canReview: true, completionId: second.completion.id });
    expect((await reviewOf(owner, customer, second.completion.id, 3)).statusCode).toBe(201);
    expect(await eligibility(owner, customer.user.id)).toEqual(notEligible);
  });

  it('gives one review to concurrent posts of the same job', async () => {
    const { owner, customer, completion } = await completedJob();
    const answers = await Promise.all(Array.from({ length: 5 }, () => reviewOf(owner, customer, completion.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await storedAbout(customer.user.id)).toBe(1);
  });

  it('needs a confirmed address (403 email_not_verified, nothing written) but stays eligible meanwhile', async () => {
    const { owner, customer, completion } = await completedJob({ verified: false });
    expect(await eligibility(owner, customer.user.id)).toEqual({ canReview: true, completionId: completion.id });
    const refused = await reviewOf(owner, customer, completion.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: REVIEW_ERRORS.emailNotVerified, code: 'email_not_verified' });
    expect(await storedAbout(customer.user.id)).toBe(0);
    await markEmailVerified(t.database.db, owner.user.id);
    expect((await reviewOf(owner, customer, completion.id)).statusCode).toBe(201);
  });

  it('earns no review for a job in which the owner never wrote (a completion from before decision 022)', async () => {
    const owner = await signUp(t.app);
    await markEmailVerified(t.database.db, owner.user.id);
    const customer = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const conversation = await converse(customer, listing.id);
    const [legacy] = await t.database.db
      .insert(serviceCompletions)
      .values({ serviceId: listing.id, conversationId: conversation.id, completedBy: customer.user.id })
      .returning();
    expect(await eligibility(owner, customer.user.id)).toEqual(notEligible);
    const refused = await reviewOf(owner, customer, legacy!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MEMBER_REVIEW_TEXTS.ownerHasNotWritten, code: 'no_reply_yet' });
    expect(await storedAbout(customer.user.id)).toBe(0);
  });
});

describe('who may review whom', () => {
  it('refuses anonymous callers (401) before reading anything', async () => {
    const { customer, completion } = await completedJob();
    for (const res of [await eligibilityOf(undefined, customer.user.id), await reviewMember(undefined, customer.user.id, { rating: 5, completionId: completion.id })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
    // Even with a body that would be refused: who asks comes first.
    expect((await reviewMember(undefined, customer.user.id, { rating: 9 })).statusCode).toBe(401);
    expect(await storedAbout(customer.user.id)).toBe(0);
  });

  it('finds nothing to review between members who had no job together (403 on a post)', async () => {
    const { completion } = await completedJob();
    const [me, other] = [await signUp(t.app), await signUp(t.app)];
    await markEmailVerified(t.database.db, me.user.id);
    expect(await eligibility(me, other.user.id)).toEqual(notEligible);
    const res = await reviewMember(me, other.user.id, { rating: 5, completionId: completion.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MEMBER_REVIEW_TEXTS.notBetweenYou, code: 'forbidden' });
    expect(await storedAbout(other.user.id)).toBe(0);
  });

  it('refuses the customer reviewing the owner through these endpoints (403): they review the listing instead', async () => {
    const { owner, customer, completion } = await completedJob();
    await markEmailVerified(t.database.db, customer.user.id);
    expect(await eligibility(customer, owner.user.id)).toEqual(notEligible);
    const res = await reviewMember(customer, owner.user.id, { rating: 1, completionId: completion.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MEMBER_REVIEW_TEXTS.ownerOnly, code: 'forbidden' });
    expect(await storedAbout(owner.user.id)).toBe(0);
  });

  it("refuses someone else's completion (403), whoever it names, and an unknown completion (404)", async () => {
    const { owner, customer, completion } = await completedJob();
    const other = await completedJob();
    // Another owner, naming the customer of a job they had no part in.
    const stranger = await reviewMember(other.owner, customer.user.id, { rating: 1, completionId: completion.id });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(MEMBER_REVIEW_TEXTS.notBetweenYou);
    // The owner, naming someone who was not in that job.
    const wrongMember = await reviewMember(owner, other.customer.user.id, { rating: 1, completionId: completion.id });
    expect(wrongMember.statusCode).toBe(403);
    expect(wrongMember.json().message).toBe(MEMBER_REVIEW_TEXTS.notBetweenYou);
    // The owner, with the right member but another owner's job with them.
    const theirJob = await reviewMember(owner, other.customer.user.id, { rating: 1, completionId: other.completion.id });
    expect(theirJob.statusCode).toBe(403);
    const unknown = await reviewMember(owner, customer.user.id, { rating: 5, completionId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: REVIEW_ERRORS.completionNotFound, code: 'not_found' });
    expect(await storedAbout(customer.user.id)).toBe(0);
    expect(await storedAbout(other.customer.user.id)).toBe(0);
  });

  it('gives an administrator who took no part nothing to review (403)', async () => {
    const { customer, completion } = await completedJob();
    const admin = await administrator();
    expect(await eligibility(admin, customer.user.id)).toEqual(notEligible);
    const res = await reviewMember(admin, customer.user.id, { rating: 5, completionId: completion.id });
    expect(res.statusCode).toBe(403);
    expect(await storedAbout(customer.user.id)).toBe(0);
  });

  it('refuses a banned owner: their session is refused (403 account_suspended), then gone (401)', async () => {
    const { owner, customer, completion } = await completedJob();
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, owner.user.id));
    const refused = await reviewOf(owner, customer, completion.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_suspended' });
    expect((await eligibilityOf(owner, customer.user.id)).statusCode).toBe(401);
    expect(await storedAbout(customer.user.id)).toBe(0);
  });

  it('refuses reviewing yourself (400), and an unknown, deleted or banned member (404 as their page)', async () => {
    const { owner, customer, completion } = await completedJob();
    for (const res of [await eligibilityOf(owner, owner.user.id), await reviewMember(owner, owner.user.id, { rating: 5, completionId: completion.id })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MEMBER_REVIEW_TEXTS.cannotReviewSelf, code: 'bad_request' });
    }
    const notFound = { message: BLOCK_TEXTS.memberNotFound, code: 'not_found' };
    for (const id of [randomUUID(), '%20']) {
      expect((await eligibilityOf(owner, id)).json()).toEqual(notFound);
      expect((await reviewMember(owner, id, { rating: 5, completionId: completion.id })).statusCode).toBe(404);
    }

    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, customer.user.id));
    expect((await eligibilityOf(owner, customer.user.id)).statusCode).toBe(404);
    const banned = await reviewOf(owner, customer, completion.id);
    expect(banned.statusCode).toBe(404);
    expect(banned.json()).toEqual(notFound);
    await t.database.db.update(users).set({ isBanned: false }).where(eq(users.id, customer.user.id));

    expect((await call('DELETE', '/api/auth/account', customer.cookie, { password: customer.password })).statusCode).toBe(200);
    expect((await eligibilityOf(owner, customer.user.id)).statusCode).toBe(404);
    expect((await reviewOf(owner, customer, completion.id)).statusCode).toBe(404);
    expect(await storedAbout(customer.user.id)).toBe(0);
  });

  it('refuses a malformed member id (400) or one longer than any id (414), as the other member routes do', async () => {
    const { owner, completion } = await completedJob();
    expect((await eligibilityOf(owner, '%00')).statusCode).toBe(400);
    expect((await reviewMember(owner, '%00', { rating: 5, completionId: completion.id })).statusCode).toBe(400);
    expect((await eligibilityOf(owner, 'x'.repeat(101))).statusCode).toBe(414);
  });
});

describe('what a member review may say', () => {
  it('refuses ratings outside 1–5 or not whole, a missing or wrong completion id, and text over 1,000 characters (400), writing nothing', async () => {
    const { owner, customer, completion } = await completedJob();
    const refused = async (payload: unknown, field: string, message: string) => {
      const res = await reviewMember(owner, customer.user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ message, code: 'validation_failed', errors: { [field]: message } });
    };
    for (const rating of [0, 6, -1, 2.5, '4', null, undefined]) await refused({ rating, completionId: completion.id }, 'rating', 'Rating must be a whole number from 1 to 5');
    for (const completionId of [undefined, 'abc', '7', -1, 0, 1.5, 2_147_483_648, 1e20, null]) {
      await refused({ rating: 5, completionId }, 'completionId', 'No completion ID available');
    }
    await refused({ rating: 5, completionId: completion.id, reviewText: 'x'.repeat(1001) }, 'reviewText', 'Review must be at most 1,000 characters');
    await refused({ rating: 5, completionId: completion.id, reviewText: 42 }, 'reviewText', 'Must be text');
    for (const body of ['[]', '"five"', '5', 'null', '{"rating": 5,']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/users/${customer.user.id}/reviews`, headers: { cookie: owner.cookie, 'content-type': 'application/json' }, payload: body });
      expect(res.statusCode, body).toBe(400);
    }
    expect(await storedAbout(customer.user.id)).toBe(0);

    // Fields it does not know are left out, as on every route; 1,000 characters are allowed.
    const accepted = await reviewMember(owner, customer.user.id, { rating: 5, completionId: completion.id, reviewText: 'y'.repeat(1000), memberId: owner.user.id, reviewerId: customer.user.id });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [row] = await t.database.db.select().from(memberReviews).where(eq(memberReviews.completionId, completion.id));
    expect(row).toMatchObject({ reviewerId: owner.user.id, memberId: customer.user.id, rating: 5 });
    expect(row!.reviewText).toHaveLength(1000);
  });
});

describe('the member review budget', () => {
  it(`allows ${MEMBER_REVIEWS_PER_HOUR} accepted member reviews an hour per owner, then answers 429 with Retry-After; refusals cost nothing`, async () => {
    const owner = await signUp(t.app);
    await markEmailVerified(t.database.db, owner.user.id);
    const listing = await createListing(t, owner.cookie);
    // The jobs written straight to the database: signing up 31 people through the API proves nothing more here.
    const jobs = await Promise.all(
      Array.from({ length: MEMBER_REVIEWS_PER_HOUR + 1 }, async (_, i) => {
        const id = randomUUID();
        await t.database.db.insert(users).values({ id, email: `helped-${id}@example.test`, username: `helped_${id.slice(0, 8)}_${i}`, termsAccepted: true });
        const [conversation] = await t.database.db.insert(conversations).values({ participant1Id: id, participant2Id: owner.user.id, serviceId: listing.id }).returning();
        await t.database.db.insert(messages).values({ conversationId: conversation!.id, senderId: owner.user.id, content: 'Happy to help.' });
        const [completion] = await t.database.db.insert(serviceCompletions).values({ serviceId: listing.id, conversationId: conversation!.id, completedBy: id }).returning();
        return { memberId: id, completionId: completion!.id };
      }),
    );
    // A refused review (yourself, bad input) costs nothing.
    expect((await reviewMember(owner, owner.user.id, { rating: 5, completionId: jobs[0]!.completionId })).statusCode).toBe(400);
    expect((await reviewMember(owner, jobs[0]!.memberId, { rating: 0, completionId: jobs[0]!.completionId })).statusCode).toBe(400);
    for (const job of jobs.slice(0, MEMBER_REVIEWS_PER_HOUR)) {
      const res = await reviewMember(owner, job.memberId, { rating: 5, completionId: job.completionId });
      expect(res.statusCode, res.body).toBe(201);
    }
    const last = jobs.at(-1)!;
    const res = await reviewMember(owner, last.memberId, { rating: 5, completionId: last.completionId });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: MEMBER_REVIEW_TEXTS.tooMany, code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedAbout(last.memberId)).toBe(0);
    // Asking is not writing: eligibility still answers.
    expect(await eligibility(owner, last.memberId)).toEqual({ canReview: true, completionId: last.completionId });
  });
});

describe("a member's page: the reviews they received as a member", () => {
  it('pages member reviews newest first with their listing, keeps the listings list as it was, and counts them in memberRating', async () => {
    const customer = await signUp(t.app);
    await markEmailVerified(t.database.db, customer.user.id);
    const jobs = [await completedJob({ customer }), await completedJob({ customer }), await completedJob({ customer })];
    const ratings = [5, 4, 2];
    const ids: number[] = [];
    for (const [i, job] of jobs.entries()) {
      const res = await reviewOf(job.owner, customer, job.completion.id, ratings[i], `Review ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<MemberReview>().id);
    }
    // The customer reviews one of the listings too: that review is in the listing owner's list, not theirs.
    const listingReview = await call('POST', `/api/services/${jobs[0]!.listing.id}/reviews`, customer.cookie, { rating: 3, serviceCompletionId: jobs[0]!.completion.id });
    expect(listingReview.statusCode, listingReview.body).toBe(201);

    const username = customer.user.username!;
    const page1 = await memberReviewsPage(username, '&limit=2');
    expect(page1.statusCode, page1.body).toBe(200);
    const first = page1.json<ReceivedReviewsPage>();
    expect(first.reviews).toEqual([
      {
        id: ids[2],
        rating: 2,
        reviewText: 'Review 2',
        createdAt: expect.any(String),
        reviewer: { firstName: null, lastName: null, username: jobs[2]!.owner.user.username },
        service: { id: jobs[2]!.listing.id, title: jobs[2]!.listing.title },
      },
      expect.objectContaining({ id: ids[1], service: { id: jobs[1]!.listing.id, title: jobs[1]!.listing.title } }),
    ]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const page2 = (await memberReviewsPage(username, `&limit=2&cursor=${first.nextCursor}`)).json<ReceivedReviewsPage>();
    expect(page2).toEqual({ reviews: [expect.objectContaining({ id: ids[0], rating: 5 })], nextCursor: null });
    expect(JSON.stringify([first, page2])).not.toContain('@');

    // The default is the reviews of their listings, as before: the customer has none.
    expect((await call('GET', `/api/users/${username}/reviews`)).json()).toEqual({ reviews: [], nextCursor: null });
    expect((await call('GET', `/api/users/${username}/reviews?about=listings`)).json()).toEqual({ reviews: [], nextCursor: null });
    const ownerListings = (await call('GET', `/api/users/${jobs[0]!.owner.user.username}/reviews?limit=1`)).json<ReceivedReviewsPage>();
    expect(ownerListings.reviews.map((r) => r.id)).toEqual([listingReview.json<{ id: number }>().id]);
    expect((await memberReviewsPage(jobs[0]!.owner.user.username!)).json()).toEqual({ reviews: [], nextCursor: null });

    const profile = (await call('GET', `/api/users/${username}`)).json<MemberProfile>();
    expect(profile.memberRating).toEqual({ averageRating: 11 / 3, reviewCount: 3 });
    expect(profile.rating).toEqual({ averageRating: null, reviewCount: 0 });
    expect((await call('GET', `/api/users/${jobs[0]!.owner.user.username}`)).json<MemberProfile>()).toMatchObject({
      rating: { averageRating: 3, reviewCount: 1 },
      memberRating: { averageRating: null, reviewCount: 0 },
    });
  });

  it("refuses one list's cursor in the other, a forged cursor and an unknown `about` (400); 404 for an unknown member", async () => {
    const customer = await signUp(t.app);
    await markEmailVerified(t.database.db, customer.user.id);
    const a = await completedJob({ customer });
    const b = await completedJob({ customer });
    for (const job of [a, b]) {
      expect((await reviewOf(job.owner, customer, job.completion.id)).statusCode).toBe(201);
      expect((await call('POST', `/api/services/${job.listing.id}/reviews`, customer.cookie, { rating: 4, serviceCompletionId: job.completion.id })).statusCode).toBe(201);
    }
    const username = customer.user.username!;
    const memberCursor = (await memberReviewsPage(username, '&limit=1')).json<ReceivedReviewsPage>().nextCursor!;
    expect(memberCursor).toEqual(expect.any(String));
    // An owner with two reviewed listings gives a cursor of the listings' list.
    const owner = a.owner;
    const more = await completedJob({ owner });
    await markEmailVerified(t.database.db, more.customer.user.id);
    expect((await call('POST', `/api/services/${more.listing.id}/reviews`, more.customer.cookie, { rating: 5, serviceCompletionId: more.completion.id })).statusCode).toBe(201);
    const ownersCursor = (await call('GET', `/api/users/${owner.user.username}/reviews?limit=1`)).json<ReceivedReviewsPage>().nextCursor!;
    expect(ownersCursor).toEqual(expect.any(String));

    const invalid = { message: 'Invalid cursor', code: 'validation_failed', errors: { cursor: 'Invalid cursor' } };
    const crossed = await memberReviewsPage(owner.user.username!, `&cursor=${ownersCursor}`);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual(invalid);
    expect((await call('GET', `/api/users/${username}/reviews?cursor=${memberCursor}`)).json()).toEqual(invalid);
    expect((await memberReviewsPage(username, '&cursor=forged')).statusCode).toBe(400);
    expect((await call('GET', `/api/users/${username}/reviews?about=members`)).statusCode).toBe(400);
    expect((await memberReviewsPage(username, '&limit=0')).statusCode).toBe(400);
    expect((await memberReviewsPage('nobody_by_this_name')).statusCode).toBe(404);
  });

  it("stays when the owner deletes their account: shown by 'Deleted user', without the listing that went with them", async () => {
    const { owner, customer, completion } = await completedJob();
    expect((await reviewOf(owner, customer, completion.id, 4, 'Tidy, punctual and kind to the dog.')).statusCode).toBe(201);
    const deleted = await call('DELETE', '/api/auth/account', owner.cookie, { password: owner.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const page = (await memberReviewsPage(customer.user.username!)).json<ReceivedReviewsPage>();
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).toMatchObject({
      rating: 4,
      reviewText: 'Tidy, punctual and kind to the dog.',
      reviewer: { firstName: null, lastName: null, username: 'Deleted user' },
      service: null,
    });
    expect((await call('GET', `/api/users/${customer.user.username}`)).json<MemberProfile>().memberRating).toEqual({ averageRating: 4, reviewCount: 1 });
    expect(await storedAbout(customer.user.id)).toBe(1);
  });
});
