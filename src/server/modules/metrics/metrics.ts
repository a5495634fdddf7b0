import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import { onRateLimitRefusal } from '../../lib/rate-limit.js';
import type { EventBus } from '../events/index.js';
import { readOutboxHealth } from '../mail/index.js';

/** The route label of a request no route matched: raw URLs would make one series per probe of a scanner. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Scrape-time queries give up after this long; the rest of the page is still served. */
const SCRAPE_QUERY_TIMEOUT_MS = 2000;

/** Set by the backup code after each successful backup; module-wide because the backup has no app at hand. */
let lastBackupSuccess: Date | undefined;
export function recordBackupSuccess(date: Date = new Date()): void {
  lastBackupSuccess = date;
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export interface MetricsDeps {
  database: Database;
  /** Scrape-time failures (the database away) are logged; the page is served without those values. */
  log: { warn(details: object, message: string): void };
}

/**
 * One registry per app (decision 023): tests build many apps in one process, and prom-client's global registry
 * would refuse the second set of names. Values that live in the database are read when Prometheus scrapes.
 */
export function createMetrics({ database, log }: MetricsDeps) {
  const registry = new Registry();
  const registers = [registry];
  let defaultsOn = false;
  let openStreams = 0;

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const refusals = new Counter({ name: 'rate_limit_refusals_total', help: 'Requests refused by a rate limit (429), by limiter.', labelNames: ['limiter'] as const, registers });
  const stopCounting = onRateLimitRefusal((limiter) => refusals.inc({ limiter }));

  new Gauge({ name: 'event_streams_open', help: 'Live event streams (GET /api/events) open in this process.', registers, collect() {
    this.set(openStreams);
  } });

  new Gauge({ name: 'backup_last_success_timestamp_seconds', help: 'When the last backup succeeded (Unix time; 0 when none since start).', registers, collect() {
    this.set(lastBackupSuccess ? lastBackupSuccess.getTime() / 1000 : 0);
  } });

  // The embedded engine is one connection inside the process: it has no pool to report.
  const pool = database.pool;
  if (pool) {
    new Gauge({ name: 'db_pool_connections', help: 'PostgreSQL pool connections by state (in_use, idle).', labelNames: ['state'] as const, registers, collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    } });
    new Gauge({ name: 'db_pool_waiting', help: 'Queries waiting for a free PostgreSQL pool connection.', registers, collect() {
      this.set(pool.waitingCount);
    } });
  }

  const outboxPending = new Gauge({ name: 'mail_outbox_pending', help: 'Emails waiting to be sent (including retries).', registers });
  const outboxFailed = new Gauge({ name: 'mail_outbox_failed', help: 'Emails given up on after every retry, still in the outbox.', registers });
  const outboxOldest = new Gauge({ name: 'mail_outbox_oldest_pending_seconds', help: 'Age of the oldest email waiting to be sent (0 when none).', registers });

  async function readOutbox(): Promise<void> {
    const health = await readOutboxHealth(database.db);
    outboxPending.set(health.pending);
    outboxFailed.set(health.failed);
    outboxOldest.set(health.oldestPendingSeconds);
  }

  return {
    registry,

    /** onResponse hook: one observation per answered request. */
    observe(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      requestDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_class: statusClass(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    },

    /** The bus the event-stream route uses, counting the streams it holds open (one subscription each). */
    countingStreams(bus: EventBus): EventBus {
      return {
        ...bus,
        subscribe(userId, listener, options) {
          const unsubscribe = bus.subscribe(userId, listener, options);
          openStreams += 1;
          let open = true;
          return () => {
            if (open) openStreams -= 1;
            open = false;
            unsubscribe();
          };
        },
      };
    },

    /** The page Prometheus reads. */
    async scrape(): Promise<string> {
      // Started at the first scrape, not at build: each start adds an event-loop monitor and a GC observer that
      // live as long as the process, and tests build many apps that are never scraped.
      if (!defaultsOn) {
        collectDefaultMetrics({ register: registry });
        defaultsOn = true;
      }
      await withTimeout(readOutbox(), SCRAPE_QUERY_TIMEOUT_MS).catch((err: unknown) => log.warn({ err }, 'Could not read the mail outbox for the metrics'));
      return registry.metrics();
    },

    close(): void {
      stopCounting();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
