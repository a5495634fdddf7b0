// engines: both — the completion's live event crosses each engine's bus (in memory on PGlite, NOTIFY on PostgreSQL)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, LiveEvent } from '#shared/messaging.js';
import type { Completion } from '#shared/reviews.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '#test/helpers/app.js';
import { signUp, signUpAdministrator, type SignedUp } from '#test/helpers/factories.js';
import { createListing } from '#test/helpers/listings.js';
import { SseReader } from '#test/helpers/sse.js';

/**
 * Decision 071: marking a job complete tells the conversation's two people at once — the other side's open chat shows
 * 'Completed' and its review prompt without a reload — and nobody else: not a neighbour who wrote about the same
 * listing in another conversation, not a stranger, not the administrator.
 */
let t: TestApp;
let base: string;
const readers: SseReader[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(readers.map((reader) => reader.cancel()));
  await t?.close();
});

const send = (path: string, cookie: string | undefined, body: object) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { ...(cookie && { cookie }), 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) });

/** An open tab of the person's: its stream, read past the unread count every stream starts with. */
async function tab(person: SignedUp): Promise<SseReader> {
  const res = await fetch(`${base}/api/events`, { headers: { cookie: person.cookie } });
  expect(res.status).toBe(200);
  const reader = new SseReader(res);
  readers.push(reader);
  expect(await reader.nextEvent()).toMatchObject({ event: 'unread' });
  return reader;
}

async function converse(customer: SignedUp, owner: SignedUp, serviceId: number): Promise<Conversation> {
  const res = await send('/api/conversations', customer.cookie, { serviceId, message: 'Hello! Is Saturday morning free?' });
  expect(res.status).toBe(201);
  const conversation = (await res.json()) as Conversation;
  // A job can be completed once the owner has written in it (decision 022).
  expect((await send(`/api/conversations/${conversation.id}/messages`, owner.cookie, { content: 'Yes, Saturday at 10 works.' })).status).toBe(201);
  return conversation;
}

/**
 * The next event this tab hears, once the bus has carried a marker to it: a stream that was told nothing meanwhile
 * hears the marker first (one bus delivers in order, on either engine).
 */
async function nextAfterMarker(reader: SseReader, person: SignedUp, count: number): Promise<{ event?: string; data: unknown }[]> {
  const marker: LiveEvent = { type: 'unread', count };
  await t.app.events.publish([person.user.id], marker);
  const heard: { event?: string; data: unknown }[] = [];
  for (;;) {
    const event = await reader.nextEvent();
    heard.push(event);
    if (event.event === 'unread' && (event.data as { count: number }).count === count) return heard;
  }
}

/** The messages and unread counts a conversation's own traffic brings, which the checks here are not about. */
const completions = (heard: { event?: string; data: unknown }[]) => heard.filter((e) => e.event === 'completed');

const complete = (who: SignedUp, serviceId: number, conversationId: number) => send(`/api/services/${serviceId}/complete`, who.cookie, { conversationId });

describe('the live completion', () => {
  it("reaches the conversation's other person and the completer's own tabs, and nobody else's stream", async () => {
    const owner = await signUp(t.app);
    const customer = await signUp(t.app);
    const neighbour = await signUp(t.app);
    const stranger = await signUp(t.app);
    const admin = await signUpAdministrator(t.app, t.database.db, ADMIN_EMAIL);
    const listing = await createListing(t, owner.cookie, { title: 'Fence repair on weekends' });
    const job = await converse(customer, owner, listing.id);
    // Another neighbour wrote to the same owner about the same listing: their conversation is not this job.
    const other = await converse(neighbour, owner, listing.id);

    const tabs = {
      owner: await tab(owner),
      ownerSecond: await tab(owner),
      customer: await tab(customer),
      neighbour: await tab(neighbour),
      stranger: await tab(stranger),
      admin: await tab(admin),
    };

    const res = await complete(customer, listing.id, job.id);
    expect(res.status).toBe(201);
    const completion = (await res.json()) as Completion;
    expect(completion).toMatchObject({ serviceId: listing.id, conversationId: job.id, completedBy: customer.user.id });

    // The owner, in every tab, hears of it at once, with the completion as the POST answered it.
    for (const reader of [tabs.owner, tabs.ownerSecond]) {
      expect(await reader.nextEvent()).toEqual({ id: expect.any(String), event: 'completed', data: { type: 'completed', completion } });
    }
    // The completer's other tabs follow too.
    expect(await tabs.customer.nextEvent()).toMatchObject({ event: 'completed', data: { completion: { id: completion.id } } });
    // Nobody else: the bus's next word to each of them is the marker.
    let marker = 1000;
    for (const [reader, person] of [
      [tabs.neighbour, neighbour],
      [tabs.stranger, stranger],
      [tabs.admin, admin],
    ] as const) {
      expect(await nextAfterMarker(reader, person, ++marker)).toEqual([{ id: expect.any(String), event: 'unread', data: { type: 'unread', count: marker } }]);
    }

    // The other conversation about the listing is completed on its own: its neighbour hears, the first customer does not.
    expect((await complete(owner, listing.id, other.id)).status).toBe(201);
    expect(await tabs.neighbour.nextEvent()).toMatchObject({ event: 'completed', data: { completion: { conversationId: other.id, completedBy: owner.user.id } } });
    expect(await tabs.owner.nextEvent()).toMatchObject({ event: 'completed', data: { completion: { conversationId: other.id } } });
    expect(completions(await nextAfterMarker(tabs.customer, customer, ++marker))).toEqual([]);
  });

  it('is announced once: a repeat, a refusal and bad input announce nothing', async () => {
    const owner = await signUp(t.app);
    const customer = await signUp(t.app);
    const stranger = await signUp(t.app);
    const listing = await createListing(t, owner.cookie);
    const job = await converse(customer, owner, listing.id);
    const ownerTab = await tab(owner);
    const customerTab = await tab(customer);

    expect((await complete(owner, listing.id, job.id)).status).toBe(201);
    expect(await customerTab.nextEvent()).toMatchObject({ event: 'completed', data: { completion: { conversationId: job.id } } });
    expect(await ownerTab.nextEvent()).toMatchObject({ event: 'completed' });

    // The other side marks it too (the button was still showing in their tab): the same completion, no second event.
    expect((await complete(customer, listing.id, job.id)).status).toBe(200);
    // Refused: someone outside the conversation; signed out; a conversation that is not about this listing; bad input.
    expect((await complete(stranger, listing.id, job.id)).status).toBe(403);
    expect((await send(`/api/services/${listing.id}/complete`, undefined, { conversationId: job.id })).status).toBe(401);
    const elsewhere = await createListing(t, owner.cookie);
    expect((await complete(customer, elsewhere.id, job.id)).status).toBe(400);
    expect((await complete(customer, listing.id, 'first' as unknown as number)).status).toBe(400);

    expect(completions(await nextAfterMarker(ownerTab, owner, 2001))).toEqual([]);
    expect(completions(await nextAfterMarker(customerTab, customer, 2002))).toEqual([]);
  });
});
