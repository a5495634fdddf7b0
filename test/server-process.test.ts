// engines: one
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { childServerPorts } from './support/ports.js';

/** The real entry point, as `npm start` runs it (from source through tsx, so no build is needed). */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', DEMO_DATA: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A fresh DATA_DIR, removed when the test ends (its servers have exited by then). */
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'csm-proc-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function waitFor(check: () => boolean, what: string, ms = 90_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

describe('server process', () => {
  // A first start creates the embedded database (initdb), which takes seconds on a busy machine.
  it('refuses a second server on the same data folder, and shuts down cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    const dataDir = tempDataDir();
    const port = String(await childServerPorts());
    const first = startServer({ DATA_DIR: dataDir, PORT: port });
    children.push(first.child);
    await waitFor(() => first.output().includes('is running at'), 'the first server to start');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });

    const second = startServer({ DATA_DIR: dataDir, PORT: String(Number(port) + 1) });
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another marketplace server is already using the data folder');

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/categories`).then((r) => r.status);
    first.child.kill('SIGTERM');
    expect(await inFlight).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received, shutting down');
    // The timers' work in flight finishes before the database closes: no run fails on a closed pool.
    expect(first.output()).not.toMatch(/tries again|housekeeping failed|Cannot use a pool/);
  });

  // Decision 025: a supervisor restarting a killed server at once gets it back at once, with what it had written.
  it('comes back at once after a SIGKILL on the same data folder, with the data written before', { timeout: 180_000 }, async () => {
    const dataDir = tempDataDir();
    const port = String(await childServerPorts());
    const base = `http://127.0.0.1:${port}`;
    const killed = startServer({ DATA_DIR: dataDir, PORT: port });
    children.push(killed.child);
    await waitFor(() => killed.output().includes('is running at'), 'the first server to start');
    const account = { email: `killed-${Date.now()}@example.org`, password: 'a long passphrase for the restart' };
    const signUp = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(account) });
    expect(signUp.status).toBe(201);
    killed.child.kill('SIGKILL');
    await killed.exited;

    const started = Date.now();
    const restarted = startServer({ DATA_DIR: dataDir, PORT: port });
    children.push(restarted.child);
    let exitCode: number | null | undefined;
    void restarted.exited.then((code) => (exitCode = code));
    await waitFor(() => restarted.output().includes('is running at') || exitCode !== undefined, 'the restarted server', 40_000);
    const restartMs = Date.now() - started;
    expect(restarted.output()).not.toContain('Another marketplace server');
    // The dead server's lock was taken over at once, not waited out.
    expect(restarted.output()).not.toContain('Waiting up to');
    console.log(`Restarted after a SIGKILL in ${(restartMs / 1000).toFixed(1)} s (from the sources through tsx; bench/restart.ts times the built server)`);
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const signIn = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(account) });
    expect(signIn.status).toBe(200);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('stops with a message naming every bad setting', async () => {
    const server = startServer({ DATA_DIR: tempDataDir(), PORT: 'abc', ADMIN_EMAILS: 'nope' });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('ADMIN_EMAILS');
  });
});
