// engines: both — live events published after commits through each engine's bus
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { LiveEvent } from '#shared/messaging.js';
import { ADMIN_EMAIL, openTestDatabase, testConfig } from '#test/helpers/app.js';
import { signUp } from '#test/helpers/factories.js';
import { collectingLogger, SseReader } from '#test/helpers/sse.js';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { createEventBus } from './bus.js';
import type { EventBus } from './types.js';
import { EVICTED_RECONNECT_MS, eventsRoutes, RECONNECT_MS, type EventsRoutesOptions } from './routes.js';

// Beside the app's own /api/events, the route is mounted again at test paths with test options (small cap, fast heartbeat).
const PATH = '/api/test/events';
const FAST_PATH = '/api/test/events-fast';
const BROKEN_PATH = '/api/test/events-broken';
const CAP = 3;

const message = (content: string): LiveEvent => ({
  type: 'message',
  message: {
    id: 1,
    conversationId: 1,
    content,
    createdAt: new Date().toISOString(),
    fromUser: { id: 'someone', username: 'someone', firstName: null, lastName: null, profileImageUrl: null },
    safetyFlags: [],
  },
});

interface Server {
  app: FastifyInstance;
  bus: EventBus;
  url: string;
  /** How many local subscriptions (open streams) a person has on this server's bus. */
  subscriptions(userId: string): number;
}

/** The bus as the route sees it, counting subscriptions so a test can see a closed stream let go of its own. */
function counting(bus: EventBus) {
  const counts = new Map<string, number>();
  const add = (userId: string, n: number) => counts.set(userId, (counts.get(userId) ?? 0) + n);
  const wrapped: EventBus = {
    publish: (userIds, event) => bus.publish(userIds, event),
    endStreams: (end) => bus.endStreams(end),
    listingsChanged: () => bus.listingsChanged(),
    onListingsChanged: (listener) => bus.onListingsChanged(listener),
    close: () => bus.close(),
    subscribe(userId, listener, options) {
      add(userId, 1);
      const unsubscribe = bus.subscribe(userId, listener, options);
      let subscribed = true;
      return () => {
        if (subscribed) add(userId, -1);
        subscribed = false;
        unsubscribe();
      };
    },
  };
  return { bus: wrapped, subscriptions: (userId: string) => counts.get(userId) ?? 0 };
}

/** The real app on a real listening port (streams need real HTTP), plus the events route under test. */
async function startServer(database: Database, sessionSecret: string, routes: Array<Omit<EventsRoutesOptions, 'bus'> & { path: string }>): Promise<Server> {
  const { bus, subscriptions } = counting(await createEventBus(database, collectingLogger()));
  const config = testConfig({ ADMIN_EMAILS: ADMIN_EMAIL });
  const app = await buildApp({ config, database, sessionSecret });
  for (const route of routes) await app.register(eventsRoutes, { ...route, bus });
  app.addHook('onClose', () => bus.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, bus, subscriptions, url: `http://127.0.0.1:${address.port}` };
}

let database: Database;
let server: Server;
const sessionSecret = randomBytes(32).toString('hex');
const readers: SseReader[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startServer(database, sessionSecret, [
    { path: PATH, maxStreamsPerUser: CAP, initialEvents: async () => [{ type: 'unread', count: 7 }] },
    { path: FAST_PATH, heartbeatMs: 50, maxStreamMs: 400 },
    {
      path: BROKEN_PATH,
      initialEvents: async () => {
        throw new Error('the database is away');
      },
    },
  ]);
});
afterAll(async () => {
  await Promise.all(readers.map((reader) => reader.cancel()));
  await server?.app.close();
  await database?.close();
});

/** Opens a stream and reads up to its `retry:` frame, after which the stream is subscribed. */
async function open(cookie: string | undefined, path = PATH, base = server.url): Promise<SseReader> {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  const reader = new SseReader(response);
  readers.push(reader);
  expect((await reader.next())?.retry).toBe(RECONNECT_MS);
  return reader;
}

describe('who may open the stream', () => {
  it('answers 401 to a signed-out request', async () => {
    const res = await server.app.inject({ method: 'GET', url: PATH });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue', code: 'unauthenticated' });
  });

  it('answers 403 to a banned person', async () => {
    const person = await signUp(server.app);
    await database.db.update(users).set({ isBanned: true }).where(eq(users.id, person.user.id));
    const res = await server.app.inject({ method: 'GET', url: PATH, headers: { cookie: person.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your account has been suspended', code: 'account_suspended' });
  });

  it('has no HEAD route, which would hold a stream open with nothing to send', async () => {
    const person = await signUp(server.app);
    const res = await server.app.inject({ method: 'HEAD', url: PATH, headers: { cookie: person.cookie } });
    expect(res.statusCode).toBe(404);
  });
});

describe('as the app mounts it', () => {
  it('serves GET /api/events to signed-in people: the unread count first, then what app.events publishes', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    const person = await signUp(server.app);
    const reader = await open(person.cookie, '/api/events');
    expect((await reader.nextEvent()).data).toEqual({ type: 'unread', count: 0 });
    await server.app.events.publish([person.user.id], { type: 'read', conversationId: 9 });
    expect((await reader.nextEvent()).data).toEqual({ type: 'read', conversationId: 9 });
  });
});

describe('a signed-in stream', () => {
  it('answers event-stream headers, then the initial events, then what is published for the person', async () => {
    const person = await signUp(server.app);
    const response = await fetch(`${server.url}${PATH}`, { headers: { cookie: person.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('connection')).toBe('keep-alive');
    // Helmet's headers survive the hijacked reply.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = new SseReader(response);
    readers.push(reader);

    expect(await reader.next()).toMatchObject({ retry: RECONNECT_MS });
    expect(await reader.nextEvent()).toEqual({ id: '1', event: 'unread', data: { type: 'unread', count: 7 } });

    const event = message('Hello there');
    await server.bus.publish([person.user.id], event);
    expect(await reader.nextEvent()).toEqual({ id: '2', event: 'message', data: event });
    await server.bus.publish([person.user.id], { type: 'read', conversationId: 4 });
    expect(await reader.nextEvent()).toEqual({ id: '3', event: 'read', data: { type: 'read', conversationId: 4 } });
  });

  it("does not deliver another person's events", async () => {
    const me = await signUp(server.app);
    const other = await signUp(server.app);
    const reader = await open(me.cookie);
    await reader.nextEvent(); // the initial unread count

    await server.bus.publish([other.user.id], message('for the other person'));
    await server.bus.publish([me.user.id], message('for me'));
    expect((await reader.nextEvent()).data).toMatchObject({ message: { content: 'for me' } });
  });

  it('delivers to every open tab of the person, once each even when named twice', async () => {
    const person = await signUp(server.app);
    const tabs = [await open(person.cookie), await open(person.cookie)];
    for (const tab of tabs) await tab.nextEvent();

    await server.bus.publish([person.user.id, person.user.id], message('to both tabs'));
    await server.bus.publish([person.user.id], { type: 'unread', count: 1 });
    for (const tab of tabs) {
      expect((await tab.nextEvent()).data).toMatchObject({ message: { content: 'to both tabs' } });
      expect((await tab.nextEvent()).data).toEqual({ type: 'unread', count: 1 });
    }
  });

  it('keeps events published while the initial events are read, in order after them', async () => {
    const person = await signUp(server.app);
    const response = await fetch(`${server.url}${PATH}`, { headers: { cookie: person.cookie } });
    const reader = new SseReader(response);
    readers.push(reader);
    await reader.next(); // retry: the stream is subscribed from here on
    await server.bus.publish([person.user.id], { type: 'unread', count: 8 });
    expect((await reader.nextEvent()).data).toEqual({ type: 'unread', count: 7 });
    expect((await reader.nextEvent()).data).toEqual({ type: 'unread', count: 8 });
  });

  it('still streams when the initial events cannot be read', async () => {
    const person = await signUp(server.app);
    const reader = await open(person.cookie, BROKEN_PATH);
    await server.bus.publish([person.user.id], { type: 'unread', count: 2 });
    expect(await reader.nextEvent()).toEqual({ id: '1', event: 'unread', data: { type: 'unread', count: 2 } });
  });

  it('sends heartbeats, and ends a stream at its age limit so the browser reconnects with a fresh session check', async () => {
    const person = await signUp(server.app);
    const reader = await open(person.cookie, FAST_PATH);
    const frames = await reader.rest(3000);
    expect(frames.some((frame) => frame.comments.includes('ping'))).toBe(true);
    expect(reader.ended).toBe(true);
  });
});

describe('limits', () => {
  it(`keeps at most ${CAP} streams per person: the oldest is closed and told to come back later`, async () => {
    const person = await signUp(server.app);
    const tabs: SseReader[] = [];
    for (let i = 0; i <= CAP; i++) {
      tabs.push(await open(person.cookie));
      await tabs.at(-1)!.nextEvent();
    }
    const [oldest, ...newer] = tabs as [SseReader, ...SseReader[]];
    const last = await oldest.rest();
    expect(last.map((frame) => frame.retry)).toEqual([EVICTED_RECONNECT_MS]);
    expect(oldest.ended).toBe(true);

    await server.bus.publish([person.user.id], { type: 'unread', count: 3 });
    for (const tab of newer) expect((await tab.nextEvent()).data).toEqual({ type: 'unread', count: 3 });
  });

  it('lets go of a stream the browser closed, which then no longer counts toward the cap', async () => {
    const person = await signUp(server.app);
    const tabs = [];
    for (let i = 0; i < CAP; i++) tabs.push(await open(person.cookie));
    expect(server.subscriptions(person.user.id)).toBe(CAP);
    await tabs[0]!.cancel();
    await vi.waitFor(() => expect(server.subscriptions(person.user.id)).toBe(CAP - 1));

    tabs.push(await open(person.cookie));
    await server.bus.publish([person.user.id], { type: 'unread', count: 2 });
    for (const tab of tabs.slice(1)) {
      await tab.nextEvent();
      expect((await tab.nextEvent()).data).toEqual({ type: 'unread', count: 2 });
    }
  });

  it("counts each person's streams apart", async () => {
    const [a, b] = [await signUp(server.app), await signUp(server.app)];
    const streams = [];
    for (let i = 0; i < CAP; i++) streams.push(await open(a.cookie), await open(b.cookie));
    await server.bus.publish([a.user.id, b.user.id], { type: 'unread', count: 5 });
    for (const stream of streams) {
      await stream.nextEvent();
      expect((await stream.nextEvent()).data).toEqual({ type: 'unread', count: 5 });
    }
  });
});

describe.runIf(inject('pgTemplate'))('several app processes on one PostgreSQL', () => {
  it('a stream on one process receives what another process publishes', async () => {
    const other = await startServer(database, sessionSecret, [{ path: PATH }]);
    try {
      const person = await signUp(server.app);
      const reader = await open(person.cookie, PATH, other.url);
      const event = message('across processes');
      await server.bus.publish([person.user.id], event);
      expect(await reader.nextEvent()).toEqual({ id: '1', event: 'message', data: event });
    } finally {
      await other.app.close();
    }
  });
});

describe('shutdown', () => {
  it('app.close() ends open streams and resolves promptly', async () => {
    const other = await startServer(database, sessionSecret, [{ path: PATH }]);
    const person = await signUp(other.app);
    const tabs = [await open(person.cookie, PATH, other.url), await open(person.cookie, PATH, other.url)];

    const started = Date.now();
    await Promise.race([
      other.app.close(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('app.close() is held open by the event streams')), 5000)),
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const tab of tabs) {
      await tab.rest(1000);
      expect(tab.ended).toBe(true);
    }
  });
});
