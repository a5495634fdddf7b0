/**
 * The administrator benchmark: the listings benchmark's 100,000 listings plus reports, conversations with their
 * messages, soft-deleted listings and an audit log, all in set-based SQL; then one administrator (ADMIN_EMAILS,
 * made as `npm run admin -- create` does) signs in through the API and reads every list of /api/admin one request
 * at a time: the first page, and a walk of 40 pages along nextCursor. `npm run bench:admin`; see bench/README.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres, type Database, type Db } from '../src/server/db/client.js';
import { createPasswordHasher } from '../src/server/lib/passwords.js';
import { createAdminRepository, createAdminService } from '../src/server/modules/admin/index.js';
import { createAuthRepository, provisionAdministrator } from '../src/server/modules/accounts/index.js';
import { createImageService } from '../src/server/modules/images/index.js';
import { createListingsRepository, createListingsService } from '../src/server/modules/listings/index.js';
import { createReportsRepository, createReportsService } from '../src/server/modules/reports/index.js';
import { createSanctionsRepository, createSanctionsService } from '../src/server/modules/sanctions/index.js';
import { locateZip } from '../src/server/modules/zip/index.js';
import { ADMIN_PAGE_MAX, ADMIN_PAGE_SIZE, AUDIT_ACTIONS } from '../src/shared/admin.js';
import { REPORT_REASONS } from '../src/shared/reports.js';
import { Api } from './client.js';
import { explainPaths, formatPlans, type ExplainTarget, type PathPlan } from './explain.js';
import { seed, userId, type SeedReport } from './seed.js';
import {
  failed,
  figures,
  freePort,
  HOST,
  log,
  printTable,
  resetPostgres,
  resultsDir,
  rows,
  runEngines,
  startServer,
  stopServer,
  type Engine,
  type Figures,
} from './server.js';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    listings: { type: 'string', default: '100000' },
    reports: { type: 'string', default: '20000' },
    conversations: { type: 'string', default: '5000' },
    audit: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '50' },
    pages: { type: 'string', default: '40' },
    engine: { type: 'string', default: 'all' },
    port: { type: 'string', default: '0' },
    out: { type: 'string', default: join(resultsDir, 'admin-latest.json') },
  },
});
const settings = {
  users: Number(args.users),
  listings: Number(args.listings),
  /** Attempted; a few fall out on the one-pending-report-per-person-per-listing index or a person's own listing. */
  reports: Number(args.reports),
  conversations: Number(args.conversations),
  /** Messages in the one long conversation, so its messages can be walked page by page too. */
  longConversationMessages: 2_100,
  auditEntries: Number(args.audit),
  /** The share of listings soft-deleted in all (seed.ts deletes ~3 %; this adds the rest). */
  deletedShare: 0.1,
  firstPageRequests: Number(args.requests),
  warmupRequests: 5,
  walkPages: Number(args.pages),
  pageSize: ADMIN_PAGE_SIZE,
  serverEnv: { RATE_LIMIT_SCALE: '1000', DEMO_DATA: '0', LOG_LEVEL: 'warn' },
};
const ADMIN_EMAIL = 'bench-admin@example.test';
const PASSWORD = 'correct horse battery staple';

// ---------------------------------------------------------------- seed

/** Byte k (0..15) of md5(key || row), as SQL: the deterministic random source seed.ts uses too. */
const byte = (key: string, row: string, k: number) => `get_byte(decode(md5('${key}' || ${row}), 'hex'), ${k})`;
/** A number in [0, 2^24) from three bytes. */
const int24 = (key: string, row: string, k: number) => `((${byte(key, row, k)} << 16) | (${byte(key, row, k + 1)} << 8) | ${byte(key, row, k + 2)})`;
/** A number in [0, 1) from two bytes. */
const unit = (key: string, row: string, k: number) => `(((${byte(key, row, k)} << 8) | ${byte(key, row, k + 1)})::float8 / 65536)`;
const sqlArray = (items: readonly string[]) => `ARRAY[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

const REPORT_TEXTS = ['This looks like a scam.', 'The price in the description is not the real one.', 'Rude messages after I asked a question.', 'Posted three times.'];
const MESSAGE_TEXTS = [
  'Hello! Is this still available next week?',
  'Yes, it is. Which days suit you?',
  'Tuesday or Thursday afternoon would be great.',
  'Thursday at four works for me, see you then.',
  'Thanks! Could you bring your own supplies?',
  'Of course, everything is included in the rate.',
];
/** As SQL: a seeded account standing in for an administrator who reviewed reports and acted before this one. */
const FORMER_ADMIN = userId('1');

interface AdminSeed {
  seconds: number;
  longConversationId: number;
}

/**
 * Reports, conversations with messages, more soft-deleted listings and audit entries, on top of seed.ts, in six
 * set-based statements. Conversations and messages keep the app's invariants: the writer is participant 1 and
 * never the listing's owner, messages alternate between the two, `last_message_at` is the last message's time,
 * and each unread counter is the number of unread messages to that participant (all but the last one are read).
 */
async function seedAdmin(database: Database): Promise<AdminSeed> {
  const t0 = performance.now();
  const { listings, users } = settings;
  const run = <T = unknown>(query: string) => rows<T>(database, query);

  await run(`
    UPDATE services SET deleted_at = created_at + interval '30 days' * ${unit('del', 'id', 1)}
    WHERE deleted_at IS NULL AND ${byte('del', 'id', 0)} < ${Math.round(((settings.deletedShare - 0.03) / 0.97) * 256)}`);

  // Half pending, a third reviewed, the rest dismissed, over the last 200 days; ON CONFLICT skips a second pending
  // report by the same person on the same listing (reports_one_pending_key).
  await run(`
    INSERT INTO reports (service_id, reporter_id, reason, description, status, reviewed_by, reviewed_at, created_at)
    SELECT r.service_id, r.reporter_id, r.reason, r.description, r.status,
           CASE WHEN r.status <> 'pending' THEN ${FORMER_ADMIN} END,
           CASE WHEN r.status <> 'pending' THEN r.created_at + interval '2 days' * r.delay END,
           r.created_at
    FROM (
      SELECT 1 + ${int24('rep', 'g', 0)} % ${listings} AS service_id,
             ${userId(`1 + ${int24('rep', 'g', 3)} % ${users}`)} AS reporter_id,
             (${sqlArray(REPORT_REASONS)})[1 + ${byte('rep', 'g', 6)} % ${REPORT_REASONS.length}] AS reason,
             CASE WHEN ${byte('rep', 'g', 7)} < 128 THEN (${sqlArray(REPORT_TEXTS)})[1 + ${byte('rep', 'g', 8)} % ${REPORT_TEXTS.length}] END AS description,
             CASE WHEN ${byte('rep', 'g', 9)} < 128 THEN 'pending' WHEN ${byte('rep', 'g', 9)} < 213 THEN 'reviewed' ELSE 'dismissed' END AS status,
             ${unit('rep', 'g', 10)} AS delay,
             now() - interval '200 days' * ${unit('rep', 'g', 12)} AS created_at
      FROM generate_series(1, ${settings.reports}) g
    ) r
    JOIN services s ON s.id = r.service_id
    WHERE s.user_id <> r.reporter_id
    ON CONFLICT DO NOTHING`);

  // Ids 1..n; the last one is the long conversation. Messages are 37 minutes apart, 2-6 per conversation.
  const longId = settings.conversations + 1;
  await run(`
    INSERT INTO conversations (id, participant1_id, participant2_id, service_id, created_at, last_message_at, participant1_unread, participant2_unread)
    SELECT c.g, c.writer, s.user_id, c.service_id, c.created_at, c.created_at + interval '37 minutes' * (c.n - 1),
           CASE WHEN c.n % 2 = 0 THEN 1 ELSE 0 END, CASE WHEN c.n % 2 = 1 THEN 1 ELSE 0 END
    FROM (
      SELECT g, 1 + ${int24('conv', 'g', 0)} % ${listings} AS service_id,
             ${userId(`1 + ${int24('conv', 'g', 3)} % ${users}`)} AS writer,
             CASE WHEN g = ${longId} THEN ${settings.longConversationMessages} ELSE 2 + ${byte('conv', 'g', 6)} % 5 END AS n,
             CASE WHEN g = ${longId} THEN now() - interval '60 days' ELSE now() - interval '180 days' * ${unit('conv', 'g', 7)} END AS created_at
      FROM generate_series(1, ${longId}) g
    ) c
    JOIN services s ON s.id = c.service_id
    WHERE s.user_id <> c.writer
    ON CONFLICT DO NOTHING`);
  await run(`SELECT setval(pg_get_serial_sequence('conversations', 'id'), ${longId})`);
  const [long] = await run<{ id: number }>(`SELECT id FROM conversations WHERE id = ${longId}`);
  if (!long) throw new Error('the long conversation fell out of the seed (its writer owns its listing): change --conversations');

  await run(`
    INSERT INTO messages (conversation_id, sender_id, content, created_at, read_at)
    SELECT c.id, CASE WHEN j % 2 = 0 THEN c.participant1_id ELSE c.participant2_id END,
           (${sqlArray(MESSAGE_TEXTS)})[1 + (j + c.id) % ${MESSAGE_TEXTS.length}],
           c.created_at + interval '37 minutes' * j,
           CASE WHEN c.created_at + interval '37 minutes' * j < c.last_message_at THEN c.created_at + interval '37 minutes' * j + interval '5 minutes' END
    FROM conversations c
    CROSS JOIN LATERAL generate_series(0, round(extract(epoch FROM c.last_message_at - c.created_at) / (37 * 60))::int) j
    ORDER BY c.id, j`);

  // Over the last 300 days, ids in time order as the log is written.
  await run(`
    INSERT INTO admin_audit_log (actor_id, action, target_type, target_id, summary, created_at)
    SELECT ${FORMER_ADMIN}, a.action, a.target_type,
           CASE a.target_type WHEN 'user' THEN ${userId(`1 + ${int24('audit', 'g', 1)} % ${users}`)} ELSE (1 + ${int24('audit', 'g', 1)} % ${listings})::text END,
           CASE a.target_type WHEN 'user' THEN 'neighbour_' || (1 + ${int24('audit', 'g', 1)} % ${users}) WHEN 'report' THEN 'dismissed: a listing' ELSE 'a listing' END,
           now() - interval '300 days' * (1 - g::float8 / ${settings.auditEntries})
    FROM generate_series(1, ${settings.auditEntries}) g
    CROSS JOIN LATERAL (SELECT (${sqlArray(AUDIT_ACTIONS)})[1 + ${byte('audit', 'g', 0)} % ${AUDIT_ACTIONS.length}] AS action) k
    -- 'user.ban' → 'user', 'report.status' → 'report', …
    CROSS JOIN LATERAL (SELECT k.action, split_part(k.action, '.', 1) AS target_type) a
    ORDER BY g`);

  // VACUUM as well: a table that grew over a year has its visibility map set by autovacuum, which lets
  // count(*) of all listings read services_pkey alone instead of the 88 MB table (45 ms on PostgreSQL here).
  await run('VACUUM ANALYZE');
  return { seconds: (performance.now() - t0) / 1000, longConversationId: long.id };
}

async function datasetCounts(database: Database): Promise<Record<string, number>> {
  const [counts] = await rows<Record<string, number>>(
    database,
    `SELECT (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM services) AS listings,
            (SELECT count(*)::int FROM services WHERE deleted_at IS NOT NULL) AS "deletedListings",
            (SELECT count(*)::int FROM reports) AS reports,
            (SELECT count(*)::int FROM reports WHERE status = 'pending') AS "pendingReports",
            (SELECT count(*)::int FROM reports WHERE status = 'reviewed') AS "reviewedReports",
            (SELECT count(*)::int FROM reports WHERE status = 'dismissed') AS "dismissedReports",
            (SELECT count(*)::int FROM conversations) AS conversations,
            (SELECT count(*)::int FROM messages) AS messages,
            (SELECT count(*)::int FROM admin_audit_log) AS "auditEntries"`,
  );
  return counts!;
}

// ---------------------------------------------------------------- explain

type AdminLayer = { service: ReturnType<typeof createAdminService>; repo: ReturnType<typeof createAdminRepository>; db: Db };
const adminLayer = (db: Db): AdminLayer => {
  const repo = createAdminRepository(db);
  // The read paths are what is measured; the write-side modules are the real ones all the same.
  const listings = createListingsService({ db, repo: createListingsRepository(db), images: createImageService(db), locate: locateZip });
  const users = createAuthRepository(db);
  const reports = createReportsService({ repo: createReportsRepository(db), listings, members: users });
  const messages = { fromTeam: async () => {} };
  const sanctions = createSanctionsService({ db, repo: createSanctionsRepository(db), mail: { enqueue: async () => {}, dropAllTo: async () => {} }, publicUrl: 'http://localhost' });
  const service = createAdminService({ repo, adminEmails: [ADMIN_EMAIL], users, listings, reports, messages, sanctions, streams: { endStreamsOf: async () => {} } });
  return { service, repo, db };
};

/** The cursor that starts page `page` (1-based) of a list, found by walking it with the plain service. */
async function cursorAt(walk: (cursor?: string) => Promise<{ nextCursor: string | null }>, page: number): Promise<string | undefined> {
  let cursor: string | undefined;
  for (let p = 1; p < page; p++) cursor = (await walk(cursor)).nextCursor ?? undefined;
  return cursor;
}

/** Every list's first page and the page the walk ends on, as the service runs them for the administrator. */
async function adminExplainTargets(database: Database, longConversationId: number): Promise<Array<ExplainTarget<AdminLayer>>> {
  const { service } = adminLayer(database.db);
  const limit = settings.pageSize;
  const deep = settings.walkPages + 1;
  const lists: Array<{ path: string; page: (s: AdminLayer['service'], cursor?: string) => Promise<{ nextCursor: string | null }> }> = [
    { path: '/api/admin/users', page: (s, cursor) => s.users({ limit, cursor }) },
    { path: '/api/admin/services?includeDeleted=false', page: (s, cursor) => s.services({ limit, cursor, includeDeleted: false }) },
    { path: '/api/admin/services?includeDeleted=true', page: (s, cursor) => s.services({ limit, cursor, includeDeleted: true }) },
    { path: '/api/admin/reports?status=pending', page: (s, cursor) => s.reports({ limit, cursor, status: 'pending' }) },
    { path: '/api/admin/reports?status=all', page: (s, cursor) => s.reports({ limit, cursor }) },
    { path: '/api/admin/conversations', page: (s, cursor) => s.conversations({ limit, cursor }) },
    { path: '/api/admin/audit-log', page: (s, cursor) => s.auditLog({ limit, cursor }) },
  ];
  const targets: Array<ExplainTarget<AdminLayer>> = [];
  for (const list of lists) {
    const cursor = await cursorAt((c) => list.page(service, c), deep);
    targets.push({ path: list.path, run: (s) => list.page(s.service) });
    targets.push({ path: `${list.path} (page ${deep})`, run: (s) => list.page(s.service, cursor) });
  }
  // The messages route reads in a transaction that also writes the audit entry: its two reads, explained alone.
  const [after] = await rows<{ id: number }>(database, `SELECT id FROM messages WHERE conversation_id = ${longConversationId} ORDER BY id OFFSET ${limit * settings.walkPages - 1} LIMIT 1`);
  const messagesPath = `/api/admin/conversations/${longConversationId}/messages`;
  targets.push({ path: messagesPath, run: async (s) => [await s.repo.pageOfMessages(s.db, longConversationId, limit + 1), await s.repo.countMessages(s.db, longConversationId)] });
  targets.push({ path: `${messagesPath} (page ${deep})`, run: (s) => s.repo.pageOfMessages(s.db, longConversationId, limit + 1, after?.id) });
  return targets;
}

// ---------------------------------------------------------------- measure

interface Page {
  total: number;
  nextCursor: string | null;
}
interface ListResult {
  route: string;
  path: string;
  total: number;
  firstPageBytes: number;
  firstPage: Figures;
  /** Pages 2.. of one walk along nextCursor (fewer than asked when the list ends first). */
  walk: Figures & { pages: number };
}

/** One GET, timed from the call to the whole body read. */
async function timed(api: Api, cookie: string, path: string) {
  const t0 = performance.now();
  const { body, response } = await api.request<Page>('GET', path, { cookie });
  const ms = performance.now() - t0;
  return { ms, body, bytes: Number(response.headers.get('content-length') ?? NaN) };
}

const withCursor = (path: string, cursor: string) => `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;

/**
 * The first page `firstPageRequests` times (after a few unmeasured ones; `paths` rotate, e.g. over conversations),
 * then one walk of `walkPages` pages after the first along nextCursor, every request waiting for the previous.
 */
async function measureList(api: Api, cookie: string, route: string, paths: string[], walkFrom: string): Promise<ListResult> {
  for (let i = 0; i < settings.warmupRequests; i++) await timed(api, cookie, paths[i % paths.length]!);
  const first: number[] = [];
  let total = NaN;
  let bytes = NaN;
  for (let i = 0; i < settings.firstPageRequests; i++) {
    const r = await timed(api, cookie, paths[i % paths.length]!);
    first.push(r.ms);
    if (i === 0) ({ total, bytes } = { total: r.body.total, bytes: r.bytes });
  }
  const walk: number[] = [];
  const start = await timed(api, cookie, walkFrom);
  // The walked list's size (for the messages, the long conversation's rather than the first one's).
  total = start.body.total;
  let cursor = start.body.nextCursor;
  while (cursor && walk.length < settings.walkPages) {
    const r = await timed(api, cookie, withCursor(walkFrom, cursor));
    walk.push(r.ms);
    cursor = r.body.nextCursor;
  }
  const result = { route, path: paths.length > 1 ? `${paths[0]} … (${paths.length} conversations)` : paths[0]!, total, firstPageBytes: bytes, firstPage: figures(first), walk: { pages: walk.length, ...figures(walk) } };
  log(`${route}: first page p50 ${result.firstPage.p50} ms, p99 ${result.firstPage.p99} ms; ${walk.length} pages on: p50 ${result.walk.p50} ms, p99 ${result.walk.p99} ms; total ${total}`);
  return result;
}

async function measure(api: Api, cookie: string, longConversationId: number): Promise<ListResult[]> {
  const one = (route: string, path: string) => measureList(api, cookie, route, [path], path);
  const results = [
    await one('users', '/api/admin/users'),
    await one('services, without deleted', '/api/admin/services?includeDeleted=false'),
    await one('services, with deleted', '/api/admin/services?includeDeleted=true'),
    await one('reports, pending', '/api/admin/reports?status=pending'),
    await one('reports, all', '/api/admin/reports?status=all'),
    await one('conversations', '/api/admin/conversations'),
  ];
  // Each read of a conversation's messages also writes an audit entry, in the same transaction.
  const { body } = await api.request<{ conversations: Array<{ id: number }> }>('GET', `/api/admin/conversations?limit=${Math.min(settings.firstPageRequests, ADMIN_PAGE_MAX)}`, { cookie });
  const conversationPaths = body.conversations.map((c) => `/api/admin/conversations/${c.id}/messages`);
  results.push(await measureList(api, cookie, 'messages of a conversation', conversationPaths, `/api/admin/conversations/${longConversationId}/messages`));
  results.push(await one('audit log', '/api/admin/audit-log'));
  return results;
}

// ---------------------------------------------------------------- engines

async function benchEngine(engine: Engine, url?: string): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), `csm-bench-admin-${engine}-`));
  try {
    log(`${engine}: fresh database`);
    if (url) await resetPostgres(url);
    const database = url ? await openPostgres(url) : await openPglite(join(dataDir, 'pglite'));
    let listings: SeedReport;
    let extra: AdminSeed;
    let dataset: Record<string, number>;
    let explain: PathPlan[];
    try {
      await database.migrate();
      log(`seeding ${settings.listings.toLocaleString('en-US')} listings from ${settings.users.toLocaleString('en-US')} users…`);
      listings = await seed(database.db, { users: settings.users, listings: settings.listings });
      log(`listings seeded in ${listings.seconds.toFixed(1)} s; reports, conversations, messages, deletions, audit log…`);
      extra = await seedAdmin(database);
      dataset = await datasetCounts(database);
      log(`seeded in ${extra.seconds.toFixed(1)} s more: ${JSON.stringify(dataset)}`);
      explain = await explainPaths(database, adminLayer, await adminExplainTargets(database, extra.longConversationId));
      // The role needs a proven address (decision 016): made the way an operator does, `npm run admin -- create`.
      await provisionAdministrator(database.db, { email: ADMIN_EMAIL, password: PASSWORD, adminEmails: [ADMIN_EMAIL], passwords: createPasswordHasher() });
    } finally {
      await database.close();
    }
    writeFileSync(join(resultsDir, `explain-admin-${engine}.txt`), formatPlans(engine, explain));
    for (const p of explain) log(`EXPLAIN ${p.path}: ${p.executionMs.toFixed(2)} ms; indexes ${p.indexes.join(', ') || 'none'}; seq scans ${p.seqScans.join(', ') || 'none'}`);

    const port = Number(args.port) || (await freePort());
    await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: url, ADMIN_EMAILS: ADMIN_EMAIL, ...settings.serverEnv });
    let results: ListResult[];
    try {
      const api = new Api(`http://${HOST}:${port}`);
      const signedIn = await api.request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: PASSWORD } });
      const cookie = signedIn.response.headers.getSetCookie().find((c) => c.startsWith('csm_session='))?.split(';')[0];
      if (!cookie) throw new Error(`the administrator could not sign in: ${JSON.stringify(signedIn.body)}`);
      results = await measure(api, cookie, extra.longConversationId);
    } finally {
      await stopServer();
    }

    const name = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    printTable(
      `${name}: ${settings.listings.toLocaleString('en-US')} listings, ${dataset.reports!.toLocaleString('en-US')} reports, ${dataset.conversations!.toLocaleString('en-US')} conversations; ` +
        `one administrator, sequential requests, ${settings.pageSize} rows a page: first page × ${settings.firstPageRequests}, then ${settings.walkPages} pages along nextCursor`,
      ['route', 'first p50 ms', 'first p99 ms', 'walk pages', 'walk p50 ms', 'walk p99 ms', 'total', 'bytes'],
      results.map((r) => [
        r.route,
        r.firstPage.p50.toFixed(1),
        r.firstPage.p99.toFixed(1),
        String(r.walk.pages),
        r.walk.p50.toFixed(1),
        r.walk.p99.toFixed(1),
        r.total.toLocaleString('en-US'),
        r.firstPageBytes.toLocaleString('en-US'),
      ]),
    );
    return {
      seed: { listings, admin: extra, seconds: Math.round((listings.seconds + extra.seconds) * 10) / 10 },
      dataset,
      routes: results,
      explain: explain.map(({ path, indexes, seqScans, executionMs }) => ({ path, indexes, seqScans, executionMs })),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runEngines(args.engine, args.out, { settings }, benchEngine).catch(failed);
