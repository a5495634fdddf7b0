/**
 * What the benchmarks share: the built server as a child process, the wiped PostgreSQL bench database,
 * the machine description, raw queries, percentiles and the printed tables.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/server/db/client.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const resultsDir = join(root, 'bench', 'results');
export const HOST = '127.0.0.1';

export type Engine = 'pglite' | 'postgres';

export const log = (message: string) => console.log(`[bench] ${message}`);

export function machine() {
  return { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${process.platform}-${process.arch}` };
}

/** The PostgreSQL database a benchmark may wipe: only BENCH_DATABASE_URL, never DATABASE_URL. */
export function benchDatabaseUrl(): { url: string } | { skipped: string } {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) return { url };
  return {
    skipped: process.env.DATABASE_URL
      ? 'skipped: DATABASE_URL is set but the benchmark wipes its database, so it only uses BENCH_DATABASE_URL'
      : 'skipped: set BENCH_DATABASE_URL (a dedicated database, it is wiped) to benchmark PostgreSQL',
  };
}

/** The database named in BENCH_DATABASE_URL is wiped: refuse anything not obviously a bench database. */
export async function resetPostgres(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/bench/i.test(name)) throw new Error(`BENCH_DATABASE_URL must name a dedicated database with "bench" in its name (it is wiped); got "${name}"`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}

/**
 * The built server, client and server renderer (without dist/ssr the pages would not be rendered on the server), in
 * this checkout or in `dir` (another checkout's, e.g. a worktree of an older commit).
 */
export function ensureBuilt(dir: string = root) {
  const missing = ['dist/node/server/main.js', 'dist/public/index.html', 'dist/ssr/entry-server.js'].find((file) => !existsSync(join(dir, file)));
  if (!missing) return;
  log(`${join(dir, missing)} is missing: npm run build`);
  execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux whatever the kernel's own rate). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time a process has used so far, user and system, in milliseconds (`/proc/<pid>/stat`); 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14th and 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU time used so far by the PostgreSQL backends connected to `database`, in milliseconds: the server's own
 * processes and other databases' sessions (tests running meanwhile) are left out. A backend that ends between two
 * readings takes its time with it, so compare readings over a run that keeps its connections (the server's pool).
 */
export function postgresCpuMs(database: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // A backend's title: "postgres: <user> <database> <client> <state>" (the cluster's name may come first).
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (title.startsWith('postgres:') && title.split(' ').includes(database)) total += processCpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export interface ServerEnv {
  DATA_DIR: string;
  DATABASE_URL?: string;
  [name: string]: string | undefined;
}

/** A port nothing listens on right now, chosen by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** True when something already accepts connections on the port (its /api/health would pass for ours). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The environment of a child the benchmark starts: ours, then `env`; DATABASE_URL only when `env` names one. Listing
 * expiry is off unless `env` turns it on: the seed writes listings without an expiry, and the sweep would otherwise
 * give them one 500 at a time, every minute, while requests are measured (decision 051).
 */
export function childEnv(env: ServerEnv): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...process.env, LISTING_TTL_DAYS: '0', ...env };
  if (!env.DATABASE_URL) delete result.DATABASE_URL;
  return result;
}

let server: ChildProcess | undefined;

/** The running benchmark server's process id (its memory is read from /proc). */
export const serverPid = (): number | undefined => server?.pid;

/**
 * Starts `node dist/node/server/main.js` (production, LOG_LEVEL=warn, no demo data unless `env` says otherwise)
 * and resolves once /api/health answers. One server at a time. `cwd`: the folder whose dist/ is served (this one by
 * default; `bench/web.ts` serves a copy, or another checkout's build).
 */
export async function startServer(port: number, env: ServerEnv, cwd: string = root): Promise<void> {
  if (server) throw new Error('a benchmark server is already running');
  if (await portTaken(port)) throw new Error(`something already listens on ${HOST}:${port}; stop it or choose another port`);
  const base = `http://${HOST}:${port}`;
  const serverEnv = childEnv({ NODE_ENV: 'production', PORT: String(port), HOST, LOG_LEVEL: 'warn', DEMO_DATA: '0', ...env });
  // BENCH_SERVER_NODE_ARGS: Node options for the server alone (`--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile of the run).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'dist/node/server/main.js'], { cwd, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  server = child;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited during start-up (code ${code})`))));
  const deadline = Date.now() + 60_000;
  const ready = (async () => {
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the server did not answer /api/health within 60 s');
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => {}); // a later exit is handled by stopServer
}

export async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
}

process.on('exit', () => server?.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void stopServer().finally(() => process.exit(130));
  });
}

/** The rows of a raw SQL query on a database the benchmark opened itself (before the server opens it). */
export async function rows<T>(database: Database, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

export interface Figures {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

const tenth = (ms: number) => Math.round(ms * 10) / 10;

/** Nearest-rank percentiles, in milliseconds to a tenth. */
export function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { count: sorted.length, p50: tenth(rank(0.5)), p99: tenth(rank(0.99)), max: tenth(sorted.at(-1) ?? NaN), mean: tenth(mean) };
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function printTable(title: string, header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${lines.map(row).join('\n')}\n`);
}

/**
 * Runs one benchmark on each engine `engineArg` asks for ('all', 'pglite' or 'postgres'; PostgreSQL only with
 * BENCH_DATABASE_URL), then writes the report with the machine, the date and `extra` to `out`, and answers each
 * engine's figures. A benchmark in this process (`inProcess`) needs no build; the others need `serverDir`'s.
 */
export async function runEngines(
  engineArg: string,
  out: string,
  extra: Record<string, unknown>,
  bench: (engine: Engine, postgresUrl?: string) => Promise<Record<string, unknown>>,
  { inProcess = false, serverDir = root }: { inProcess?: boolean; serverDir?: string } = {},
): Promise<Record<string, unknown>> {
  mkdirSync(resultsDir, { recursive: true });
  if (!inProcess) ensureBuilt(serverDir);
  const wanted = engineArg === 'all' ? (['pglite', 'postgres'] as const) : [engineArg as Engine];
  const engines: Record<string, unknown> = {};
  for (const engine of wanted) {
    const postgres = benchDatabaseUrl();
    if (engine === 'postgres' && 'skipped' in postgres) {
      log(`postgres ${postgres.skipped}`);
      engines.postgres = { skipped: postgres.skipped };
      continue;
    }
    engines[engine] = await bench(engine, engine === 'postgres' && 'url' in postgres ? postgres.url : undefined);
  }
  writeFileSync(out, `${JSON.stringify({ machine: machine(), date: new Date().toISOString(), ...extra, engines }, null, 2)}\n`);
  log(`wrote ${out}`);
  return engines;
}

/** Ends a benchmark that failed: the child server goes too. */
export function failed(error: unknown): Promise<never> {
  // fetch() says only 'fetch failed'; what failed is its cause (a refused or reset connection, a timeout).
  const cause = error instanceof Error && error.cause !== undefined ? ` (${error.cause instanceof Error ? error.cause.message : String(error.cause)})` : '';
  console.error('[bench] failed:', error instanceof Error ? `${error.message}${cause}` : error);
  return stopServer().then(() => process.exit(1));
}
