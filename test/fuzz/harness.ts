import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { RATE_LIMIT_TABLE } from '../../src/server/lib/rate-limit-store.js';
import type { TestApp } from '../helpers/app.js';
import { pick, seeded, textFields, type Context, type Pools } from './generate.js';
import { planRequest, type Persona, type Planned } from './requests.js';

/** A route as registered, with the zod schemas its request is validated against. */
export interface FuzzRoute {
  method: string;
  url: string;
  schema: { params?: z.core.$ZodType; querystring?: z.core.$ZodType; body?: z.core.$ZodType };
}

/** Streams that never end: an inject would wait forever. */
const SKIPPED = new Set(['GET /api/events', 'HEAD /api/events']);

/**
 * Builds an app while listening to every route it registers. Fastify announces each new instance on the
 * `fastify.initialization` diagnostics channel before any plugin runs, so an `onRoute` hook added there sees them all;
 * the `onError` hook keeps the cause of each 5xx for the report.
 */
export async function collectRoutes<T>(build: () => Promise<T>): Promise<{ value: T; routes: FuzzRoute[]; lastError: () => unknown }> {
  const routes: FuzzRoute[] = [];
  let last: unknown;
  const listener = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (!SKIPPED.has(`${method} ${route.url}`)) routes.push({ method, url: route.url, schema: (route.schema ?? {}) as FuzzRoute['schema'] });
      }
    });
    fastify.addHook('onError', async (_request, _reply, error) => {
      last = error;
    });
  };
  subscribe('fastify.initialization', listener);
  try {
    return { value: await build(), routes, lastError: () => last };
  } finally {
    unsubscribe('fastify.initialization', listener);
  }
}

/**
 * Every table's row count and a digest of its rows. Left out: sessions (reading a page refreshes one) and the
 * shared rate-limit counters on PostgreSQL (decision 026), which count refused attempts on purpose.
 */
async function tableDigests(t: TestApp): Promise<Map<string, string>> {
  const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const tables = (await rows(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`))
    .map((r) => String(r.name))
    .filter((name) => name !== 'sessions' && name !== RATE_LIMIT_TABLE);
  const union = tables.map((name) => `select '${name}' as name, count(*)::int as n, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from "${name}" x`).join(' union all ');
  return new Map((await rows(sql.raw(union))).map((r) => [String(r.name), `${r.n as number}:${r.h as string}`]));
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) => [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);

export interface Finding {
  method: string;
  url: string;
  persona: string;
  kind: string;
  status: number;
  answer: string;
  payload?: string;
  error?: string;
  tables?: string[];
}

export interface FuzzReport {
  seed: number;
  routes: number;
  sent: number;
  byStatus: Record<number, number>;
  /** Responses with status >= 500, or no answer within the time limit: must be none. */
  serverErrors: Finding[];
  /** 4xx answers after which some table's rows differ: must be none. */
  refusedWrites: Finding[];
  /** 4xx answers that are not JSON `{ message }`. */
  shapeless: Finding[];
  durationMs: number;
  /** With FuzzOptions.trace: every request's route, attack, persona and status. */
  trace?: Array<[route: string, kind: string, persona: string, status: number, answer: string]>;
}

export interface FuzzOptions {
  requests: number;
  seed: number;
  pools: Pools;
  /** Anonymous, member and administrator, in that order. */
  personas: Persona[];
  /** Signs a persona in again after a request ended its session (sign-out, ban, deletion). */
  revive: (persona: Persona) => Promise<void>;
  lastError: () => unknown;
  /** Called every REPLENISH_EVERY requests: new rows to aim at, since the requests delete some (an administrator's permanent delete). */
  replenish?: () => Promise<void>;
  onProgress?: (done: number, report: FuzzReport) => void;
  trace?: boolean;
}

const HANG_MS = 30_000;
const REPLENISH_EVERY = 100;
const short = (value: string | Buffer | undefined, max = 300) => {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value : value.toString('latin1');
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
};

async function send(app: FastifyInstance, planned: Planned) {
  const answer = app.inject({ method: planned.method as 'GET', url: planned.url, headers: planned.headers, payload: planned.payload, remoteAddress: planned.remoteAddress });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), HANG_MS)));
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}

function hasMessage(body: string): boolean {
  try {
    const json = JSON.parse(body) as unknown;
    return typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const remember = <T>(pool: T[], value: T) => {
  if (pool.includes(value)) return;
  pool.push(value);
  if (pool.length > 40) pool.splice(3, 1);
};

/** Rows the requests made (listings, conversations, people) become targets too, since others get deleted along the way. */
function learn(pools: Pools, body: string) {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return;
  }
  for (const item of [json].flat().slice(0, 5)) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, conversationId, serviceId } = item as Record<string, unknown>;
    for (const value of [id, conversationId, serviceId]) if (typeof value === 'number') remember(pools.serialIds, value);
    if (typeof id === 'string' && UUID.test(id) && 'username' in item) remember(pools.userIds, id);
  }
}

/** Sends `requests` generated requests to `routes` and reports what came back. */
export async function fuzz(t: TestApp, routes: FuzzRoute[], options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const rng = seeded(options.seed);
  let counter = 0;
  const context: Context = { rng, pools: options.pools, next: () => (counter += 1) };
  const report: FuzzReport = { seed: options.seed, routes: routes.length, sent: 0, byStatus: {}, serverErrors: [], refusedWrites: [], shapeless: [], durationMs: 0 };
  // Routes that take text are where stored text comes in: each counts once, plus twice per text field, plus once if it writes.
  const weighted = routes.flatMap((r) => {
    const texts = textFields(r.schema.params) + textFields(r.schema.querystring) + textFields(r.schema.body);
    return Array<FuzzRoute>(1 + 2 * texts + (['GET', 'HEAD'].includes(r.method) ? 0 : 1)).fill(r);
  });
  let before = await tableDigests(t);
  for (let i = 0; i < options.requests; i += 1) {
    const route = pick(rng, weighted);
    // Administrators mostly call their own routes.
    const [anonymous, member, admin] = options.personas as [Persona, Persona, Persona];
    const persona = route.url.startsWith('/api/admin') ? pick(rng, [anonymous, member, admin, admin, admin]) : pick(rng, [anonymous, member, member, admin]);
    const planned = planRequest(route, persona, context);
    const res = await send(t.app, planned);
    report.sent += 1;
    const status = res?.statusCode ?? 0;
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    if (options.trace) (report.trace ??= []).push([`${route.method} ${route.url}`, planned.kind, persona.kind, status, res?.body.slice(0, 120) ?? '']);
    const finding = (): Finding => ({
      method: planned.method,
      url: short(planned.url)!,
      persona: persona.kind,
      kind: planned.kind,
      status,
      answer: short(res?.body) ?? `no answer within ${HANG_MS} ms`,
      payload: short(planned.payload),
    });
    if (!res || status >= 500) report.serverErrors.push({ ...finding(), error: String((options.lastError() as Error | undefined)?.stack ?? options.lastError()) });
    const after = await tableDigests(t);
    if (status >= 400 && status < 500) {
      const tables = changedTables(before, after);
      if (tables.length > 0) report.refusedWrites.push({ ...finding(), tables });
      if (planned.method !== 'HEAD' && !hasMessage(res!.body)) report.shapeless.push(finding());
    }
    before = after;
    if (status >= 200 && status < 300) learn(options.pools, res!.body);
    if (persona.kind !== 'anonymous' && (status === 401 || (status === 403 && res!.body.includes('suspended')))) {
      await options.revive(persona);
      before = await tableDigests(t);
    }
    if ((i + 1) % REPLENISH_EVERY === 0 && options.replenish) {
      await options.replenish();
      before = await tableDigests(t);
    }
    if ((i + 1) % 500 === 0) options.onProgress?.(i + 1, report);
  }
  report.durationMs = Date.now() - started;
  return report;
}

export function summary(engine: string, report: FuzzReport): string {
  const statuses = Object.entries(report.byStatus)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  return [
    `fuzz on ${engine}, seed ${report.seed}, ${report.routes} routes, ${(report.durationMs / 1000).toFixed(1)} s`,
    `  requests sent: ${report.sent}`,
    `  responses >= 500: ${report.serverErrors.length}`,
    `  rows changed by refused (4xx) requests: ${report.refusedWrites.length}`,
    `  4xx answers without a JSON {message}: ${report.shapeless.length}`,
    `  by status: ${statuses}`,
  ].join('\n');
}
