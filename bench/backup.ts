/**
 * The backup benchmark (decision 027): on a fresh database of 100,000 listings, the organiser's `npm run backup`
 * against the running built server, timed, with the file's size and how the server answers visitors meanwhile;
 * then, server stopped, `npm run restore` into an empty place, timed, every table's rows and checksum compared
 * with the original; on PGlite also `npm run move-to-postgres` of the restored database. `npm run bench:backup`;
 * see bench/README.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres } from '../src/server/db/client.js';
import { drizzleQuery, type Query, summarizeTables, type TableSummary, withClient } from '../src/server/modules/backups/index.js';
import { seed, type SeedReport } from './seed.js';
import {
  benchDatabaseUrl,
  childEnv,
  failed,
  figures,
  freePort,
  HOST,
  log,
  printTable,
  resetPostgres,
  resultsDir,
  root,
  rows,
  runEngines,
  serverPid,
  startServer,
  stopServer,
  type Engine,
  type Figures,
  type ServerEnv,
} from './server.js';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    listings: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '4' },
    baseline: { type: 'string', default: '5' },
    move: { type: 'string', default: 'yes' },
    engine: { type: 'string', default: 'all' },
    port: { type: 'string', default: '0' },
    out: { type: 'string', default: join(resultsDir, 'backup-latest.json') },
  },
});
const settings = {
  users: Number(args.users),
  listings: Number(args.listings),
  /** Visitors' requests in flight all along, one after another on each: browse and single listings in turn. */
  connections: Number(args.connections),
  /** Seconds of those requests measured before the backup starts (after 3 unmeasured seconds: a new server warms up). */
  baselineSeconds: Number(args.baseline),
  /** On PGlite, also `npm run move-to-postgres` into BENCH_DATABASE_URL (`--move no` skips it). */
  move: args.move !== 'no',
  serverEnv: { DEMO_DATA: '0', LOG_LEVEL: 'warn' },
};

// ---------------------------------------------------------------- steps and their surroundings

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const megabytes = (bytes: number) => round(bytes / 1024 / 1024, 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Timing {
  seconds: number;
  /** The load average (1, 5 and 15 minutes, what `uptime` prints) before and after: other work on the machine. */
  load: { before: number[]; after: number[] };
}

/** Runs one measured step: its wall time and the machine's load around it. */
async function timed<T extends object>(work: () => Promise<T>): Promise<T & Timing> {
  const before = loadavg().map((n) => round(n));
  const t0 = performance.now();
  const result = await work();
  return { ...result, seconds: round((performance.now() - t0) / 1000), load: { before, after: loadavg().map((n) => round(n)) } };
}

/**
 * `npm run SCRIPT -- ARGS` as the organiser types it, with DATA_DIR (and DATABASE_URL only when given) set;
 * answers what it printed. A non-zero exit throws with the end of its output.
 */
function npmRun(script: string, scriptArgs: string[], env: ServerEnv): Promise<{ output: string }> {
  return new Promise((resolve, reject) => {
    const npmArgs = ['run', '--silent', script, ...(scriptArgs.length > 0 ? ['--', ...scriptArgs] : [])];
    const child = spawn('npm', npmArgs, { cwd: root, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: string) => {
      output += chunk;
    };
    child.stdout.setEncoding('utf8').on('data', keep);
    child.stderr.setEncoding('utf8').on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve({ output }) : reject(new Error(`npm run ${script} exited with ${code}:\n${output.slice(-3000)}`))));
  });
}

/** Where a database lives: PGlite's data folder, or a PostgreSQL URL. */
type Place = { dir: string } | { url: string };

function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

/** One query function on the database at `place` for `work`, closed afterwards. */
async function withQuery<T>(place: Place, work: (query: Query) => Promise<T>): Promise<T> {
  if ('url' in place) return withClient(place.url, work);
  const database = await openPglite(place.dir);
  try {
    return await work(drizzleQuery(database.db));
  } finally {
    await database.close();
  }
}

/** PGlite: the data folder's bytes on disk; PostgreSQL: pg_database_size. */
async function databaseBytes(place: Place): Promise<number> {
  if ('dir' in place) return folderBytes(place.dir);
  const [row] = await withClient(place.url, (query) => query('SELECT pg_database_size(current_database())::float8 AS bytes'));
  return Number(row?.bytes);
}

/**
 * Each table's rows and checksum (src/server/modules/backups/tables.ts), as restore and move-to-postgres check them;
 * the audit log's without its backup entries: `npm run backup` writes its own after the dump and `npm run restore`
 * its own after its checks (decision 027), so neither can be on both sides.
 */
const tableSummaries = (place: Place) =>
  withQuery(place, async (query) => {
    const tables = await summarizeTables(query);
    const [log] = await query(
      `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t.id)), '') AS checksum FROM admin_audit_log t WHERE t.target_type <> 'backup'`,
    );
    tables.set('admin_audit_log', { rows: Number(log?.rows ?? 0), checksum: String(log?.checksum ?? '') });
    return tables;
  });

/** Whether the restored database's audit log holds the restore's one entry, naming the file. */
const restoreLogged = (place: Place, file: string) =>
  withQuery(place, async (query) => {
    const entries = await query(`SELECT actor_id, target_id FROM admin_audit_log WHERE action = 'backup.restore'`);
    return entries.length === 1 && entries[0]!.actor_id === null && entries[0]!.target_id === basename(file);
  });

interface TableCheck {
  table: string;
  rows: number | null;
  copyRows: number | null;
  sameChecksum: boolean;
}

/** Every table of either side, with both row counts and whether the rows are the same. */
function compareTables(original: Map<string, TableSummary>, copy: Map<string, TableSummary>): { tables: TableCheck[]; allMatch: boolean } {
  const names = [...new Set([...original.keys(), ...copy.keys()])];
  const tables = names.map((table) => {
    const a = original.get(table);
    const b = copy.get(table);
    return { table, rows: a?.rows ?? null, copyRows: b?.rows ?? null, sameChecksum: a !== undefined && a.checksum === b?.checksum };
  });
  return { tables, allMatch: tables.every((t) => t.sameChecksum && t.rows === t.copyRows) };
}

/** The server's resident memory now and its peak so far (VmRSS, VmHWM), in MB. */
function serverMemory(): { rssMB: number; peakMB: number } {
  const status = readFileSync(`/proc/${serverPid()}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: round(kB('VmRSS') / 1024, 1), peakMB: round(kB('VmHWM') / 1024, 1) };
}

// ---------------------------------------------------------------- visitors during the backup

type Kind = 'browse' | 'listing';
interface Sample {
  kind: Kind;
  start: number;
  ms: number;
  ok: boolean;
}
type Window = Figures & { requests: number; perSecond: number; errors: number };

/**
 * `connections` visitors, each sending its next request once the last is answered: the first page of browse
 * (the signed-out page cache serves most) and a single listing (always read from the database), in turn.
 */
function visitors(base: string, connections: number, ids: number[]) {
  const samples: Sample[] = [];
  let running = true;
  const visitor = async (v: number) => {
    for (let i = v; running; i++) {
      const kind: Kind = i % 2 === 0 ? 'browse' : 'listing';
      const path = kind === 'browse' ? '/api/services' : `/api/services/${ids[(i * 7919) % ids.length]}`;
      const start = performance.now();
      let ok = false;
      try {
        const response = await fetch(`${base}${path}`);
        await response.arrayBuffer();
        ok = response.ok;
      } catch {
        // A refused or broken connection counts as an error.
      }
      samples.push({ kind, start, ms: performance.now() - start, ok });
    }
  };
  const all = Array.from({ length: connections }, (_, v) => visitor(v));
  return {
    stop: async () => {
      running = false;
      await Promise.all(all);
      return samples;
    },
  };
}

/** The requests sent between `from` and `to` (performance.now()), per kind. */
function inWindow(samples: Sample[], from: number, to: number): Record<Kind, Window> {
  const seconds = (to - from) / 1000;
  const of = (kind: Kind) => {
    const sent = samples.filter((s) => s.kind === kind && s.start >= from && s.start < to);
    return { requests: sent.length, perSecond: round(sent.length / seconds, 1), errors: sent.filter((s) => !s.ok).length, ...figures(sent.map((s) => s.ms)) };
  };
  return { browse: of('browse'), listing: of('listing') };
}

// ---------------------------------------------------------------- one engine

/**
 * Runs `work` holding the flock(1) lock named in BENCH_BUILD_LOCK, if any: where builds of the shared dist/ take
 * that lock, none can empty dist/ while the server starts from it (it would not find its own files).
 */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = process.env.BENCH_BUILD_LOCK;
  if (!lock) return work();
  const holder = spawn('flock', [lock, 'sh', '-c', 'echo held; cat'], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.once('exit', (code) => reject(new Error(`flock ${lock} exited with ${code}`)));
    holder.stdout.once('data', () => resolve());
  });
  try {
    return await work();
  } finally {
    holder.stdin.end();
  }
}

const BACKUP_LINE = /Backup written: (.+) \(([\d.]+) MB, ([\d.]+) s\)\./;

/** The organiser's `npm run backup` while visitors keep browsing the running server. */
async function backUpWhileServing(dataDir: string, url: string | undefined, ids: number[]) {
  const port = Number(args.port) || (await freePort());
  await withBuildLock(() => startServer(port, { DATA_DIR: dataDir, DATABASE_URL: url, ...settings.serverEnv }));
  try {
    const traffic = visitors(`http://${HOST}:${port}`, settings.connections, ids);
    await sleep(3000);
    const baselineFrom = performance.now();
    await sleep(settings.baselineSeconds * 1000);
    const memoryBefore = serverMemory();
    const from = performance.now();
    const run = await timed(() => npmRun('backup', [], { DATA_DIR: dataDir, DATABASE_URL: url }));
    const to = performance.now();
    const samples = await traffic.stop();
    const memoryAfter = serverMemory();
    const line = BACKUP_LINE.exec(run.output);
    if (!line) throw new Error(`npm run backup printed no "Backup written" line:\n${run.output}`);
    const file = line[1]!;
    return {
      file,
      backup: { seconds: run.seconds, commandSeconds: Number(line[3]), bytes: statSync(file).size, load: run.load },
      serving: { baseline: inWindow(samples, baselineFrom, from), duringBackup: inWindow(samples, from, to) },
      serverMemory: { beforeBackup: memoryBefore, afterBackup: memoryAfter },
    };
  } finally {
    await stopServer();
  }
}

async function benchEngine(engine: Engine, url?: string): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), `csm-bench-backup-${engine}-`));
  const restoreDir = mkdtempSync(join(tmpdir(), `csm-bench-restore-${engine}-`));
  const source: Place = url ? { url } : { dir: join(dataDir, 'pglite') };
  try {
    log(`${engine}: fresh database`);
    if (url) await resetPostgres(url);
    const database = url ? await openPostgres(url) : await openPglite(join(dataDir, 'pglite'));
    let seeded: SeedReport;
    let ids: number[];
    try {
      await database.migrate();
      log(`seeding ${settings.listings.toLocaleString('en-US')} listings from ${settings.users.toLocaleString('en-US')} users…`);
      seeded = await seed(database.db, { users: settings.users, listings: settings.listings });
      ids = (
        await rows<{ id: number }>(
          database,
          `SELECT s.id FROM services s JOIN users u ON u.id = s.user_id
           WHERE s.deleted_at IS NULL AND s.is_active AND NOT u.is_banned ORDER BY md5(s.id::text) LIMIT 256`,
        )
      ).map((r) => Number(r.id));
    } finally {
      await database.close();
    }
    const size = await databaseBytes(source);
    log(`seeded in ${seeded.seconds.toFixed(1)} s; database ${megabytes(size)} MB; starting the server, then npm run backup…`);

    const served = await backUpWhileServing(dataDir, url, ids);
    const { backup } = served;
    log(`backup: ${backup.seconds} s (the command says ${backup.commandSeconds} s), ${megabytes(backup.bytes)} MB`);
    const original = await tableSummaries(source);

    log('npm run restore into an empty place…');
    if (url) await resetPostgres(url);
    const restored: Place = url ? { url } : { dir: join(restoreDir, 'pglite') };
    const restoreRun = await timed(() => npmRun('restore', [served.file], { DATA_DIR: url ? dataDir : restoreDir, DATABASE_URL: url }));
    const restore = {
      seconds: restoreRun.seconds,
      load: restoreRun.load,
      databaseBytes: await databaseBytes(restored),
      ...compareTables(original, await tableSummaries(restored)),
      logged: await restoreLogged(restored, served.file),
    };
    log(`restore: ${restore.seconds} s; every table the same: ${restore.allMatch}; in the audit log: ${restore.logged}`);

    let move: Record<string, unknown> | undefined;
    const target = benchDatabaseUrl();
    if (engine === 'pglite' && settings.move) {
      if ('url' in target) {
        log('npm run move-to-postgres of the restored database into BENCH_DATABASE_URL…');
        await resetPostgres(target.url);
        const moveRun = await timed(() => npmRun('move-to-postgres', [], { DATA_DIR: restoreDir, DATABASE_URL: target.url }));
        const moved = compareTables(original, await tableSummaries({ url: target.url }));
        move = { seconds: moveRun.seconds, load: moveRun.load, databaseBytes: await databaseBytes({ url: target.url }), allMatch: moved.allMatch };
        log(`move-to-postgres: ${moveRun.seconds} s; every table the same: ${moved.allMatch}`);
      } else {
        move = { skipped: target.skipped };
      }
    }

    const name = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const load = (t: Timing) => `${t.load.before[0]} → ${t.load.after[0]}`;
    printTable(
      `${name}: ${settings.listings.toLocaleString('en-US')} listings, ${settings.users.toLocaleString('en-US')} users (${seeded.images.toLocaleString('en-US')} images, ${seeded.likes.toLocaleString('en-US')} likes)`,
      ['measure', 'seconds', 'MB', 'load avg (1 min)'],
      [
        ['database after the seed', '', String(megabytes(size)), ''],
        ['npm run backup (wall)', String(backup.seconds), String(megabytes(backup.bytes)), load(backup)],
        ['  as the command reports it', String(backup.commandSeconds), '', ''],
        [`npm run restore (wall; tables ${restore.allMatch ? 'all equal' : 'DIFFER'})`, String(restore.seconds), String(megabytes(restore.databaseBytes)), load(restore)],
        ...(move && 'seconds' in move
          ? [[`npm run move-to-postgres (tables ${move.allMatch ? 'all equal' : 'DIFFER'})`, String(move.seconds), String(megabytes(Number(move.databaseBytes))), load(move as unknown as Timing)]]
          : []),
      ],
    );
    const windows = [['before', served.serving.baseline] as const, ['during backup', served.serving.duringBackup] as const];
    printTable(
      `${name}: ${settings.connections} visitors one request after another, browse and a single listing in turn`,
      ['requests', 'answered', 'per s', 'p50 ms', 'p99 ms', 'max ms', 'errors'],
      windows.flatMap(([label, w]) =>
        (['browse', 'listing'] as const).map((kind) => [
          `${kind}, ${label}`,
          String(w[kind].requests),
          String(w[kind].perSecond),
          String(w[kind].p50),
          String(w[kind].p99),
          String(w[kind].max),
          String(w[kind].errors),
        ]),
      ),
    );
    const memory = served.serverMemory;
    log(`server memory: ${memory.beforeBackup.rssMB} MB before the backup (peak so far ${memory.beforeBackup.peakMB} MB), ${memory.afterBackup.rssMB} MB after, peak ${memory.afterBackup.peakMB} MB`);
    if (!restore.allMatch || !restore.logged) process.exitCode = 1;
    return { seed: seeded, databaseBytes: size, backup, serving: served.serving, serverMemory: served.serverMemory, restore, ...(move ? { move } : {}) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(restoreDir, { recursive: true, force: true });
  }
}

runEngines(args.engine, args.out, { settings }, benchEngine).catch(failed);
