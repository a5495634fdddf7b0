// engines: both — a unique index and row locks settle concurrent sends
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PER_MINUTE, type Conversation, type Message } from '#shared/messaging.js';
import { conversations, messages } from '../../db/schema.js';
import { createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

/** Decision 025: a message send carrying a `clientId` stores one message however often it is retried. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, writer: SignedUp, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: writer.cookie }, payload });
const reply = (conversationId: number, writer: SignedUp, payload: object) => post(`/api/conversations/${conversationId}/messages`, writer, payload);

const messagesIn = async (conversationId: number) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.conversationId, conversationId)))[0]!.n;
const startedBy = async (userId: string) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(conversations).where(eq(conversations.participant1Id, userId)))[0]!.n;

async function conversationBetween() {
  const owner = await signUp(t.app);
  const writer = await signUp(t.app);
  const listing = await createListing(t, owner.cookie);
  const conversation = (await post('/api/conversations', writer, { serviceId: listing.id, message: 'Hello there' })).json<Conversation>();
  return { owner, writer, listing, conversation };
}

describe('POST /api/conversations/:id/messages with a clientId', () => {
  it('the same clientId twice stores one message and answers it twice with 201', async () => {
    const { writer, conversation } = await conversationBetween();
    const clientId = randomUUID();
    const first = await reply(conversation.id, writer, { content: 'Is Saturday free?', clientId });
    const second = await reply(conversation.id, writer, { content: 'Is Saturday free?', clientId });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<Message>()).toEqual(first.json<Message>());
    expect(await messagesIn(conversation.id)).toBe(2);
  });

  it('parallel copies of one send store one message', async () => {
    const { writer, conversation } = await conversationBetween();
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => reply(conversation.id, writer, { content: 'Sent on a shaky line', clientId })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json<Message>().id)).size).toBe(1);
    expect(await messagesIn(conversation.id)).toBe(2);
  });

  it('different clientIds store different messages', async () => {
    const { writer, conversation } = await conversationBetween();
    const a = await reply(conversation.id, writer, { content: 'Same words', clientId: randomUUID() });
    const b = await reply(conversation.id, writer, { content: 'Same words', clientId: randomUUID() });
    expect(a.json<Message>().id).not.toBe(b.json<Message>().id);
    expect(await messagesIn(conversation.id)).toBe(3);
  });

  it('another person’s clientId space is separate', async () => {
    const { owner, writer, conversation } = await conversationBetween();
    const clientId = randomUUID();
    const mine = await reply(conversation.id, writer, { content: 'From the writer', clientId });
    const theirs = await reply(conversation.id, owner, { content: 'From the owner', clientId });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<Message>().content).toBe('From the owner');
    expect(theirs.json<Message>().id).not.toBe(mine.json<Message>().id);
    expect(await messagesIn(conversation.id)).toBe(3);
  });

  it('refuses a clientId that is not a UUID with 400 and stores nothing', async () => {
    const { writer, conversation } = await conversationBetween();
    for (const clientId of ['not-a-uuid', '', 42, 'a'.repeat(5000), '123e4567-e89b-12d3-a456-42661417400\u0000']) {
      const res = await reply(conversation.id, writer, { content: 'Hi', clientId });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect(await messagesIn(conversation.id)).toBe(1);
  });

  it('a retry does not count against the per-minute limit again', async () => {
    const { writer, conversation } = await conversationBetween();
    await t.database.db.execute(sql`update messages set created_at = now() - interval '2 minutes' where conversation_id = ${conversation.id}`);
    const ids = Array.from({ length: MESSAGES_PER_MINUTE }, () => randomUUID());
    for (const [i, clientId] of ids.entries()) expect((await reply(conversation.id, writer, { content: `Message ${i}`, clientId })).statusCode).toBe(201);
    // The limit is reached, yet a retry of a stored message still answers it.
    const retry = await reply(conversation.id, writer, { content: 'Message 0', clientId: ids[0] });
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Message>().content).toBe('Message 0');
    expect((await reply(conversation.id, writer, { content: 'One too many', clientId: randomUUID() })).statusCode).toBe(429);
    expect(await messagesIn(conversation.id)).toBe(MESSAGES_PER_MINUTE + 1);
  });
});

describe('POST /api/conversations with a clientId', () => {
  it('a retried start answers the same conversation with the first answer’s status and one message', async () => {
    const owner = await signUp(t.app);
    const writer = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const clientId = randomUUID();
    const first = await post('/api/conversations', writer, { serviceId: listing.id, message: 'First words', clientId });
    const second = await post('/api/conversations', writer, { serviceId: listing.id, message: 'First words', clientId });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<Conversation>().id).toBe(first.json<Conversation>().id);
    expect(await messagesIn(first.json<Conversation>().id)).toBe(1);
    // A new clientId about the same listing adds to the conversation: 200, as without a key.
    const more = await post('/api/conversations', writer, { serviceId: listing.id, message: 'More words', clientId: randomUUID() });
    expect(more.statusCode).toBe(200);
    expect(await messagesIn(first.json<Conversation>().id)).toBe(2);
  });

  it('a retried start that first added to an existing conversation answers 200 again', async () => {
    const { writer, listing, conversation } = await conversationBetween();
    const clientId = randomUUID();
    const first = await post('/api/conversations', writer, { serviceId: listing.id, message: 'Following up', clientId });
    const second = await post('/api/conversations', writer, { serviceId: listing.id, message: 'Following up', clientId });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json<Conversation>().id).toBe(conversation.id);
    expect(await messagesIn(conversation.id)).toBe(2);
  });

  it('parallel copies of one start create one conversation with one message', async () => {
    const owner = await signUp(t.app);
    const writer = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/conversations', writer, { serviceId: listing.id, message: 'Hello', clientId })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(await startedBy(writer.user.id)).toBe(1);
    expect(await messagesIn(answers[0]!.json<Conversation>().id)).toBe(1);
  });

  it('refuses a malformed clientId with 400 and starts nothing', async () => {
    const owner = await signUp(t.app);
    const writer = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const res = await post('/api/conversations', writer, { serviceId: listing.id, message: 'Hello', clientId: 'x'.repeat(36) });
    expect(res.statusCode).toBe(400);
    expect(await startedBy(writer.user.id)).toBe(0);
  });
});
