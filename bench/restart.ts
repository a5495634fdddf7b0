/**
 * The restart benchmark (decision 025): the built server on the embedded database, killed with SIGKILL again and
 * again; each time, how long a new process takes from its start until `/api/ready` answers 200, and a check that
 * every account signed up before the kills can still sign in. Target: at most 3 s. `npm run bench:restart`;
 * `--runs 10`, `--server-dir DIR` (another checkout's build, e.g. the code before a change), `--out FILE`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Api } from './client.js';
import { childEnv, ensureBuilt, freePort, HOST, log, machine, printTable, resultsDir, root } from './server.js';

const TARGET_MS = 3_000;
const READY_WITHIN_MS = 60_000;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    'server-dir': { type: 'string', default: root },
    out: { type: 'string' },
  },
});
const runs = Number(args.runs);
const serverDir = resolve(args['server-dir']);
const ownBuild = serverDir === resolve(root);
// Another checkout's figures go where asked, never over this checkout's results.
const out = args.out ?? (ownBuild ? join(resultsDir, 'restart-latest.json') : undefined);

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

let current: Server | undefined;
process.on('exit', () => current?.child.kill('SIGKILL'));

function start(dataDir: string, port: number): Server {
  const env = childEnv({ NODE_ENV: 'production', HOST, PORT: String(port), LOG_LEVEL: 'warn', DEMO_DATA: '0', DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1000', BACKUP_HOUR: 'off' });
  const child = spawn(process.execPath, ['dist/node/server/main.js'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  current = { child, output: () => output, exited };
  return current;
}

/** Milliseconds from `since` until GET /api/ready answers 200; throws with the server's output if it exits or never does. */
async function readyAfter(server: Server, base: string, since: number): Promise<number> {
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (performance.now() - since < READY_WITHIN_MS) {
    if (gone) throw new Error(`the server exited during start-up:\n${server.output()}`);
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`/api/ready did not answer 200 within ${READY_WITHIN_MS / 1000} s:\n${server.output()}`);
}

async function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  server.child.kill(signal);
  await server.exited;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main() {
  if (ownBuild) ensureBuilt();
  else if (!existsSync(join(serverDir, 'dist/node/server/main.js'))) throw new Error(`${serverDir} has no build: run npm run build:server there`);
  const dataDir = mkdtempSync(join(tmpdir(), 'csm-bench-restart-'));
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const api = new Api(base);
  log(`server from ${serverDir}, embedded database in ${dataDir}, ${runs} SIGKILLs`);
  // A start is mostly CPU work: on a busy machine every figure grows, so the report says how busy it was.
  const loadBefore = loadavg()[0]!;
  try {
    let server = start(dataDir, port);
    const firstStartMs = await readyAfter(server, base, performance.now());
    log(`first start (a new database): ${seconds(firstStartMs)} s`);

    const accounts: Array<{ email: string; password: string }> = [];
    const restarts: Array<{ run: number; readyMs: number; waitedForLock: boolean }> = [];
    for (let run = 1; run <= runs; run += 1) {
      const account = { email: `restart-${Date.now()}-${run}@example.org`, password: `a passphrase for restart ${run}` };
      await api.signUp(account.email, account.password);
      accounts.push(account);
      await stop(server, 'SIGKILL');
      const since = performance.now();
      server = start(dataDir, port);
      const readyMs = await readyAfter(server, base, since);
      // Everything written before each kill: its last row and every earlier one.
      for (const { email, password } of accounts) await api.request('POST', '/api/auth/login', { body: { email, password } });
      const waitedForLock = server.output().includes('Waiting up to');
      restarts.push({ run, readyMs, waitedForLock });
      log(`run ${run}: ready ${seconds(readyMs)} s after the start${waitedForLock ? ' (waited for the lock)' : ''}; ${accounts.length} accounts sign in`);
    }

    await stop(server, 'SIGTERM');
    server = start(dataDir, port);
    const cleanStartMs = await readyAfter(server, base, performance.now());
    await stop(server, 'SIGTERM');

    const sorted = restarts.map((r) => r.readyMs).sort((a, b) => a - b);
    const middle = sorted.length / 2;
    const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    const summary = { minMs: Math.round(sorted[0]!), medianMs: Math.round(median), maxMs: Math.round(sorted.at(-1)!) };
    printTable(
      'Restart after SIGKILL until /api/ready answers 200',
      ['run', 'seconds', 'waited for the lock'],
      restarts.map((r) => [String(r.run), seconds(r.readyMs), r.waitedForLock ? 'yes' : 'no']),
    );
    console.log(`min ${seconds(summary.minMs)} s, median ${seconds(summary.medianMs)} s, max ${seconds(summary.maxMs)} s (target ≤ ${TARGET_MS / 1000} s: ${summary.maxMs <= TARGET_MS ? 'met' : 'NOT MET'})`);
    const load = { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadavg()[0]! * 100) / 100 };
    console.log(`for comparison: first start ${seconds(firstStartMs)} s (a new database), start after a clean stop ${seconds(cleanStartMs)} s`);
    console.log(`load average (1 min) ${load.before} before, ${load.after} after, on ${machine().cpus} cores`);
    if (out) {
      mkdirSync(resultsDir, { recursive: true });
      const report = {
        machine: machine(),
        date: new Date().toISOString(),
        serverDir,
        targetMs: TARGET_MS,
        loadAverage: load,
        summary,
        firstStartMs: Math.round(firstStartMs),
        cleanStartMs: Math.round(cleanStartMs),
        restarts: restarts.map((r) => ({ ...r, readyMs: Math.round(r.readyMs) })),
      };
      writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
      log(`wrote ${out}`);
    }
  } finally {
    current?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
