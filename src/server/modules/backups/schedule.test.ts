// engines: one — no database
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { freshBackupPath, listBackups, pruneBackups, writeBackupAs, type BackupKind } from './files.js';
import { msUntilHour, startBackupSchedule } from './scheduler.js';

const log = { info: vi.fn(), error: vi.fn() };
afterEach(() => {
  vi.useRealTimers();
});

describe('BACKUP_HOUR and BACKUP_KEEP', () => {
  it('default to 3 o’clock and 7 files; off turns the nightly backup off; anything else is refused', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_HOUR: 3, BACKUP_KEEP: 7 });
    expect(loadConfig({ BACKUP_HOUR: 'off', BACKUP_KEEP: '30' })).toMatchObject({ BACKUP_HOUR: 'off', BACKUP_KEEP: 30 });
    expect(loadConfig({ BACKUP_HOUR: '0' }).BACKUP_HOUR).toBe(0);
    for (const bad of [{ BACKUP_HOUR: '24' }, { BACKUP_HOUR: 'night' }, { BACKUP_HOUR: '2.5' }, { BACKUP_KEEP: '0' }]) {
      expect(() => loadConfig(bad)).toThrow(ConfigError);
    }
  });
});

describe('the nightly backup', () => {
  it('waits for the next BACKUP_HOUR, local time', () => {
    expect(msUntilHour(new Date(2026, 0, 10, 2, 59, 0), 3)).toBe(60_000);
    expect(msUntilHour(new Date(2026, 0, 10, 3, 0, 0), 3)).toBe(24 * 3600_000);
    expect(msUntilHour(new Date(2026, 0, 10, 23, 30, 0), 0)).toBe(30 * 60_000);
  });

  it('runs at that hour every night until stopped, and a failure waits for the next night', async () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 10, 2, 0, 0) });
    const backUp = vi.fn().mockRejectedValueOnce(new Error('disk full')).mockResolvedValue({ name: 'marketplace-x.tar.gz', size: 1, createdAt: new Date() });
    const stop = startBackupSchedule({ hour: 3, backUp, log });
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(backUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(backUp).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(backUp).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(48 * 3600_000);
    expect(backUp).toHaveBeenCalledTimes(2);
  });
});

describe('BACKUP_KEEP', () => {
  it('keeps the newest files and never touches a file not named like a backup', () => {
    const dir = mkdtempSync(join(tmpdir(), 'csm-prune-'));
    try {
      for (let day = 1; day <= 9; day += 1) {
        const name = join(dir, `marketplace-202601${String(day).padStart(2, '0')}-030000.tar.gz`);
        writeFileSync(name, 'x');
        utimesSync(name, new Date(2026, 0, day, 3), new Date(2026, 0, day, 3));
      }
      writeFileSync(join(dir, 'my-notes.txt'), 'keep me');
      expect(pruneBackups(dir, 7)).toEqual(['marketplace-20260102-030000.tar.gz', 'marketplace-20260101-030000.tar.gz']);
      expect(listBackups(dir).map((b) => b.name)[0]).toBe('marketplace-20260109-030000.tar.gz');
      expect(listBackups(dir)).toHaveLength(7);
      expect(() => writeFileSync(join(dir, 'my-notes.txt'), 'still here', { flag: 'r+' })).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('nightly and manual backups', () => {
  const day = (n: number, hour = 3) => new Date(2026, 0, n, hour);
  /** A finished backup of `kind` made at `at`, through the same path a real one takes. */
  async function made(dir: string, kind: BackupKind, at: Date): Promise<string> {
    const info = await writeBackupAs(freshBackupPath(dir, at), kind, async (path) => writeFileSync(path, 'x'));
    utimesSync(join(dir, info.name), at, at);
    return info.name;
  }
  const namesOf = (dir: string, kind: BackupKind) => listBackups(dir).filter((b) => b.kind === kind).map((b) => b.name);

  it('many manual backups push out no nightly one, and only the last 3 manual ones stay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csm-prune-'));
    try {
      const nights = [];
      for (let n = 1; n <= 7; n += 1) nights.push(await made(dir, 'nightly', day(n)));
      // An administrator's afternoon: the route's whole budget and more, each followed by the prune the service runs.
      const manual = [];
      for (let minute = 0; minute < 12; minute += 1) {
        manual.push(await made(dir, 'manual', new Date(2026, 0, 7, 14, minute)));
        pruneBackups(dir, 7);
      }
      expect(namesOf(dir, 'nightly')).toEqual(nights.toReversed());
      expect(namesOf(dir, 'manual')).toEqual(manual.slice(-3).toReversed());
      // The marks of the pruned manual backups went with them.
      expect(readdirSync(dir).filter((name) => name.endsWith('.manual'))).toHaveLength(3);

      // The next night pushes out the oldest nightly one, and no manual one.
      const eighth = await made(dir, 'nightly', day(8));
      expect(pruneBackups(dir, 7)).toEqual([nights[0]]);
      expect(namesOf(dir, 'nightly')).toEqual([eighth, ...nights.slice(1).toReversed()]);
      expect(namesOf(dir, 'manual')).toEqual(manual.slice(-3).toReversed());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('files from before the kinds count as nightly: a manual backup pushes none of them out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csm-prune-'));
    try {
      for (let n = 1; n <= 7; n += 1) {
        const name = join(dir, `marketplace-202601${String(n).padStart(2, '0')}-141500.tar.gz`);
        writeFileSync(name, 'x');
        utimesSync(name, day(n, 14), day(n, 14));
      }
      for (let n = 0; n < 4; n += 1) await made(dir, 'manual', new Date(2026, 0, 8, 9, n));
      pruneBackups(dir, 7);
      expect(namesOf(dir, 'nightly')).toHaveLength(7);
      expect(namesOf(dir, 'manual')).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a manual backup that fails leaves no mark, and a mark without its file never marks a new backup', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csm-prune-'));
    try {
      const at = day(9, 12);
      await expect(writeBackupAs(freshBackupPath(dir, at), 'manual', () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
      expect(readdirSync(dir)).toEqual([]);

      // As a crash between the mark and the file would leave it.
      writeFileSync(join(dir, '.marketplace-20260109-120000.tar.gz.manual'), '');
      const path = freshBackupPath(dir, at);
      expect(path).toBe(join(dir, 'marketplace-20260109-120000-2.tar.gz'));
      expect((await writeBackupAs(path, 'nightly', async (p) => writeFileSync(p, 'x'))).kind).toBe('nightly');
      expect(existsSync(join(dir, '.marketplace-20260109-120000-2.tar.gz.manual'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
