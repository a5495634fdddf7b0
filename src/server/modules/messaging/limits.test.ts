// engines: both — limits counted under the sender's row lock
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '#shared/messaging.js';
import { conversations, messages } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import { createAuthRepository, viewerOf } from '../accounts/index.js';
import { createImageService } from '../images/index.js';
import { createListingsRepository, createListingsService } from '../listings/index.js';
import { locateZip } from '../zip/index.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { createMessagingRepository } from './repository.js';
import { createMessagingService } from './service.js';

/** Decision 022: the per-person limits (60 messages a minute, 20 new conversations an hour) hold under parallel requests. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'POST', url: string, cookie: string, payload: object) => t.app.inject({ method, url, headers: { cookie }, payload });
const start = (writer: SignedUp, serviceId: number) =>
  call('POST', '/api/conversations', writer.cookie, { serviceId, message: 'Hello! Is Saturday morning free?', sendCopyToSender: false });

/** A conversation whose opening message is older than the minute, so only the messages a test sends count. */
async function quietConversation() {
  const owner = await signUp(t.app);
  const writer = await signUp(t.app);
  const listing = await createListing(t, owner.cookie);
  const conversation = (await start(writer, listing.id)).json<Conversation>();
  await t.database.db.execute(sql`update messages set created_at = now() - interval '2 minutes' where conversation_id = ${conversation.id}`);
  return { owner, writer, conversation };
}

async function listingsOf(count: number) {
  const owners = [await signUp(t.app), await signUp(t.app)];
  const listings = [];
  for (let i = 0; i < count; i += 1) listings.push(await createListing(t, owners[i % 2]!.cookie, { title: `Parallel listing ${i}` }));
  return listings;
}

const messagesIn = async (conversationId: number) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.conversationId, conversationId)))[0]!.n;
const startedBy = async (userId: string) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(conversations).where(eq(conversations.participant1Id, userId)))[0]!.n;

describe('through the API', () => {
  it('80 sends at once from one person: exactly 60 accepted, the rest 429', async () => {
    const { writer, conversation } = await quietConversation();
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => call('POST', `/api/conversations/${conversation.id}/messages`, writer.cookie, { content: `Burst ${i}` })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(60);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    expect(await messagesIn(conversation.id)).toBe(61);
  });

  it('30 new conversations at once from one person: exactly 20 started, the rest 429', async () => {
    const writer = await signUp(t.app);
    const listings = await listingsOf(30);
    const codes = (await Promise.all(listings.map((listing) => start(writer, listing.id)))).map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect(await startedBy(writer.user.id)).toBe(20);
  });

  it('two people starting conversations about each other’s listings at once do not deadlock', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const [ofA, ofB] = [await createListing(t, a.cookie), await createListing(t, b.cookie)];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? start(a, ofB.id) : start(b, ofA.id))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 201, 201]);
  });
});

/**
 * The same limits with the count slowed down, so the window between counting and writing is wide on both engines:
 * without the writer's lock every request counts before any writes and all of them get through.
 */
describe('with a slow count', () => {
  function slowService() {
    const repo = createMessagingRepository(t.database.db);
    const slowed: typeof repo = {
      ...repo,
      countSentSince: async (...args) => {
        const n = await repo.countSentSince(...args);
        await sleep(5);
        return n;
      },
      countStartedSince: async (...args) => {
        const n = await repo.countStartedSince(...args);
        await sleep(5);
        return n;
      },
    };
    const users = createAuthRepository(t.database.db);
    const db = t.database.db;
    const listings = createListingsService({ db, repo: createListingsRepository(db), images: createImageService(db), locate: locateZip });
    const service = createMessagingService({
      db,
      repo: slowed,
      users,
      listings,
      blocks: { between: async () => null },
      mail: { enqueue: async () => {}, dropAllTo: async () => {} },
      events: { publish: async () => {} },
      supportEmail: undefined,
      publicUrl: 'http://localhost',
    });
    return { service, users };
  }

  const outcomes = (results: PromiseSettledResult<unknown>[]) => ({
    accepted: results.filter((r) => r.status === 'fulfilled').length,
    refused: results.filter((r) => r.status === 'rejected' && r.reason instanceof HttpError && r.reason.statusCode === 429).length,
  });

  it('sends: exactly 60 of 80', async () => {
    const { service, users } = slowService();
    const { writer, conversation } = await quietConversation();
    const user = viewerOf((await users.findUserById(writer.user.id))!, []);
    const results = await Promise.allSettled(
      Array.from({ length: 80 }, (_, i) => service.send(user, conversation.id, { content: `Burst ${i}`, sendCopyToSender: false })),
    );
    expect(outcomes(results)).toEqual({ accepted: 60, refused: 20 });
    expect(await messagesIn(conversation.id)).toBe(61);
  });

  it('new conversations: exactly 20 of 30', async () => {
    const { service, users } = slowService();
    const writer = await signUp(t.app);
    const user = viewerOf((await users.findUserById(writer.user.id))!, []);
    const listings = await listingsOf(30);
    const results = await Promise.allSettled(listings.map((l) => service.start(user, { serviceId: l.id, message: 'Hello there', sendCopyToSender: false })));
    expect(outcomes(results)).toEqual({ accepted: 20, refused: 10 });
    expect(await startedBy(writer.user.id)).toBe(20);
  });
});
