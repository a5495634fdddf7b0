import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { safeErrorMessage } from '../../lib/logging.js';
import { afterCommit } from '../../lib/transaction.js';
import { scrubbedBodies } from './link-secrets.js';
import { createOutboxRepository, type OutboxRow } from './repository.js';
import { createTransportFor, type MailTransport } from './transport.js';

export interface Email {
  /** What the email is about ('message-copy', 'message-notification', …), for logs, file names and tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (an alert's List-Unsubscribe, RFC 8058). A `token` query value in them is scrubbed once sent. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Writes the email into the outbox inside the caller's transaction, begun with lib/transaction.ts's
   * `transaction()`: the worker is woken once it commits (and not at all if it rolls back).
   */
  enqueue(tx: Db, email: Email): Promise<void>;
  /** Drops every row addressed to `address`, inside the caller's transaction (an account being deleted). */
  dropAllTo(tx: Db, address: string): Promise<void>;
  /** Deletes sent and given-up rows older than OUTBOX_RETENTION_DAYS; resolves with how many. The worker runs it hourly. */
  sweep(): Promise<number>;
  /** Sends every due email now (claims rows, sends, marks them); resolves with how many were sent. Used by the worker and by tests. */
  flush(): Promise<number>;
  /** Starts the background worker: a flush every few seconds and right after kick(). */
  start(): void;
  /** Asks the worker to flush soon (`enqueue` does it after its transaction commits). */
  kick(): void;
  /** Stops the worker and waits for an in-flight flush. */
  stop(): Promise<void>;
}

/** What other modules write mail with: the outbox, inside their own transaction. */
export type Outbox = Pick<Mailer, 'enqueue' | 'dropAllTo'>;

/** Console and Fastify's (pino) logger both fit. */
export interface MailLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface OutboxPolicy {
  /** Rows claimed per round trip. */
  batchSize: number;
  /** After this many failed attempts a row is left alone (sent_at null, last_error set) for a person to look at. */
  maxAttempts: number;
  /**
   * How long a claim keeps other workers off a row. A heartbeat renews it every third of the lease while the
   * worker holds the row, so it can be short: a dead worker's rows are claimable again within one lease.
   */
  leaseMs: number;
  /** The wait after the first failure; it doubles with each further failure up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** The worker's flush period when nobody kicks it. */
  pollMs: number;
  /** How often the worker deletes rows past their retention. */
  sweepMs: number;
}

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = {
  batchSize: 20,
  maxAttempts: 12,
  leaseMs: 60_000,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  pollMs: 5_000,
  sweepMs: 60 * 60_000,
};

export interface MailerDeps {
  db: Db;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'OUTBOX_RETENTION_DAYS'>;
  logger?: MailLogger;
  /** Defaults to SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
  transport?: MailTransport;
  policy?: Partial<OutboxPolicy>;
}

/** 30 s, 1 min, 2 min, … capped at an hour: the wait before the next try after the `attempts`-th failure. */
export function retryDelayMs(attempts: number, policy: Pick<OutboxPolicy, 'firstRetryMs' | 'maxRetryMs'> = DEFAULT_OUTBOX_POLICY): number {
  return Math.min(policy.firstRetryMs * 2 ** Math.max(0, attempts - 1), policy.maxRetryMs);
}

/** Errors that concern one message (a refused recipient or content); anything else means the transport itself is down. */
const MESSAGE_ERRORS = new Set(['EENVELOPE', 'EMESSAGE']);

/** A failed query's message would quote its parameters: the bodies, with their links. */
function describe(error: unknown): string {
  return safeErrorMessage(error).slice(0, 1000);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const seconds = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);

/**
 * The outbox (decision 007): callers write emails in their own transaction; `flush` claims due rows (safe with
 * several processes on one PostgreSQL), sends them and records the outcome, retrying failures with backoff.
 * Delivery is at least once: only a process that dies between sending and marking a row sends it again, with
 * the same Message-ID.
 */
export function createMailer(deps: MailerDeps): Mailer {
  const policy = { ...DEFAULT_OUTBOX_POLICY, ...deps.policy };
  const log = deps.logger ?? console;
  const repo = createOutboxRepository(deps.db);
  const transport = deps.transport ?? createTransportFor(deps.config, (message) => log.error(message));

  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  /** Flushes run one after another in a process; other processes are kept apart by the claim. */
  let chain: Promise<unknown> = Promise.resolve();
  let lastSweep = Number.NEGATIVE_INFINITY;

  let lastVerify = Number.NEGATIVE_INFINITY;

  async function fail(row: OutboxRow, error: string, onConnection: boolean): Promise<void> {
    const delay = retryDelayMs(row.attempts, policy);
    const givingUp = row.attempts >= policy.maxAttempts;
    await repo.markFailed(row.id, row.attempts, error, delay, givingUp ? scrubbedBodies(row) : undefined, onConnection);
    if (givingUp) {
      log.error(`Gave up on email #${row.id} (${row.kind}) after ${row.attempts} attempts; it stays in the outbox, without its link, for ${deps.config.OUTBOX_RETENTION_DAYS} days. Last error: ${error}`);
    }
  }

  /** Sends one claimed batch; answers how many went out and whether the transport looked down. */
  async function sendBatch(rows: OutboxRow[]): Promise<{ sent: number; down: boolean }> {
    const held = new Map(rows.map((row) => [row.id, row.attempts]));
    let renewedAt = Date.now();
    let beat: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      const startedAt = Date.now();
      beat = repo
        .renew([...held], policy.leaseMs)
        .then(() => void (renewedAt = startedAt))
        .catch((err: unknown) => log.warn(`Could not renew the outbox lease: ${describe(err)}`));
    }, policy.leaseMs / 3);
    heartbeat.unref();
    /** A row leaves the heartbeat before its outcome is written, so a renewal never undoes a backoff. */
    const settle = async (ids: number[]) => {
      for (const id of ids) held.delete(id);
      await beat;
    };
    let sent = 0;
    try {
      for (const [i, row] of rows.entries()) {
        // Never send on a claim that may have run out (the heartbeat failed): hand the rest back, claim them afresh.
        if (stopping || Date.now() - renewedAt > policy.leaseMs / 2) {
          await settle(rows.slice(i).map((r) => r.id));
          await repo.release(rows.slice(i));
          return { sent, down: false };
        }
        try {
          const line = await transport.send(row);
          await settle([row.id]);
          await repo.markSent(row.id, scrubbedBodies(row));
          sent += 1;
          if (line) log.info(line);
        } catch (err) {
          const error = describe(err);
          if (MESSAGE_ERRORS.has(codeOf(err) ?? '')) {
            await settle([row.id]);
            await fail(row, error, false);
            log.warn(`Email #${row.id} (${row.kind}) was refused; retrying in ${seconds(retryDelayMs(row.attempts, policy))}: ${error}`);
            continue;
          }
          // The server is unreachable or refuses us: the rest of the batch would fail the same way, slowly.
          const rest = rows.slice(i);
          await settle(rest.map((r) => r.id));
          for (const r of rest) await fail(r, error, true);
          log.warn(`Could not send ${rest.length} email(s) through ${transport.kind === 'smtp' ? 'SMTP' : 'the mail folder'}; retrying with backoff: ${error}`);
          return { sent, down: true };
        }
      }
      return { sent, down: false };
    } finally {
      clearInterval(heartbeat);
      await beat;
    }
  }

  /**
   * Rows in backoff because the server was unreachable go out as soon as it is back (decision 025): after any
   * successful send, or when a connection check (at most once per poll period) passes while nothing else is due.
   */
  async function serverIsBack(sentSomething: boolean): Promise<boolean> {
    if (sentSomething) return (await repo.bringForward(policy.maxAttempts)) > 0;
    if (Date.now() - lastVerify < policy.pollMs || !(await repo.anyWaitingForConnection(policy.maxAttempts))) return false;
    lastVerify = Date.now();
    try {
      await transport.verify();
    } catch {
      return false;
    }
    const due = await repo.bringForward(policy.maxAttempts);
    if (due > 0) log.info(`The mail server answers again; sending ${due} waiting email(s) now.`);
    return due > 0;
  }

  async function flushOnce(): Promise<number> {
    let sent = 0;
    let broughtForward = false;
    while (!stopping) {
      const rows = await repo.claimDue(policy.batchSize, policy.maxAttempts, policy.leaseMs);
      if (rows.length === 0) {
        // Once per flush: rows that fail again wait for their next backoff slot or the next sign of life.
        if (broughtForward || stopping || !(await serverIsBack(sent > 0))) break;
        broughtForward = true;
        continue;
      }
      const batch = await sendBatch(rows);
      sent += batch.sent;
      if (batch.down) break;
    }
    return sent;
  }

  /** One after another, so stop() waits for a sweep too before the database closes. */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  }

  const flush = () => serially(flushOnce);
  const sweep = () => serially(() => repo.deleteFinalOlderThan(deps.config.OUTBOX_RETENTION_DAYS, policy.maxAttempts));

  function schedule(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    // The worker alone must not keep the process alive.
    timer.unref();
  }

  async function tick() {
    timer = undefined;
    if (!running) return;
    try {
      await flush();
    } catch (err) {
      log.error(`The mail outbox could not be flushed: ${describe(err)}`);
    }
    if (running && Date.now() - lastSweep >= policy.sweepMs) {
      lastSweep = Date.now();
      await sweep().catch((err: unknown) => log.warn(`Could not delete old emails from the outbox: ${describe(err)}`));
    }
    if (running && !timer) schedule(policy.pollMs);
  }

  const kick = () => {
    if (running) schedule(0);
  };

  return {
    async enqueue(tx, email) {
      await repo.insert(tx, { kind: email.kind, toAddress: email.to, subject: email.subject, text: email.text, html: email.html, headers: email.headers ?? null });
      await afterCommit(tx, kick);
    },
    dropAllTo: (tx, address) => repo.deleteAllTo(tx, address),
    sweep,
    flush,
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    kick,
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      stopping = true;
      try {
        await chain;
      } finally {
        stopping = false;
        transport.close();
      }
    },
  };
}
