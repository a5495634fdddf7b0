import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DataDirLockedError, lockDataDir, resolveSessionSecret } from './data-dir.js';

/** A temporary folder, removed when the test that asked for it ends. */
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'csm-data-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('data folder', () => {
  it('can be locked by one holder at a time', async () => {
    const dir = freshDir();
    const unlock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await unlock();
    const again = await lockDataDir(dir);
    await again();
  });

  // Decision 025: the lock of a process that died is waited for; a live holder's is refused at once.
  describe('left by another process', () => {
    /** The lock as a holder leaves it: proper-lockfile's fresh lock folder and our pid file naming `pid`. */
    function lockedBy(dir: string, pid: number) {
      mkdirSync(join(dir, 'server.lock'));
      writeFileSync(join(dir, 'server.pid'), JSON.stringify({ pid, host: hostname() }));
    }

    it('that died: waits, says so once, and takes the lock when it goes stale', async () => {
      const dir = freshDir();
      const dead = spawnSync(process.execPath, ['-e', '']).pid!;
      lockedBy(dir, dead);
      const said: string[] = [];
      const taking = lockDataDir(dir, (line) => said.push(line));
      await vi.waitFor(() => expect(said).toHaveLength(1));
      expect(said[0]).toContain('left by a previous server process');
      // Time passes: the dead holder's lock is no longer refreshed and goes stale.
      const past = new Date(Date.now() - 60_000);
      utimesSync(join(dir, 'server.lock'), past, past);
      const unlock = await taking;
      expect(said).toHaveLength(1);
      await unlock();
    });

    it('that is alive: refused at once', async () => {
      const dir = freshDir();
      lockedBy(dir, process.ppid);
      const said: string[] = [];
      const started = Date.now();
      await expect(lockDataDir(dir, (line) => said.push(line))).rejects.toBeInstanceOf(DataDirLockedError);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(said).toEqual([]);
    });
  });

  it('generates a session secret once, keeps it private, and reuses it', () => {
    const dir = freshDir();
    const first = resolveSessionSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveSessionSecret(undefined, dir)).toBe(first);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'session-secret')).mode & 0o077).toBe(0);
  });

  it('prefers SESSION_SECRET when it is set', () => {
    expect(resolveSessionSecret('x'.repeat(32), freshDir())).toBe('x'.repeat(32));
  });
});
