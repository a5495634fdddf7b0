import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { liveEventSchema } from '#shared/messaging.js';
import type { Db } from '../../db/client.js';
import type { EventBus, EventsLogger } from './types.js';
import { createReassembler, encodePayloads, parsePayload } from './chunks.js';
import { createSubscribers } from './subscribers.js';

export const EVENTS_CHANNEL = 'csm_events';
/** How the listener connections show in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'csm-events';

/**
 * What travels in a notification: the people and the event, which streams to end (`x`), or that listings
 * changed (`l`). Parsed again on receipt, as anything may NOTIFY.
 */
const envelopeSchema = z.union([
  z.object({ u: z.array(z.string()).min(1).max(10_000), e: liveEventSchema }),
  z.object({ x: z.object({ userId: z.string(), sessionId: z.string().optional(), keepSessionId: z.string().optional() }) }),
  z.object({ l: z.literal(1) }),
]);
/** Payloads per pg_notify statement when publishes queue up behind one another. */
const MAX_PAYLOADS_PER_STATEMENT = 500;

export interface PgEventBus extends EventBus {
  /** False while the LISTEN connection is down and being re-opened. */
  readonly listening: boolean;
  /** The server process of the LISTEN connection (what `pg_terminate_backend` takes). */
  readonly listenerPid: number | undefined;
}

export interface PgEventBusOptions {
  /** Publishing goes through the app's pool. */
  db: Db;
  /** The listener holds one connection of its own, outside the pool. */
  connectionString: string;
  logger: EventsLogger;
  /** Reconnect delays: from `minMs`, doubling up to `maxMs`. */
  retry?: { minMs: number; maxMs: number };
  /** How often the idle listener checks that its connection still answers. */
  pingMs?: number;
}

/**
 * Fan-out between app processes on one PostgreSQL: every process LISTENs on one channel and delivers what
 * it hears to its own streams. A process delivers its own events directly, so its streams do not depend on
 * the listener, and ignores their echo.
 */
export async function createPgEventBus(options: PgEventBusOptions): Promise<PgEventBus> {
  const { db, connectionString, logger } = options;
  const retry = options.retry ?? { minMs: 250, maxMs: 10_000 };
  const pingMs = options.pingMs ?? 30_000;
  const origin = randomBytes(4).toString('hex');
  let sequence = 0;
  const subscribers = createSubscribers(logger);
  const reassembler = createReassembler(dispatch);
  const listingWatchers = new Set<() => void>();

  let client: pg.Client | undefined;
  let listenerPid: number | undefined;
  let closed = false;
  let pingTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let wakeRetry: (() => void) | undefined;

  function dispatch(text: string) {
    let envelope: z.infer<typeof envelopeSchema>;
    try {
      envelope = envelopeSchema.parse(JSON.parse(text));
    } catch (err) {
      logger.warn({ err }, 'Ignored a malformed live event notification');
      return;
    }
    if ('l' in envelope) listingWatchers.forEach((watcher) => watcher());
    else if ('x' in envelope) subscribers.end(envelope.x);
    else subscribers.deliver(envelope.u, envelope.e);
  }

  function receive(payload: string) {
    const chunk = parsePayload(payload);
    if (!chunk) {
      logger.warn({ payload: payload.slice(0, 80) }, 'Ignored a malformed live event notification');
      return;
    }
    if (chunk.origin !== origin) reassembler.accept(chunk);
  }

  async function connect(): Promise<{ next: pg.Client; pid: number }> {
    const next = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    let ended = false;
    // A dropped connection emits 'error' then 'end'; the outage is handled (and logged) once, on 'end'.
    next.on('error', () => {});
    next.on('end', () => {
      ended = true;
      if (client === next) lost();
    });
    next.on('notification', (message) => {
      if (client === next && message.channel === EVENTS_CHANNEL && message.payload !== undefined) receive(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      const { rows } = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (ended) throw new Error('The connection ended while subscribing');
      return { next, pid: rows[0]!.pid };
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
  }

  function use({ next, pid }: { next: pg.Client; pid: number }) {
    client = next;
    listenerPid = pid;
    pingTimer = setInterval(() => void ping(next), pingMs);
    pingTimer.unref();
  }

  /** A connection that silently died (a half-open TCP link) emits nothing: an unanswered query finds it. */
  async function ping(current: pg.Client) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.min(10_000, pingMs));
      timer.unref();
    });
    const outcome = await Promise.race([current.query('select 1').then(() => 'ok' as const, () => 'failed' as const), timeout]);
    clearTimeout(timer);
    if (outcome !== 'timeout' || client !== current) return;
    lost(new Error('The LISTEN connection stopped answering'));
    current.end().catch(() => {});
  }

  function lost(reason?: Error) {
    client = undefined;
    clearInterval(pingTimer);
    reassembler.clear();
    if (closed) return;
    logger.warn(
      { err: reason },
      'Live events: the LISTEN connection dropped; reconnecting. Events other app processes publish until then are not delivered here.',
    );
    void reconnect();
  }

  async function reconnect() {
    const since = Date.now();
    for (let attempt = 0; !closed; attempt++) {
      const delay = Math.min(retry.maxMs, retry.minMs * 2 ** attempt);
      await new Promise<void>((resolve) => {
        wakeRetry = resolve;
        // Jitter, so the processes of one database do not all come back in the same instant.
        retryTimer = setTimeout(resolve, delay * (0.8 + Math.random() * 0.4));
        retryTimer.unref();
      });
      if (closed) return;
      try {
        const connection = await connect();
        if (closed) {
          await connection.next.end().catch(() => {});
          return;
        }
        use(connection);
        logger.info({ attempts: attempt + 1, downMs: Date.now() - since }, 'Live events: the LISTEN connection is back');
        return;
      } catch {
        // Still down: the outage was logged when it began.
      }
    }
  }

  // Publishes queue behind the statement in flight and go out together in the next one: one round trip for
  // a burst, and the order of publishing is the order of delivery in every other process.
  let queue: Array<{ payloads: string[]; done: () => void }> = [];
  let flushing: Promise<void> | undefined;

  async function flush() {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_PAYLOADS_PER_STATEMENT);
      queue = queue.slice(batch.length);
      const payloads = batch.flatMap((entry) => entry.payloads);
      try {
        await db.execute(
          sql`select pg_notify(${EVENTS_CHANNEL}, p.payload) from json_array_elements_text(${JSON.stringify(payloads)}::json) with ordinality as p(payload, n) order by p.n`,
        );
      } catch (err) {
        logger.warn({ err, events: batch.length }, 'Live events: could not notify the other app processes');
      }
      for (const entry of batch) entry.done();
    }
    flushing = undefined;
  }

  /** Sends an envelope to the other app processes, in order with everything sent before it. */
  async function notify(envelope: z.infer<typeof envelopeSchema>): Promise<void> {
    let payloads: string[];
    try {
      // The id keeps payloads distinct: PostgreSQL folds identical notifications of one transaction into one.
      payloads = encodePayloads(origin, (sequence++).toString(36), JSON.stringify(envelope));
    } catch (err) {
      logger.warn({ err }, 'Live events: an event was too large to send to the other app processes');
      return;
    }
    await new Promise<void>((done) => {
      queue.push({ payloads, done });
      flushing ??= flush();
    });
  }

  use(await connect());

  return {
    async publish(userIds, event) {
      const to = [...new Set(userIds)];
      if (to.length === 0 || closed) return;
      subscribers.deliver(to, event);
      await notify({ u: to, e: event });
    },

    async endStreams(end) {
      if (closed) return;
      subscribers.end(end);
      await notify({ x: end });
    },

    subscribe: subscribers.subscribe,

    async listingsChanged() {
      if (!closed) await notify({ l: 1 });
    },

    onListingsChanged(watcher) {
      listingWatchers.add(watcher);
      return () => listingWatchers.delete(watcher);
    },

    async close() {
      if (closed) return;
      closed = true;
      await flushing;
      clearTimeout(retryTimer);
      wakeRetry?.();
      clearInterval(pingTimer);
      reassembler.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },

    get listening() {
      return client !== undefined;
    },

    get listenerPid() {
      return client ? listenerPid : undefined;
    },
  };
}
