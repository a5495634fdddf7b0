// engines: one
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEMO_DATA_REFUSAL, HEALTH_WARNINGS } from '../src/shared/safe-defaults.js';
import { openPglite } from '../src/server/db/client.js';
import { createAuthRepository } from '../src/server/modules/accounts/index.js';
import { childServerPorts } from './support/ports.js';

const root = resolve('.');
/** tsx by absolute path: the server runs in a folder of its own, where `--import tsx` would not resolve. */
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
/** Settings the test controls; inherited values would hide what the .env file does. */
const CONTROLLED = ['PORT', 'PUBLIC_URL', 'DEMO_DATA', 'NODE_ENV', 'DATA_DIR', 'DATABASE_URL', 'SMTP_URL', 'SESSION_SECRET', 'LOG_LEVEL', 'HOST'];

/** The real entry point started from `cwd`, as `npm start` would be from the folder holding the .env file. */
function startServer(cwd: string, env: Record<string, string>) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !CONTROLLED.includes(key)));
  const child = spawn(process.execPath, ['--import', tsx, join(root, 'src/server/main.ts')], { cwd, env: { ...inherited, HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  onTestFinished(() => void (child.exitCode === null && child.kill('SIGKILL')));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, what: string, ms = 90_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('.env file and production safety (decision 024)', () => {
  it('reads .env from the working directory, lets the environment win, warns loudly, and refuses demo data beside real members', { timeout: 120_000 }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'csm-env-'));
    onTestFinished(() => rmSync(cwd, { recursive: true, force: true }));
    const dataDir = join(cwd, 'data');
    mkdirSync(dataDir);
    // A marketplace that already has a real member.
    const database = await openPglite(join(dataDir, 'pglite'));
    await database.migrate();
    await createAuthRepository(database.db).insertUser({ id: randomUUID(), email: 'neighbour@example.test', username: 'neighbour', termsAccepted: true });
    await database.close();

    const port = await childServerPorts();
    writeFileSync(join(cwd, '.env'), ['# written by the organiser', 'PUBLIC_URL=http://from-dotenv.test', 'DEMO_DATA=0', 'PORT=1', `DATA_DIR=${dataDir}`, ''].join('\n'));

    // PORT from the environment beats the file's; PUBLIC_URL and DEMO_DATA=0 come from the file.
    const server = startServer(cwd, { NODE_ENV: 'production', PORT: String(port) });
    await waitFor(() => server.output().includes('is running at'), 'the server to start');
    expect(server.output()).toContain('running at http://from-dotenv.test');
    expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ status: 'ok' });
    // Without SMTP_URL in production: a framed warning on stderr.
    expect(server.output()).toContain('WARNING: this marketplace is not configured for real use');
    expect(server.output()).toContain(HEALTH_WARNINGS.noSmtp);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // DEMO_DATA=1 from the environment beats the file's 0, and a database with real members refuses it.
    const refused = startServer(cwd, { NODE_ENV: 'production', PORT: String(port), DEMO_DATA: '1' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(DEMO_DATA_REFUSAL);
    expect(refused.output()).not.toContain('is running at');

    // On only by default (no DEMO_DATA anywhere), the README's `npm start` still starts, and warns.
    writeFileSync(join(cwd, '.env'), [`DATA_DIR=${dataDir}`, ''].join('\n'));
    const byDefault = startServer(cwd, { NODE_ENV: 'production', PORT: String(port) });
    await waitFor(() => byDefault.output().includes('is running at'), 'the server to start with demo data on by default');
    expect(byDefault.output()).toContain(HEALTH_WARNINGS.demoBesideMembers);
    byDefault.child.kill('SIGTERM');
    expect(await byDefault.exited).toBe(0);
  });
});
