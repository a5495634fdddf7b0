import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
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
