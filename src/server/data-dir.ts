import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `Another marketplace server is already using the data folder ${dir}.\n` +
        'The embedded database can only be opened by one process at a time: stop the other server first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export function ensureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
}

/**
 * Takes the folder for this process alone. Two processes opening one PGlite folder corrupt it silently,
 * so a second server must refuse to start. The lock goes stale (and can be taken over) if its holder dies.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, { lockfilePath: join(dir, 'server.lock'), stale: 15_000, update: 5_000 });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirLockedError(dir);
    throw error;
  }
}

/** SESSION_SECRET if set; otherwise one generated on first start and kept in the data folder (readable by its owner only). */
export function resolveSessionSecret(configured: string | undefined, dir: string): string {
  if (configured) return configured;
  const file = join(dir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
