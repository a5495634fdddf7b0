import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

/** Kept 5 s fresh by its holder; a lock not refreshed for 15 s is stale (its holder died) and can be taken over. */
const LOCK_TIMING = { stale: 15_000, update: 5_000 };
/** Longer than the staleness, so a start right after a crash gets the lock instead of giving up (decision 025). */
const STALE_WAIT_MS = 20_000;
const RETRY_MS = 250;

interface Holder {
  pid: number;
  host: string;
}

const holderFile = (dir: string) => join(dir, 'server.pid');
/** Folders this process holds: its own pid in the file then means a live holder, not an earlier incarnation. */
const heldHere = new Set<string>();

function readHolder(dir: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(holderFile(dir), 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? { pid: holder.pid, host: holder.host } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock's holder is certainly a running process: its pid (written next to the lock) is alive on this
 * host and is not us (a container restarts with the same pid). Anything unsure counts as possibly dead: we then
 * wait for the lock to go stale, and a live holder, which keeps it fresh, is still refused after the wait.
 */
function holderIsAlive(dir: string): boolean {
  if (heldHere.has(dir)) return true;
  const holder = readHolder(dir);
  if (!holder || holder.host !== hostname() || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * Takes the folder for this process alone. Two processes opening one PGlite folder corrupt it silently,
 * so a second server must refuse to start. A live holder is refused at once; a holder that died (SIGKILL, power
 * loss) leaves a lock that goes stale within 15 s, and this start waits for that instead of failing.
 */
export async function lockDataDir(dir: string, onWait: (message: string) => void = console.warn): Promise<() => Promise<void>> {
  const deadline = Date.now() + STALE_WAIT_MS;
  let waiting = false;
  for (;;) {
    try {
      const release = await lockfile.lock(dir, { lockfilePath: join(dir, 'server.lock'), ...LOCK_TIMING });
      writeFileSync(holderFile(dir), JSON.stringify({ pid: process.pid, host: hostname() } satisfies Holder));
      heldHere.add(dir);
      return async () => {
        heldHere.delete(dir);
        rmSync(holderFile(dir), { force: true });
        await release();
      };
    } catch (error) {
      if ((error as { code?: string }).code !== 'ELOCKED') throw error;
      if (holderIsAlive(dir) || Date.now() >= deadline) throw new DataDirLockedError(dir);
      if (!waiting) {
        waiting = true;
        onWait(`Waiting up to ${STALE_WAIT_MS / 1000} s for the lock on ${dir} left by a previous server process that stopped without releasing it.`);
      }
      await sleep(RETRY_MS);
    }
  }
}

/** SESSION_SECRET if set; otherwise one generated on first start and kept in the data folder (readable by its owner only). */
/**
 * The folder's lock for a command-line tool, or null while a server holds it: each tool then says in its own
 * words what the organiser should do (stop the server, or let it do the work).
 */
export async function tryLockDataDir(dir: string): Promise<(() => Promise<void>) | null> {
  try {
    return await lockDataDir(dir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return null;
    throw error;
  }
}

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
