// engines: one — npm start on the embedded database
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { childServerPorts } from './support/ports.js';

/** Whether a process id names a running process (EPERM: someone else's, running). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code !== 'ESRCH';
  }
}

async function waitFor(check: () => boolean, what: string, ms = 90_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const servers: number[] = [];
afterAll(() => servers.filter(isRunning).forEach((pid) => process.kill(pid, 'SIGKILL')));

describe('npm start', () => {
  // The real `npm start` (package.json's script, npm's shell, scripts/start.mjs), on the server's sources through tsx
  // (START_FROM_SOURCE=1): `npm test` runs this before it builds, and a build here would take minutes.
  it('stops the server gracefully on SIGTERM or SIGINT, and npm exits only once it has', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'csm-start-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const port = String(await childServerPorts());
      const npm = spawn('npm', ['start'], {
        env: { ...process.env, START_FROM_SOURCE: '1', DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'info', DEMO_DATA: '0', npm_config_update_notifier: 'false' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      npm.stdout.on('data', (d) => (output += d));
      npm.stderr.on('data', (d) => (output += d));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => npm.on('exit', (code, signal) => resolve({ code, signal })));
      onTestFinished(() => void npm.kill('SIGKILL'));
      await waitFor(() => output.includes('is running at'), `the server started by npm start (${signal})`);
      const running = output.split('\n').find((line) => line.includes('is running at'))!;
      const serverPid = (JSON.parse(running) as { pid: number }).pid;
      servers.push(serverPid);
      expect(serverPid).not.toBe(npm.pid);

      npm.kill(signal);
      const result = await exited;
      // By the time npm has exited, the server has stopped as it does on its own signal, and released the data folder.
      expect(isRunning(serverPid), `the server (pid ${serverPid}) outlived npm start:\n${output}`).toBe(false);
      expect(output).toContain(`${signal} received, shutting down`);
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
      expect(result).toEqual({ code: 0, signal: null });
    }
  });
});
