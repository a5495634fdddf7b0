import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database, Db } from '../src/server/db/client.js';
import * as schema from '../src/server/db/schema.js';
import { createImageService } from '../src/server/modules/images/index.js';
import { createListingsRepository, createListingsService } from '../src/server/modules/listings/index.js';
import { locateZip } from '../src/server/modules/zip/index.js';
import { browseQuerySchema } from '../src/shared/services.js';
import { DENSE_ZIP, SPARSE_ZIP } from './seed.js';

type Client = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };
type Captured = { query: string; params: unknown[] };

export interface StatementPlan {
  sql: string;
  params: unknown[];
  plan: string;
  indexes: string[];
  seqScans: string[];
  executionMs: number;
}

/** Every statement one request sends (a category slug is resolved first; image URLs come after the page). */
export interface PathPlan {
  path: string;
  statements: StatementPlan[];
  indexes: string[];
  seqScans: string[];
  executionMs: number;
}

/** A path and how the service layer runs it (query parsed as the route parses it), on the services `make` builds. */
export type ExplainTarget<S> = { path: string; run: (services: S) => Promise<unknown> };

type ListingsServices = ReturnType<typeof createListingsService>;

/** The listings module as the server wires it, on the given drizzle instance. */
export const listingsServices = (db: Db): ListingsServices =>
  createListingsService({ db, repo: createListingsRepository(db), images: createImageService(db), locate: locateZip });

function centreOf(zip: string) {
  const place = locateZip(zip);
  if (!place) throw new Error(`the ZIP dataset has no centre for ${zip}`);
  return place;
}

/**
 * The searches around a ZIP (decision 050): 10 miles around a dense ZIP and a sparse one (bench/seed.ts), newest first
 * and nearest first, listings with a place only (`includeVirtual=false`): what the radius alone finds, through the place
 * index. With the virtual listings (browse's default) a newest-first page fills from them wherever it is, read along
 * the newest listings: EXPLAIN shows that too (`NEAR_WITH_VIRTUAL`), the load leaves it out.
 */
export const NEAR_SEARCHES = [DENSE_ZIP, SPARSE_ZIP].flatMap((zip) => {
  const { latitude, longitude } = centreOf(zip);
  const area = zip === DENSE_ZIP ? 'dense' : 'sparse';
  const base = `/api/services?near=${zip}&radius=10&includeVirtual=false`;
  return [
    { name: `near ${zip} (${area}), 10 mi`, path: base, zip, latitude, longitude, query: { near: zip, radius: '10', includeVirtual: 'false' } },
    { name: `near ${zip} (${area}), 10 mi, nearest first`, path: `${base}&sort=distance`, zip, latitude, longitude, query: { near: zip, radius: '10', includeVirtual: 'false', sort: 'distance' } },
  ];
});

/** The same newest-first searches with the virtual listings, as browse sends them by default: explained only. */
const NEAR_WITH_VIRTUAL = [DENSE_ZIP, SPARSE_ZIP].map((zip) => ({ path: `/api/services?near=${zip}&radius=10`, query: { near: zip, radius: '10' } }));

/** Each benchmarked listings path as it runs for an anonymous visitor. */
export function explainTargets(listingId: number): Array<ExplainTarget<ListingsServices>> {
  return [
    { path: '/api/services', run: (s) => s.browsePublicJson(browseQuerySchema.parse({})) },
    { path: '/api/services?categoryId=pet', run: (s) => s.browsePublicJson(browseQuerySchema.parse({ categoryId: 'pet' })) },
    { path: '/api/services?search=dog walking&sort=relevance', run: (s) => s.browsePublicJson(browseQuerySchema.parse({ search: 'dog walking', sort: 'relevance' })) },
    { path: '/api/services?search=dog walking (newest)', run: (s) => s.browsePublicJson(browseQuerySchema.parse({ search: 'dog walking' })) },
    { path: `/api/services/${listingId}`, run: (s) => s.get(listingId, null) },
    ...[...NEAR_SEARCHES, ...NEAR_WITH_VIRTUAL].map(({ path, query }) => ({ path, run: (s: ListingsServices) => s.browsePublicJson(browseQuerySchema.parse(query)) })),
  ];
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the app sends: the real service and repository (built by `make`)
 * run on a second drizzle instance over the same connection whose logger records each statement and
 * its parameters, and that statement is then explained with the same parameters.
 */
export async function explainPaths<S>(database: Database, make: (db: Db) => S, targets: Array<ExplainTarget<S>>): Promise<PathPlan[]> {
  const client = (database.db as unknown as { $client: Client }).$client;
  let captured: Captured[] = [];
  const logger: Logger = { logQuery: (query, params) => void captured.push({ query, params }) };
  const logged = (
    database.kind === 'pglite' ? drizzlePglite(client as unknown as PGlite, { schema, logger }) : drizzlePg(client as unknown as pg.Pool, { schema, logger })
  ) as unknown as Db;
  const services = make(logged);

  const plans: PathPlan[] = [];
  for (const target of targets) {
    captured = [];
    await target.run(services); // also warms the cache, as the benchmark's warm-up does
    if (captured.length === 0) throw new Error(`no SQL captured for ${target.path}`);
    const statements: StatementPlan[] = [];
    for (const { query, params } of captured) {
      // The app asking the planner which way a search should go (decision 032) reads no rows.
      if (/^explain\b/i.test(query)) continue;
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
      const plan = rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN'])).join('\n');
      statements.push({ sql: query, params, plan, ...summarize(plan) });
    }
    plans.push({
      path: target.path,
      statements,
      indexes: [...new Set(statements.flatMap((st) => st.indexes))],
      seqScans: [...new Set(statements.flatMap((st) => st.seqScans))],
      executionMs: statements.reduce((sum, st) => sum + st.executionMs, 0),
    });
  }
  return plans;
}

function summarize(plan: string) {
  const indexes = new Set<string>();
  const seqScans = new Set<string>();
  for (const m of plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)) indexes.add(m[1]!);
  for (const m of plan.matchAll(/Seq Scan on (\w+)/g)) seqScans.add(m[1]!);
  const time = /Execution Time: ([\d.]+) ms/.exec(plan);
  return { indexes: [...indexes], seqScans: [...seqScans], executionMs: time ? Number(time[1]) : NaN };
}

export function formatPlans(engine: string, plans: PathPlan[]): string {
  return plans
    .map(
      (p) =>
        `=== ${engine}: ${p.path}\n` +
        p.statements
          .map((st) => `-- ${st.sql}\n-- params: ${JSON.stringify(st.params)}\n${st.plan}\n-- indexes: ${st.indexes.join(', ') || 'none'}; seq scans: ${st.seqScans.join(', ') || 'none'}\n`)
          .join('\n'),
    )
    .join('\n');
}
