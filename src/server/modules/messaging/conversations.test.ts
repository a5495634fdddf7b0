// engines: both — unread counters and history pages in SQL
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, MessagePage } from '#shared/messaging.js';
import { conversations, messages, outbox, users } from '../../db/schema.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { markEmailVerified, signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';

const MODERATOR = 'moderator@example.test';
let t: TestApp;
beforeAll(async () => {
  // The first address is the team's account for the contact form; the second, another administrator.
  t = await createTestApp({ ADMIN_EMAILS: `${ADMIN_EMAIL},${MODERATOR}` });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

/** An owner with a listing, and a neighbour who writes about it. */
async function pair() {
  const owner = await signUp(t.app);
  const writer = await signUp(t.app);
  const listing = await createListing(t, owner.cookie);
  return { owner, writer, listing };
}

async function start(writer: SignedUp, serviceId: number, message = 'Hello! Is Saturday morning free?', extra: object = {}) {
  return call('POST', '/api/conversations', writer.cookie, { serviceId, message, sendCopyToSender: false, ...extra });
}

const unread = async (who: SignedUp) => (await call('GET', '/api/messages/unread-count', who.cookie)).json<{ count: number }>().count;
const list = async (who: SignedUp) => (await call('GET', '/api/conversations', who.cookie)).json<Conversation[]>();
const history = async (who: SignedUp, id: number, query = '') => call('GET', `/api/conversations/${id}/messages${query}`, who.cookie);
/** The message emails (notifications and copies) queued for an address; sign-up's verification email is not one. */
const outboxTo = async (address: string) =>
  t.database.db
    .select({ kind: outbox.kind, subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.toAddress, address), like(outbox.kind, 'message-%')));
/** Only confirmed addresses get message emails (decision 014). */
const verify = (...people: SignedUp[]) => Promise.all(people.map((p) => markEmailVerified(t.database.db, p.user.id)));

describe('starting a conversation about a listing', () => {
  it('opens it with the owner, answers the Conversation shape, and counts one unread for the owner', async () => {
    const { owner, writer, listing } = await pair();
    const res = await start(writer, listing.id, '  Hello! Is Saturday morning free?  ', { participantId: owner.user.id });
    expect(res.statusCode, res.body).toBe(201);
    const conversation = res.json<Conversation>();
    expect(conversation).toMatchObject({
      participant1Id: writer.user.id,
      participant2Id: owner.user.id,
      participant1: { id: writer.user.id, username: writer.user.username },
      participant2: { id: owner.user.id, username: owner.user.username },
      subject: null,
      unreadCount: 0,
      service: { id: listing.id, title: listing.title, userId: owner.user.id, deletedAt: null, completedAt: null },
      lastMessage: { content: 'Hello! Is Saturday morning free?', fromUserId: writer.user.id },
    });
    // Neighbours never see each other's email address.
    expect(JSON.stringify(conversation)).not.toContain('@');
    expect(await unread(owner)).toBe(1);
    expect(await unread(writer)).toBe(0);
    const [seen] = await list(owner);
    expect(seen).toMatchObject({ id: conversation.id, unreadCount: 1 });
  });

  it('refuses your own listing with the spec message', async () => {
    const { owner, listing } = await pair();
    const res = await start(owner, listing.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot send messages to your own services.');
    expect(await list(owner)).toEqual([]);
  });

  it('refuses deleted (409), paused and unknown listings (404), and a recipient other than the owner (400)', async () => {
    const { owner, writer, listing } = await pair();
    const other = await signUp(t.app);
    expect((await start(writer, listing.id, 'Hi there', { participantId: other.user.id })).statusCode).toBe(400);
    expect((await start(writer, 2_000_000_000)).statusCode).toBe(404);
    const paused = await createListing(t, owner.cookie);
    await t.database.db.execute(sql`update services set is_active = false where id = ${paused.id}`);
    expect((await start(writer, paused.id)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/services/${listing.id}`, owner.cookie)).statusCode).toBe(200);
    const deleted = await start(writer, listing.id);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toMatch(/deleted/);
    expect(await list(writer)).toEqual([]);
  });

  it('refuses to write to a banned owner, and a banned person cannot write at all', async () => {
    const { owner, writer, listing } = await pair();
    const first = (await start(writer, listing.id)).json<Conversation>();
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, owner.user.id));
    const again = await call('POST', `/api/conversations/${first.id}/messages`, writer.cookie, { content: 'Still there?' });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This member can no longer receive messages.');
    await t.database.db.update(users).set({ isBanned: false }).where(eq(users.id, owner.user.id));
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, writer.user.id));
    const banned = await call('POST', `/api/conversations/${first.id}/messages`, writer.cookie, { content: 'Hello?' });
    expect(banned.statusCode).toBe(403);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.conversationId, first.id));
    expect(count!.n).toBe(1);
  });

  it('adds to the existing conversation when the same person writes again about the same listing, even at once', async () => {
    const { owner, writer, listing } = await pair();
    const first = await start(writer, listing.id, 'First');
    const second = await start(writer, listing.id, 'Second');
    expect(second.statusCode).toBe(200);
    expect(second.json<Conversation>().id).toBe(first.json<Conversation>().id);
    const racing = await Promise.all([start(writer, listing.id, 'Third'), start(writer, listing.id, 'Fourth')]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db.select().from(conversations).where(eq(conversations.serviceId, listing.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.participant2Unread).toBe(4);
    expect(await unread(owner)).toBe(4);
  });

  it('trims messages and refuses blank or over-long ones with a clear message, writing nothing', async () => {
    const { writer, listing } = await pair();
    const blank = await start(writer, listing.id, '   \n  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.message).toBe('Please enter a message before sending.');
    const long = await start(writer, listing.id, 'x'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.message).toBe('Message must be at most 5,000 characters');
    expect(await list(writer)).toEqual([]);
    const exact = await start(writer, listing.id, `  ${'y'.repeat(5000)}  `);
    expect(exact.statusCode).toBe(201);
  });

  it('requires sign-in', async () => {
    expect((await call('GET', '/api/conversations')).statusCode).toBe(401);
    expect((await call('POST', '/api/conversations', undefined, { serviceId: 1, message: 'hi' })).statusCode).toBe(401);
    expect((await call('GET', '/api/messages/unread-count')).statusCode).toBe(401);
  });
});

describe('a conversation', () => {
  it('is readable and writable by its two participants only (403 others, administrators included; 404 unknown)', async () => {
    const { owner, writer, listing } = await pair();
    const conversation = (await start(writer, listing.id)).json<Conversation>();
    const stranger = await signUp(t.app);
    const admin = await signUpAdministrator(t.app, t.database.db, MODERATOR);
    for (const outsider of [stranger, admin]) {
      expect((await history(outsider, conversation.id)).statusCode).toBe(403);
      expect((await call('POST', `/api/conversations/${conversation.id}/messages`, outsider.cookie, { content: 'Hi' })).statusCode).toBe(403);
    }
    expect((await history(writer, 2_000_000_000)).statusCode).toBe(404);
    expect((await history(owner, conversation.id)).statusCode).toBe(200);
    expect((await list(stranger)).map((c) => c.id)).not.toContain(conversation.id);
  });

  it('flags each message with the signs of a scam its text carries when sent, and keeps the flags with it', async () => {
    const { owner, writer, listing } = await pair();
    const opened = await start(writer, listing.id, 'Hello, I can come at 5 pm on 3/14.');
    const conversation = opened.json<Conversation>();
    const reply = await call('POST', `/api/conversations/${conversation.id}/messages`, owner.cookie, {
      content: 'Great. Text me at (973) 555-0142 and pay the deposit up front by Zelle: details at pay.example.com',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<MessagePage['messages'][number]>().safetyFlags).toEqual(['phone', 'link', 'payment']);
    const page = (await history(writer, conversation.id)).json<MessagePage>();
    expect(page.messages.map((m) => m.safetyFlags)).toEqual([[], ['phone', 'link', 'payment']]);
    const [stored] = await t.database.db.select({ flags: messages.safetyFlags }).from(messages).where(eq(messages.id, page.messages[1]!.id));
    expect(stored?.flags).toEqual(['phone', 'link', 'payment']);
  });

  it('counts unread per reader and marks them read when the reader opens it', async () => {
    const { owner, writer, listing } = await pair();
    const conversation = (await start(writer, listing.id, 'One')).json<Conversation>();
    const reply = await call('POST', `/api/conversations/${conversation.id}/messages`, writer.cookie, { content: '  Two  ' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ content: 'Two', conversationId: conversation.id, fromUser: { id: writer.user.id } });
    expect(await unread(owner)).toBe(2);

    // The writer reading their own conversation changes nothing for the owner.
    await history(writer, conversation.id);
    expect(await unread(owner)).toBe(2);

    const page = (await history(owner, conversation.id)).json<MessagePage>();
    expect(page.messages.map((m) => m.content)).toEqual(['One', 'Two']);
    expect(await unread(owner)).toBe(0);
    const readAt = await t.database.db.select({ readAt: messages.readAt }).from(messages).where(eq(messages.conversationId, conversation.id));
    expect(readAt.every((r) => r.readAt !== null)).toBe(true);

    await call('POST', `/api/conversations/${conversation.id}/messages`, owner.cookie, { content: 'Saturday works.' });
    expect(await unread(writer)).toBe(1);
    expect(await unread(owner)).toBe(0);
    const [mine] = await list(writer);
    expect(mine).toMatchObject({ id: conversation.id, unreadCount: 1, lastMessage: { content: 'Saturday works.', fromUserId: owner.user.id } });
  });

  it('lists conversations newest activity first', async () => {
    const writer = await signUp(t.app);
    const a = await pair();
    const b = await pair();
    const first = (await start(writer, a.listing.id)).json<Conversation>();
    const second = (await start(writer, b.listing.id)).json<Conversation>();
    expect((await list(writer)).map((c) => c.id)).toEqual([second.id, first.id]);
    await call('POST', `/api/conversations/${first.id}/messages`, writer.cookie, { content: 'Bumping this one' });
    expect((await list(writer)).map((c) => c.id)).toEqual([first.id, second.id]);
  });

  it('pages a long history backwards, oldest first within a page, with no gaps or duplicates', async () => {
    const { owner, writer, listing } = await pair();
    const conversation = (await start(writer, listing.id, 'Message 0')).json<Conversation>();
    await t.database.db.insert(messages).values(
      Array.from({ length: 119 }, (_, i) => ({ conversationId: conversation.id, senderId: i % 2 ? writer.user.id : owner.user.id, content: `Message ${i + 1}` })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await history(owner, conversation.id, cursor ? `?cursor=${cursor}` : '');
      expect(res.statusCode).toBe(200);
      const page: MessagePage = res.json();
      seen.unshift(...page.messages.map((m) => m.content));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `Message ${i}`));
    expect((await history(owner, conversation.id, '?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await history(owner, conversation.id, '?limit=500')).statusCode).toBe(400);
  });
});

describe('abuse limits', () => {
  it('allows 60 messages a minute, then answers 429 with a clear message', async () => {
    const { writer, listing } = await pair();
    const conversation = (await start(writer, listing.id, 'Message 1')).json<Conversation>();
    for (let i = 2; i <= 60; i += 1) {
      const res = await call('POST', `/api/conversations/${conversation.id}/messages`, writer.cookie, { content: `Message ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await call('POST', `/api/conversations/${conversation.id}/messages`, writer.cookie, { content: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You can send at most 60 messages a minute. Please slow down.');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('allows 20 new conversations an hour, then answers 429 (adding to an existing one still works)', async () => {
    const writer = await signUp(t.app);
    const owner = await signUp(t.app);
    const listings = [];
    for (let i = 0; i < 21; i += 1) listings.push(await createListing(t, owner.cookie, { title: `Listing number ${i}` }));
    for (const listing of listings.slice(0, 20)) expect((await start(writer, listing.id)).statusCode).toBe(201);
    const refused = await start(writer, listings[20]!.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You can start at most 20 new conversations an hour. Please try again later.');
    expect((await start(writer, listings[0]!.id, 'Following up')).statusCode).toBe(200);
  });
});

describe('contact the team', () => {
  it('answers 503 while no administrator has a proven account, then reaches the support account with a default subject', async () => {
    const person = await signUp(t.app);
    const payload = { participantId: 'support', message: '  The Pet Care category is missing fish sitting.  ', subject: '   ', sendCopyToSender: false };
    const unavailable = await call('POST', '/api/conversations', person.cookie, payload);
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json().message).toBe('Our team cannot receive messages right now. Please try again later.');
    expect(await list(person)).toEqual([]);

    // Signed up but never proven (decision 016): the address may be a stranger's, so the team's inbox is not bound to it.
    const admin = await signUp(t.app, { email: ADMIN_EMAIL });
    expect((await call('POST', '/api/conversations', person.cookie, payload)).statusCode).toBe(503);
    await markEmailVerified(t.database.db, admin.user.id);
    const res = await call('POST', '/api/conversations', person.cookie, payload);
    expect(res.statusCode, res.body).toBe(201);
    const conversation = res.json<Conversation>();
    expect(conversation).toMatchObject({ participant2Id: admin.user.id, subject: 'Contact Form Message', service: null });
    const titled = await call('POST', '/api/conversations', person.cookie, { ...payload, subject: '  Fish sitting  ' });
    expect(titled.json<Conversation>().subject).toBe('Fish sitting');
    expect((await call('POST', '/api/conversations', person.cookie, { ...payload, subject: 's'.repeat(201) })).statusCode).toBe(400);

    // The team's reply arrives in the person's messages.
    expect(await unread(admin)).toBe(2);
    await call('POST', `/api/conversations/${conversation.id}/messages`, admin.cookie, { content: 'Thanks, we will add it.' });
    const page = (await history(person, conversation.id)).json<MessagePage>();
    expect(page.messages.map((m) => m.content)).toEqual(['The Pet Care category is missing fish sitting.', 'Thanks, we will add it.']);
    // Without a listing, a conversation only goes to the team.
    const elsewhere = await call('POST', '/api/conversations', person.cookie, { participantId: admin.user.id.slice(0, -1) + 'x', message: 'Hi' });
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe('email copies and notifications', () => {
  it('queues a copy for the sender when asked, and a notification for the recipient at most once per 15 minutes while unread', async () => {
    const { owner, writer, listing } = await pair();
    await verify(owner, writer);
    const conversation = (await start(writer, listing.id, 'First question', { sendCopyToSender: true })).json<Conversation>();
    expect((await outboxTo(writer.email)).map((e) => e.kind)).toEqual(['message-copy']);
    expect((await outboxTo(owner.email)).map((e) => e.kind)).toEqual(['message-notification']);

    await call('POST', `/api/conversations/${conversation.id}/messages`, writer.cookie, { content: 'Second question' });
    expect(await outboxTo(owner.email)).toHaveLength(1);

    // Fifteen minutes later, still unread: one more notification.
    await t.database.db.update(conversations).set({ participant2NotifiedAt: sql`now() - interval '16 minutes'` }).where(eq(conversations.id, conversation.id));
    await call('POST', `/api/conversations/${conversation.id}/messages`, writer.cookie, { content: 'Third question' });
    expect(await outboxTo(owner.email)).toHaveLength(2);

    // Once read, the next message notifies again at once.
    await history(owner, conversation.id);
    await call('POST', `/api/conversations/${conversation.id}/messages`, writer.cookie, { content: 'Fourth question' });
    const emails = await outboxTo(owner.email);
    expect(emails).toHaveLength(3);
    expect(emails.every((e) => !e.text.includes(writer.email))).toBe(true);
  });

  it('sends no notification to someone who turned them off', async () => {
    const { owner, writer, listing } = await pair();
    await verify(owner, writer);
    await call('PATCH', '/api/auth/email-notifications', owner.cookie, { emailNotificationsEnabled: false });
    await start(writer, listing.id);
    expect(await outboxTo(owner.email)).toEqual([]);
  });

  it('sends neither a notification nor a copy to an address nobody confirmed, and notifies once it is confirmed', async () => {
    const { owner, writer, listing } = await pair();
    const conversation = (await start(writer, listing.id, 'Unconfirmed hello', { sendCopyToSender: true })).json<Conversation>();
    expect(await outboxTo(owner.email)).toEqual([]);
    expect(await outboxTo(writer.email)).toEqual([]);
    // The unconfirmed recipient's notification window was not used up either.
    const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, conversation.id));
    expect(row!.participant2NotifiedAt).toBeNull();

    await verify(owner, writer);
    await call('POST', `/api/conversations/${conversation.id}/messages`, writer.cookie, { content: 'Now confirmed', sendCopyToSender: true });
    expect((await outboxTo(owner.email)).map((e) => e.kind)).toEqual(['message-notification']);
    expect((await outboxTo(writer.email)).map((e) => e.kind)).toEqual(['message-copy']);
  });
});
