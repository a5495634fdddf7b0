// engines: one — no database
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { listBackups, pruneBackups } from './files.js';
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
