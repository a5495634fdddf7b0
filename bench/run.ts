/**
 * The listings benchmark: seeds a fresh database per engine, explains the browse queries, starts the
 * built server and loads each route with autocannon. `npm run bench`; see bench/README.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.js';
import { BLOCK_CHANGES_PER_HOUR } from '../src/shared/members.js';
import { Api } from './client.js';
import { explainPaths, explainTargets, formatPlans, listingsServices, NEAR_SEARCHES, type PathPlan } from './explain.js';
import { DENSE_ZIP, seed, SPARSE_ZIP, type SeedReport } from './seed.js';
import {
  failed,
  HOST,
  log,
  postgresCpuMs,
  printTable as printRows,
  processCpuMs,
  resetPostgres,
  resultsDir,
  root,
  rows,
  runEngines,
  serverPid,
  startServer as startBenchServer,
  stopServer,
  type Engine,
} from './server.js';

const PORT = 5190;
const base = `http://${HOST}:${PORT}`;
const startServer = (env: { DATA_DIR: string; DATABASE_URL?: string; LISTINGS_CACHE_MS?: string }) => startBenchServer(PORT, env, serverDir);
/** The issue's targets, judged on PostgreSQL; PGlite's figures are reported against them too. */
const TARGETS = { browseP99Ms: 50, categoryP99Ms: 50, searchP99Ms: 200, browseJsonBytes: 40 * 1024 };
/**
 * The targets (decision 030) for every request reading the database (no page cache), signed out and signed in: a
 * share of the health ceiling measured in the same run, and a p99.
 */
const UNCACHED_TARGETS = {
  browse: { ofCeiling: 0.2, p99Ms: 60 },
  category: { ofCeiling: 0.2, p99Ms: 60 },
  search: { ofCeiling: 0.1, p99Ms: 120 },
};
const SEARCH = 'dog walking';
/**
 * The target (decision 057) for the searches around a ZIP (10 miles around a dense and a sparse ZIP, newest first and
 * nearest first), without the page cache, judged on PostgreSQL: a share of the same run's health ceiling and a p99.
 */
const NEAR_TARGETS = { ofCeiling: 0.15, p99Ms: 60 };

const defaultOut = join(resultsDir, 'latest.json');
const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    listings: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    engine: { type: 'string', default: 'all' },
    rounds: { type: 'string', default: '3' },
    /**
     * 'pages': only the health ceiling and the server-rendered pages (decision 042), signed-in rounds left out. 'near':
     * only the health ceiling and the searches around a ZIP (decision 050), in the rounds without the page cache.
     */
    only: { type: 'string', default: 'all' },
    out: { type: 'string', default: defaultOut },
    /** The checkout whose dist/ is served (another's, e.g. a worktree of an older commit, for a "before"). */
    'server-dir': { type: 'string', default: root },
    /**
     * PostgreSQL only: measure the bench database as the last run seeded it (the same --listings), neither wiped nor
     * seeded again, so a "before" and an "after" read the same rows minutes apart.
     */
    'reuse-seed': { type: 'boolean', default: false },
  },
});
const serverDir = resolve(args['server-dir']);
const settings = {
  users: Number(args.users),
  listings: Number(args.listings),
  connections: Number(args.connections),
  durationSeconds: Number(args.duration),
  warmupSeconds: Number(args.warmup),
  /** Rounds of the tables that read the database (ceiling, signed out, signed in); each figure is their median. */
  rounds: Number(args.rounds),
  only: args.only === 'pages' || args.only === 'near' ? args.only : ('all' as const),
};
/** A page as a browser asks for it: HTML, compressed (the server compresses every answer of 1 KB or more). */
const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };

interface Route {
  name: string;
  path: string;
  requests: Array<{ path: string; headers?: Record<string, string> }>;
}
interface RouteResult {
  name: string;
  path: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  avgMs: number;
  requests: number;
  ratioOfCeiling: number;
  /**
   * CPU time per request over the measured run, in milliseconds, from /proc: the server process (all its threads;
   * on PGlite the database too), and PostgreSQL's backends of the bench database (null on PGlite).
   */
  serverCpuMs: number;
  postgresCpuMs: number | null;
}

// ---------------------------------------------------------------- databases

interface Prepared {
  seed: SeedReport;
  migrateSeconds: number;
  listingIds: number[];
  petCategoryId: number;
  dataset: Record<string, number>;
  explain: PathPlan[];
}

/** Migrate, seed (unless `reused`: the last run's seed, checked), explain; the connection is closed before the server opens the database. */
async function prepare(database: Database, reused: boolean): Promise<Prepared> {
  const t0 = performance.now();
  await database.migrate();
  const migrateSeconds = (performance.now() - t0) / 1000;
  let report: SeedReport;
  if (reused) {
    const [count] = await rows<{ n: number }>(database, 'SELECT count(*)::int AS n FROM services');
    if (count?.n !== settings.listings) throw new Error(`--reuse-seed: the bench database holds ${count?.n ?? 0} listings, not ${settings.listings}; run once without it`);
    log(`reusing the last run's seed: ${count.n.toLocaleString('en-US')} listings`);
    report = { users: settings.users, listings: settings.listings, images: 0, likes: 0, seconds: 0, vacuumSeconds: 0, places: { metro: 0, cities: 0, everywhere: 0 } };
  } else {
    log(`seeding ${settings.listings.toLocaleString('en-US')} listings from ${settings.users.toLocaleString('en-US')} users…`);
    report = await seed(database.db, { users: settings.users, listings: settings.listings });
    log(`seeded in ${report.seconds.toFixed(1)} s, VACUUM (ANALYZE) ${report.vacuumSeconds.toFixed(1)} s of it (${report.images.toLocaleString('en-US')} images, ${report.likes.toLocaleString('en-US')} likes)`);
  }

  const publicListing = `s.deleted_at IS NULL AND s.is_active AND NOT u.is_banned`;
  const listingIds = (
    await rows<{ id: number }>(database, `SELECT s.id FROM services s JOIN users u ON u.id = s.user_id WHERE ${publicListing} ORDER BY md5(s.id::text) LIMIT 64`)
  ).map((r) => r.id);
  const [pet] = await rows<{ id: number }>(database, `SELECT id FROM categories WHERE slug = 'pet'`);
  // Public listings with a place within 10 miles of each benchmarked ZIP (the haversine of decision 050), for the figures' meaning.
  const within = (zip: string) => `count(*) FILTER (WHERE ${publicListing} AND NOT s.is_virtual AND s.latitude IS NOT NULL AND 2 * 3958.7613 * asin(least(1, sqrt(
      power(sin(radians(s.latitude - z.lat) / 2), 2) + cos(radians(z.lat)) * cos(radians(s.latitude)) * power(sin(radians(s.longitude - z.lon) / 2), 2)))) <= 10
      AND z.zip = '${zip}')::int`;
  const [dataset] = await rows<Record<string, number>>(
    database,
    `SELECT count(*)::int AS listings,
            count(*) FILTER (WHERE ${publicListing})::int AS public,
            count(*) FILTER (WHERE ${publicListing} AND c.slug = 'pet')::int AS "publicPet",
            count(*) FILTER (WHERE ${publicListing} AND s.search_vector @@ websearch_to_tsquery('english', '${SEARCH}'))::int AS "publicFullTextMatches",
            count(*) FILTER (WHERE ${publicListing} AND '${SEARCH}' <% s.title)::int AS "publicTitleTrigramMatches"
     FROM services s JOIN users u ON u.id = s.user_id JOIN categories c ON c.id = s.category_id`,
  );
  const places = NEAR_SEARCHES.filter((n) => !('sort' in n.query)).map((n) => `('${n.zip}', ${n.latitude}::float8, ${n.longitude}::float8)`);
  const [near] = await rows<Record<string, number>>(
    database,
    `SELECT ${within(DENSE_ZIP)} AS "publicWithin10MilesOfDense", ${within(SPARSE_ZIP)} AS "publicWithin10MilesOfSparse"
     FROM services s JOIN users u ON u.id = s.user_id CROSS JOIN (VALUES ${places.join(', ')}) AS z(zip, lat, lon)`,
  );
  if (!pet || !dataset || listingIds.length === 0) throw new Error('the seeded database has no pet category or no public listing');
  log(`public listings within 10 miles: ${near?.publicWithin10MilesOfDense} of ${DENSE_ZIP} (dense), ${near?.publicWithin10MilesOfSparse} of ${SPARSE_ZIP} (sparse)`);

  const explain = await explainPaths(database, listingsServices, explainTargets(listingIds[0]!));
  return { seed: report, migrateSeconds, listingIds, petCategoryId: pet.id, dataset: { ...dataset, ...near }, explain };
}

// ---------------------------------------------------------------- load

function routes(prepared: Prepared): Route[] {
  const one = (name: string, path: string): Route => ({ name, path, requests: [{ path }] });
  // The searches around a ZIP are measured beside a plain first page of browse (the same 24 cards), for reference.
  if (settings.only === 'near') return [one('health (ceiling)', '/api/health'), one('browse first page', '/api/services')];
  if (settings.only !== 'all') return [one('health (ceiling)', '/api/health')];
  return [
    one('health (ceiling)', '/api/health'),
    one('browse first page', '/api/services'),
    one('category by slug', '/api/services?categoryId=pet'),
    one('category by id', `/api/services?categoryId=${prepared.petCategoryId}`),
    one('text search', `/api/services?search=${encodeURIComponent(SEARCH)}&sort=relevance`),
    {
      name: 'single listing',
      path: `/api/services/{${prepared.listingIds.length} ids}`,
      requests: prepared.listingIds.map((id) => ({ path: `/api/services/${id}` })),
    },
  ];
}

/** 10 miles around a dense ZIP and a sparse one, newest first and nearest first (run without the page cache). */
function nearRoutes(): Route[] {
  return NEAR_SEARCHES.map(({ name, path }) => ({ name, path, requests: [{ path }] }));
}

/**
 * Server-rendered pages signed out (decision 042), as deployed: the signed-out render comes from the page
 * cache (LISTINGS_CACHE_MS), with its Brotli bytes compressed once when it was rendered; a listing's page, over the
 * same ids as the single listing, is also remembered at its revision (decision 065).
 */
function cachedPageRoutes(prepared: Prepared): Route[] {
  const page = (name: string, path: string): Route => ({ name, path, requests: [{ path, headers: BROWSER_HEADERS }] });
  return [page('page / (SSR, signed out)', '/'), page('page /services (SSR, signed out)', '/services'), listingPageRoute(prepared, 'page /services/{id} (SSR, signed out)')];
}

/**
 * A listing's page over the same ids as the single listing: rendered on every request in the runs with the page cache
 * off, from the page cache in the others.
 */
function listingPageRoute(prepared: Prepared, name = 'page /services/{id} (SSR)'): Route {
  return {
    name,
    path: `/services/{${prepared.listingIds.length} ids}`,
    requests: prepared.listingIds.map((id) => ({ path: `/services/${id}`, headers: BROWSER_HEADERS })),
  };
}

/** The pages must really be rendered on the server: the answer carries the state the browser hydrates from. */
async function checkServerRendered(paths: string[]) {
  for (const path of paths) {
    const res = await fetch(`${base}${path}`, { headers: BROWSER_HEADERS });
    const html = await res.text();
    if (!res.ok || !html.includes('id="page-state"')) {
      throw new Error(`GET ${path} answered ${res.status} without id="page-state": not rendered on the server (is dist/ssr built? npm run build)`);
    }
  }
}

/**
 * The routes a signed-in member reads, with their session cookie: the session is looked up on each request. Browse
 * and search again for a member who blocked as many neighbours as an hour allows (decision 045): every list of
 * theirs leaves those neighbours' listings out.
 */
function signedInRoutes(prepared: Prepared, cookie: string, blocker: Blocker): Route[] {
  const lists = routes(prepared).filter((r) => r.path.startsWith('/api/services?') || r.path === '/api/services');
  const as = (suffix: string, session: string) => (r: Route) => ({ name: `${r.name} (${suffix})`, path: r.path, requests: r.requests.map((q) => ({ ...q, headers: { cookie: session } })) });
  const blockerLists = lists.filter((r) => r.name === 'browse first page' || r.name === 'text search');
  return [...lists.map(as('signed in', cookie)), ...blockerLists.map(as(`signed in, ${blocker.blocks} blocks`, blocker.cookie))];
}

interface Blocker {
  cookie: string;
  blocks: number;
}

/** A member who blocked the owners of the newest listings, as many as an hour allows (BLOCK_CHANGES_PER_HOUR). */
async function signUpBlocker(api: Api): Promise<Blocker> {
  const { cookie } = await api.signUp(`bench-blocker-${Date.now()}@example.com`, 'a bench member who blocks neighbours');
  const owners = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: { body: { services: Array<{ userId: string }>; nextCursor: string | null } } = await api.request('GET', `/api/services${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    const { body } = page;
    for (const service of body.services) owners.add(service.userId);
    cursor = body.nextCursor;
  } while (owners.size < BLOCK_CHANGES_PER_HOUR && cursor);
  const blocked = [...owners].slice(0, BLOCK_CHANGES_PER_HOUR);
  for (const id of blocked) {
    const { response } = await api.request('POST', `/api/users/${id}/block`, { cookie });
    if (response.status !== 204) throw new Error(`the bench member could not block ${id}: ${response.status}`);
  }
  return { cookie, blocks: blocked.length };
}

/** The bench database's name while PostgreSQL is measured (its backends' CPU time is read), else null. */
let postgresDatabase: string | null = null;

/** The CPU time so far of the server and of PostgreSQL's backends of the bench database, in milliseconds. */
function cpuNow() {
  const pid = serverPid();
  return { server: pid === undefined ? 0 : processCpuMs(pid), postgres: postgresDatabase === null ? null : postgresCpuMs(postgresDatabase) };
}

async function cannon(route: Route, seconds: number) {
  let clientNo = 0;
  const before = cpuNow();
  const result = await autocannon({
    url: base,
    connections: settings.connections,
    duration: seconds,
    // Long enough that a slow engine is measured rather than cut off; a run still ends after `seconds`.
    timeout: 30,
    requests: route.requests,
    // Each connection starts at a different place in the list, so the rotated ids are spread out.
    setupClient: (client) => {
      const shift = (clientNo++ * 7) % route.requests.length;
      client.setRequests([...route.requests.slice(shift), ...route.requests.slice(0, shift)]);
    },
  });
  const after = cpuNow();
  // autocannon abandons its in-flight requests when the time is up, but the server still answers them:
  // one more request waits behind that backlog (the pool and PGlite queue in order), so the next run starts clean.
  await fetch(`${base}${route.requests[0]!.path}`, { headers: route.requests[0]!.headers });
  const failures = result.errors + result.timeouts + result.non2xx + result.mismatches;
  if (failures > 0) {
    throw new Error(
      `${route.name} (${route.path}): ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx; status codes ${JSON.stringify(result.statusCodeStats)}`,
    );
  }
  const perRequest = (used: number) => Math.round((used / Math.max(1, result.requests.total)) * 1000) / 1000;
  // A backend that ended during the run takes its time out of the sum (an idle connection the pool closed): never below 0.
  const cpu = { serverCpuMs: perRequest(after.server - before.server), postgresCpuMs: after.postgres === null || before.postgres === null ? null : perRequest(Math.max(0, after.postgres - before.postgres)) };
  return { ...result, cpu };
}

async function load(all: Route[], ceilingReqPerSec?: number): Promise<RouteResult[]> {
  const results: RouteResult[] = [];
  for (const route of all.filter((r) => ceilingReqPerSec === undefined || r.path !== '/api/health')) {
    await cannon(route, settings.warmupSeconds);
    const r = await cannon(route, settings.durationSeconds);
    const ceiling = ceilingReqPerSec ?? results[0]?.reqPerSec ?? r.requests.average;
    results.push({
      name: route.name,
      path: route.path,
      reqPerSec: r.requests.average,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      avgMs: r.latency.average,
      requests: r.requests.total,
      ratioOfCeiling: r.requests.average / ceiling,
      ...r.cpu,
    });
    const cpu = `CPU per request: server ${r.cpu.serverCpuMs} ms${r.cpu.postgresCpuMs === null ? '' : `, PostgreSQL ${r.cpu.postgresCpuMs} ms`}`;
    log(`${route.name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms; ${cpu}`);
  }
  return results;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Each route's median over the rounds (req/s and latencies alike), its ratio against the median ceiling of the same
 * rounds. On this shared virtual machine one 10-second run of a route swings by up to half from one minute to the next
 * (bench/README.md); the median of interleaved rounds is what the targets are judged on.
 */
function mediansOf(rounds: RouteResult[][], ceiling: number): RouteResult[] {
  return rounds[0]!.map((first, index) => {
    const same = rounds.map((round) => round[index]!);
    const of = (pick: (r: RouteResult) => number) => median(same.map(pick));
    const reqPerSec = of((r) => r.reqPerSec);
    const postgres = same.every((r) => r.postgresCpuMs !== null) ? of((r) => r.postgresCpuMs!) : null;
    return {
      ...first,
      reqPerSec,
      p50Ms: of((r) => r.p50Ms),
      p99Ms: of((r) => r.p99Ms),
      avgMs: of((r) => r.avgMs),
      requests: of((r) => r.requests),
      ratioOfCeiling: reqPerSec / ceiling,
      serverCpuMs: of((r) => r.serverCpuMs),
      postgresCpuMs: postgres,
    };
  });
}

/** The first page as a browser gets it: 24 listings, image URLs only. */
async function browsePage() {
  const res = await fetch(`${base}/api/services`);
  const body = await res.text();
  if (!res.ok) throw new Error(`GET /api/services answered ${res.status}`);
  const page = JSON.parse(body) as { services: Array<{ images: string[] }> };
  if (page.services.some((s) => s.images.some((url) => !url.startsWith('/api/images/')))) throw new Error('the browse answer carries image bytes inline');
  return { listings: page.services.length, bytes: Buffer.byteLength(body), withImages: page.services.filter((s) => s.images.length > 0).length };
}

// ---------------------------------------------------------------- report

function targetsFor(results: RouteResult[], browseBytes: number) {
  const p99 = (name: string) => results.find((r) => r.name === name)?.p99Ms ?? NaN;
  const check = (value: number, limit: number) => ({ value, limit, met: value <= limit });
  return {
    browseP99Ms: check(p99('browse first page'), TARGETS.browseP99Ms),
    categoryP99Ms: check(Math.max(p99('category by slug'), p99('category by id')), TARGETS.categoryP99Ms),
    searchP99Ms: check(p99('text search'), TARGETS.searchP99Ms),
    browseJsonBytes: check(browseBytes, TARGETS.browseJsonBytes),
  };
}

/** The target for each search around a ZIP (decision 057), on the runs without the page cache. */
function nearTargetsFor(results: RouteResult[]) {
  return Object.fromEntries(
    NEAR_SEARCHES.map(({ name }) => {
      const r = results.find((x) => x.name === name);
      if (!r) throw new Error(`no result for ${name}`);
      const value = { ofCeiling: Math.round(r.ratioOfCeiling * 1000) / 1000, p99Ms: r.p99Ms };
      return [name, { value, target: NEAR_TARGETS, met: value.ofCeiling >= NEAR_TARGETS.ofCeiling && value.p99Ms <= NEAR_TARGETS.p99Ms }];
    }),
  );
}

/** The targets of decision 030 on the runs without the page cache; category is judged on its slower form, by slug or by id. */
function uncachedTargetsFor(results: RouteResult[]) {
  const worst = (prefix: string) => {
    const matching = results.filter((r) => r.name.startsWith(prefix));
    return { ofCeiling: Math.min(...matching.map((r) => r.ratioOfCeiling)), p99Ms: Math.max(...matching.map((r) => r.p99Ms)) };
  };
  const check = (prefix: string, target: { ofCeiling: number; p99Ms: number }) => {
    const value = worst(prefix);
    return { value: { ofCeiling: Math.round(value.ofCeiling * 1000) / 1000, p99Ms: value.p99Ms }, target, met: value.ofCeiling >= target.ofCeiling && value.p99Ms <= target.p99Ms };
  };
  return {
    browse: check('browse first page', UNCACHED_TARGETS.browse),
    category: check('category by', UNCACHED_TARGETS.category),
    search: check('text search', UNCACHED_TARGETS.search),
  };
}

/**
 * The listing page's targets (decision 065), judged on PostgreSQL: rendered on every request (no page cache) at least
 * this many a second with this p99.
 */
const LISTING_PAGE_TARGETS = { reqPerSec: 300, p99Ms: 250 };

/**
 * The server-rendered pages (decision 042), each against the health ceiling of its own run: home, browse and a
 * listing's page as deployed (the signed-out page cache on), a listing's page without the cache (the median of the
 * rounds: each request rendered, its server CPU time the CPU time of one render) and with only its revision's memory
 * (LISTINGS_CACHE_MS=1: each request asks the database for the page's revision, decision 065).
 */
function pagesSummary(deployed: RouteResult[], uncached: RouteResult[], byRevision: RouteResult[]) {
  const pick = (list: RouteResult[], name: string, cache: string) => {
    const r = list.find((x) => x.name === name);
    if (!r) throw new Error(`no result for ${name}`);
    const { path, reqPerSec, p50Ms, p99Ms, serverCpuMs, postgresCpuMs } = r;
    return { path, cache, reqPerSec, p50Ms, p99Ms, ratioOfCeiling: Math.round(r.ratioOfCeiling * 1000) / 1000, serverCpuMs, postgresCpuMs };
  };
  const listing = pick(uncached, 'page /services/{id} (SSR)', 'no page cache, median of the rounds');
  return {
    home: pick(deployed, 'page / (SSR, signed out)', 'page cache on'),
    browse: pick(deployed, 'page /services (SSR, signed out)', 'page cache on'),
    listing: { ...listing, target: LISTING_PAGE_TARGETS, met: listing.reqPerSec >= LISTING_PAGE_TARGETS.reqPerSec && listing.p99Ms <= LISTING_PAGE_TARGETS.p99Ms },
    listingCached: pick(deployed, 'page /services/{id} (SSR, signed out)', 'page cache on'),
    ...(byRevision.length > 0 && { listingByRevision: pick(byRevision, 'page /services/{id} (SSR, signed out)', 'LISTINGS_CACHE_MS=1: remembered by revision only') }),
  };
}

function printTable(title: string, results: RouteResult[]) {
  const lines = results.map((r) => [
    r.name,
    Math.round(r.reqPerSec).toLocaleString('en-US'),
    String(r.p50Ms),
    String(r.p99Ms),
    `${(r.ratioOfCeiling * 100).toFixed(1)} %`,
    r.serverCpuMs.toFixed(2),
    r.postgresCpuMs === null ? '—' : r.postgresCpuMs.toFixed(2),
  ]);
  printRows(title, ['route', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'server CPU ms/req', 'PostgreSQL CPU ms/req'], lines);
}

// ---------------------------------------------------------------- engines

async function benchEngine(engine: Engine, url?: string): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), `csm-bench-${engine}-`));
  try {
    const reused = Boolean(url) && args['reuse-seed'];
    log(`${engine}: ${reused ? "the last run's database" : 'fresh database'}`);
    if (url && !reused) await resetPostgres(url);
    postgresDatabase = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : null;
    const database = url ? await openPostgres(url) : await openPglite(join(dataDir, 'pglite'));
    let prepared: Prepared;
    try {
      prepared = await prepare(database, reused);
    } finally {
      await database.close();
    }
    // Beside the results: a trial run with --out elsewhere leaves the checked-in plans alone.
    const explainDir = args.out === defaultOut ? resultsDir : dirname(args.out);
    mkdirSync(explainDir, { recursive: true });
    writeFileSync(join(explainDir, `explain-${engine}.txt`), formatPlans(engine, prepared.explain));
    for (const p of prepared.explain) {
      log(`EXPLAIN ${p.path}: ${p.executionMs.toFixed(2)} ms; indexes ${p.indexes.join(', ') || 'none'}; seq scans ${p.seqScans.join(', ') || 'none'}`);
    }

    const title = `${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${settings.listings.toLocaleString('en-US')} listings, ${settings.connections} connections × ${settings.durationSeconds} s`;
    // As deployed: signed-out pages are kept in memory for LISTINGS_CACHE_MS (1 s by default). The searches around a
    // ZIP (--only near) are judged without the cache only.
    let browse: Awaited<ReturnType<typeof browsePage>> = { listings: 0, bytes: 0, withImages: 0 };
    let results: RouteResult[] = [];
    if (settings.only !== 'near') {
      await startServer({ DATA_DIR: dataDir, DATABASE_URL: url });
      try {
        browse = await browsePage();
        await checkServerRendered(['/', '/services', `/services/${prepared.listingIds[0]}`]);
        results = await load([...routes(prepared), ...cachedPageRoutes(prepared)]);
      } finally {
        await stopServer();
      }
      printTable(`${title}, as deployed (seeded in ${prepared.seed.seconds.toFixed(1)} s; browse page ${browse.listings} listings = ${browse.bytes.toLocaleString('en-US')} bytes of JSON)`, results);
    }
    // A listing's page remembered by its revision alone (decision 065): the moment's cache lasts a millisecond, so nearly
    // every request asks the database for the page's revision and sends the render remembered at it.
    let byRevision: RouteResult[] = [];
    if (settings.only !== 'near') {
      await startServer({ DATA_DIR: dataDir, DATABASE_URL: url, LISTINGS_CACHE_MS: '1' });
      try {
        byRevision = await load([routes(prepared)[0]!, listingPageRoute(prepared, 'page /services/{id} (SSR, signed out)')]);
      } finally {
        await stopServer();
      }
      printTable(`${title}, a listing's page remembered by revision only (LISTINGS_CACHE_MS=1)`, byRevision);
    }
    // Every request to the database: what signed-in readers, deep pages and rare searches cost. Each round measures the
    // ceiling again, then every route signed out and signed in; the tables give each figure's median over the rounds.
    await startServer({ DATA_DIR: dataDir, DATABASE_URL: url, LISTINGS_CACHE_MS: '0' });
    const rounds: Array<{ ceiling: RouteResult; uncached: RouteResult[]; signedIn: RouteResult[] }> = [];
    try {
      const { cookie } = await new Api(base).signUp(`bench-${Date.now()}@example.com`, 'a bench member of the neighbourhood');
      const blocker = settings.only !== 'all' ? { cookie, blocks: 0 } : await signUpBlocker(new Api(base));
      for (let round = 1; round <= settings.rounds; round++) {
        log(`${engine}: round ${round} of ${settings.rounds} without the page cache`);
        const uncachedRoutes = settings.only === 'near' ? [...routes(prepared), ...nearRoutes()] : [...routes(prepared), ...(settings.only === 'all' ? nearRoutes() : []), listingPageRoute(prepared)];
        const [ceiling, ...uncachedRound] = await load(uncachedRoutes);
        const signedInRound = settings.only !== 'all' ? [] : await load(signedInRoutes(prepared, cookie, blocker), ceiling!.reqPerSec);
        rounds.push({ ceiling: ceiling!, uncached: uncachedRound, signedIn: signedInRound });
      }
    } finally {
      await stopServer();
    }
    const ceiling = median(rounds.map((r) => r.ceiling.reqPerSec));
    const uncached = mediansOf(
      rounds.map((r) => r.uncached),
      ceiling,
    );
    const signedIn = mediansOf(
      rounds.map((r) => r.signedIn),
      ceiling,
    );
    const medianTitle = `median of ${settings.rounds} round${settings.rounds === 1 ? '' : 's'}, ceiling ${Math.round(ceiling).toLocaleString('en-US')} req/s`;
    printTable(`${title}, without the page cache (LISTINGS_CACHE_MS=0; ${medianTitle})`, uncached);
    if (settings.only === 'all') printTable(`${title}, signed in (a session looked up and likes marked on every request; ${medianTitle})`, signedIn);
    const nearTargets = settings.only === 'pages' ? undefined : nearTargetsFor(uncached);
    for (const [name, t] of Object.entries(nearTargets ?? {})) {
      log(`${engine} ${name}, no page cache: ${(t.value.ofCeiling * 100).toFixed(1)} % of ceiling (≥ ${t.target.ofCeiling * 100} %), p99 ${t.value.p99Ms} ms (≤ ${t.target.p99Ms}): ${t.met ? 'met' : 'NOT met'}`);
    }
    const explained = prepared.explain.map(({ path, indexes, seqScans, executionMs }) => ({ path, indexes, seqScans, executionMs }));
    if (settings.only === 'near') {
      return { seed: { ...prepared.seed, migrateSeconds: prepared.migrateSeconds }, dataset: prepared.dataset, routesWithoutPageCache: uncached, databaseCeiling: ceiling, databaseRounds: rounds, nearTargets, explain: explained };
    }
    const pages = pagesSummary(results, uncached, byRevision);
    for (const [name, p] of Object.entries(pages)) {
      const cpu = `server CPU ${p.serverCpuMs} ms${p.postgresCpuMs === null ? '' : `, PostgreSQL CPU ${p.postgresCpuMs} ms`} per request`;
      log(`${engine} ${name} (${p.cache}): ${Math.round(p.reqPerSec)} req/s, p99 ${p.p99Ms} ms, ${(p.ratioOfCeiling * 100).toFixed(1)} % of the health ceiling; ${cpu}`);
    }
    const { listing } = pages;
    log(`${engine} listing page target, no page cache: ${Math.round(listing.reqPerSec)} req/s (≥ ${listing.target.reqPerSec}), p99 ${listing.p99Ms} ms (≤ ${listing.target.p99Ms}): ${listing.met ? 'met' : 'NOT met'}`);
    if (settings.only === 'pages') {
      return { dataset: prepared.dataset, routes: results, routesWithoutPageCache: uncached, routesByRevision: byRevision, databaseCeiling: ceiling, databaseRounds: rounds, pages };
    }
    const targets = targetsFor(results, browse.bytes);
    for (const [name, t] of Object.entries(targets)) log(`${engine} target ${name}: ${t.value} ≤ ${t.limit}: ${t.met ? 'met' : 'NOT met'}`);
    const databaseTargets = { signedOut: uncachedTargetsFor(uncached), signedIn: uncachedTargetsFor(signedIn) };
    for (const [who, set] of Object.entries(databaseTargets)) {
      for (const [name, t] of Object.entries(set)) {
        log(`${engine} ${who}, no page cache, ${name}: ${(t.value.ofCeiling * 100).toFixed(1)} % of ceiling (≥ ${t.target.ofCeiling * 100} %), p99 ${t.value.p99Ms} ms (≤ ${t.target.p99Ms}): ${t.met ? 'met' : 'NOT met'}`);
      }
    }
    return {
      seed: { ...prepared.seed, migrateSeconds: prepared.migrateSeconds },
      dataset: prepared.dataset,
      browsePage: browse,
      routes: results,
      routesWithoutPageCache: uncached,
      routesSignedIn: signedIn,
      routesByRevision: byRevision,
      pages,
      databaseCeiling: ceiling,
      databaseRounds: rounds,
      databaseTargets,
      nearTargets,
      targets,
      targetsWithoutPageCache: targetsFor([results[0]!, ...uncached], browse.bytes),
      explain: explained,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runEngines(
  args.engine,
  args.out,
  {
    settings: { ...settings, search: SEARCH, near: { dense: DENSE_ZIP, sparse: SPARSE_ZIP, radiusMiles: 10 }, serverDir },
    targets: TARGETS,
    databaseTargets: UNCACHED_TARGETS,
    nearTargets: NEAR_TARGETS,
    listingPageTargets: LISTING_PAGE_TARGETS,
  },
  benchEngine,
  { serverDir },
).catch(failed);
