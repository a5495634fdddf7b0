import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

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

// The data folder's lock (decision 025). Two processes opening one PGlite folder corrupt it silently, so a second
// server must refuse to start; but a holder that is provably gone must not hold up the next start.
//
// The lock is the folder `server.lock`, made with an exclusive `mkdir`. Inside, each holder's record is a file named
// by its generation (`1.json`, then `2.json` for whoever takes over from a dead first holder…), created complete and
// exclusively (written to a temporary name, then hard-linked to its final one: a link fails if the name exists).
// The newest generation is the holder. Taking over a dead holder's generation N means creating N+1: of several
// starts that judge the same holder dead, exactly one creates it, and no start ever removes a lock it did not take
// (removing, then re-creating by name, would let a slower start remove the winner's fresh lock).
const LOCK = 'server.lock';
/** The record of a holder from before this lock: proper-lockfile's empty `server.lock` folder with this file beside it. */
const LEGACY_RECORD = 'server.pid';
/** A released lock is renamed to a name of this prefix before it is deleted, so no later lock is ever deleted. */
const RELEASED = 'server.lock.released-';

export interface LockTiming {
  /** How often the holder refreshes its record's mtime. */
  heartbeatMs: number;
  /** A record not refreshed for this long is stale: a holder this start cannot check is taken to be gone. */
  staleMs: number;
  /** How long a start waits for such a lock to go stale before giving up; longer than `staleMs`. */
  waitMs: number;
  /** Between two looks at a lock being waited for. */
  retryMs: number;
}

/** Unchanged from proper-lockfile's days: PGlite can block the event loop, and so the heartbeat, for seconds. */
const TIMING: LockTiming = { heartbeatMs: 5_000, staleMs: 15_000, waitMs: 20_000, retryMs: 250 };
/** A lock folder with no record yet, younger than this, is being taken right now: look again before saying anything. */
const SETTLING_MS = 1_000;

/** Who holds a lock: enough to tell, on the same machine, whether that process still runs. */
interface HolderRecord {
  pid: number;
  host: string;
  /** The kernel's boot id (Linux): a process id means nothing across boots. */
  bootId?: string;
  /** Field 22 of /proc/<pid>/stat, clock ticks after boot (Linux): a reused pid has another start time. */
  startTime?: number;
}

const BOOT_ID_FILE = '/proc/sys/kernel/random/boot_id';

function readBootId(): string | undefined {
  try {
    return readFileSync(BOOT_ID_FILE, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Fields 3 (state) and 22 (start time, clock ticks after boot) of /proc/<pid>/stat; undefined without /proc (or hidden). */
function processStat(pid: number | 'self'): { state: string; startTime: number | undefined } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name, is in parentheses and may itself hold spaces and parentheses: count after the last one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTime = Number(fields[22 - 3]);
    return { state: fields[0] ?? '', startTime: Number.isSafeInteger(startTime) && startTime >= 0 ? startTime : undefined };
  } catch {
    return undefined;
  }
}

/** When the process started, in clock ticks after boot, or undefined where there is no /proc (or it is hidden). */
export function processStartTime(pid: number | 'self'): number | undefined {
  return processStat(pid)?.startTime;
}

let identity: Pick<HolderRecord, 'bootId' | 'startTime'> | undefined;
/** This process as a lock record; its boot id and start time do not change while it runs. */
function ownRecord(): HolderRecord {
  identity ??= { bootId: readBootId(), startTime: processStartTime('self') };
  return { pid: process.pid, host: hostname(), ...identity };
}

function errorCode(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}

function parseRecord(text: string): HolderRecord | undefined {
  try {
    const record = JSON.parse(text) as Partial<HolderRecord>;
    // Anything but a positive pid would make kill(pid, 0) ask about a whole process group.
    if (!Number.isSafeInteger(record.pid) || record.pid! <= 0 || typeof record.host !== 'string') return undefined;
    return {
      pid: record.pid!,
      host: record.host,
      bootId: typeof record.bootId === 'string' ? record.bootId : undefined,
      startTime: Number.isSafeInteger(record.startTime) ? record.startTime : undefined,
    };
  } catch {
    return undefined;
  }
}

function readRecord(file: string): HolderRecord | undefined {
  try {
    return parseRecord(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The generation a record file's name says, for `N.json` only. */
function generationOf(name: string): number | undefined {
  if (!name.endsWith('.json')) return undefined;
  const digits = name.slice(0, -'.json'.length);
  const generation = Number(digits);
  return digits.length > 0 && digits.length < 10 && Number.isSafeInteger(generation) && generation > 0 && String(generation) === digits ? generation : undefined;
}

interface LockState {
  /** The newest generation, 0 when the folder holds no record yet (or is proper-lockfile's). */
  generation: number;
  /** Undefined when unreadable: being written without hard links, half-written by a crash, or none yet. */
  record: HolderRecord | undefined;
  /** When the holder last showed it was alive. */
  mtimeMs: number;
}

/** The lock as it stands, or undefined when there is none (or it was released while being read). */
function inspect(dir: string): LockState | undefined {
  const lockDir = join(dir, LOCK);
  let names: string[];
  try {
    names = readdirSync(lockDir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  const generation = Math.max(0, ...names.map((name) => generationOf(name) ?? 0));
  const file = generation > 0 ? join(lockDir, `${generation}.json`) : lockDir;
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return undefined;
  const record = generation > 0 ? readRecord(file) : readRecord(join(dir, LEGACY_RECORD));
  return { generation, record, mtimeMs: stat.mtimeMs };
}

/**
 * Running, as far as this process can see: EPERM is someone else's process, alive. A zombie (killed, not yet reaped
 * by its parent) still answers kill(pid, 0) but has closed its files: it is not running.
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return errorCode(error) !== 'ESRCH';
  }
  const state = processStat(pid)?.state;
  return state !== 'Z' && state !== 'X';
}

type Verdict = { is: 'alive' } | { is: 'dead' } | { is: 'unsure'; why: string };
const ALIVE: Verdict = { is: 'alive' };
const DEAD: Verdict = { is: 'dead' };

/** Folders this process holds, with the generation it holds them at. */
const held = new Map<string, number>();

/**
 * Whether a lock's holder still runs. Only a holder proven gone is 'dead' and only one proven running is 'alive';
 * the rest wait for the lock to go stale, which a live holder never lets happen.
 */
function judge(dir: string, record: HolderRecord | undefined, stale: boolean): Verdict {
  if (!record) return { is: 'unsure', why: "its holder's record cannot be read" };
  if (record.host !== hostname()) return { is: 'unsure', why: `it is held from the machine ${record.host}, which this one cannot check` };
  const me = ownRecord();
  const bootKnown = me.bootId !== undefined && record.bootId !== undefined;
  const startKnown = me.startTime !== undefined && record.startTime !== undefined;
  if (record.pid === process.pid) {
    if (held.has(dir)) return ALIVE;
    // Our pid, yet not ours: a container restarted with the same pid, unless it is this very process.
    if (bootKnown && record.bootId !== me.bootId) return DEAD;
    if (bootKnown && startKnown) return record.startTime === me.startTime ? ALIVE : DEAD;
    return { is: 'unsure', why: 'it names this process id, and this system cannot tell whether an earlier process wrote it' };
  }
  if (bootKnown && record.bootId !== me.bootId) {
    return { is: 'unsure', why: 'it was taken before this machine last started, or on another machine of the same name' };
  }
  if (!bootKnown) {
    // No boot id here (not Linux), or a record from proper-lockfile's days: as before, a running pid is the holder
    // while the lock is fresh, and a lock gone stale is taken.
    if (isRunning(record.pid) && !stale) return ALIVE;
    return { is: 'unsure', why: `this system cannot tell whether process ${record.pid} is the one that took it` };
  }
  if (!isRunning(record.pid)) return DEAD;
  const liveStart = processStartTime(record.pid);
  if (liveStart === undefined || record.startTime === undefined) {
    return { is: 'unsure', why: `process ${record.pid} runs, and this system cannot tell whether it is the one that took it` };
  }
  return liveStart === record.startTime ? ALIVE : DEAD;
}

/** Link where the file system has hard links; else an exclusive create, whose record a crash may leave half-written. */
function createExclusively(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, content, { flag: 'wx' });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST' || code === 'ENOENT') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST' || code === 'ENOENT') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Tries to become the holder at `generation`; false when another process did first (or the lock went away). */
function claim(dir: string, generation: number): boolean {
  return createExclusively(join(dir, LOCK, `${generation}.json`), JSON.stringify(ownRecord()));
}

/** Renames a lock away, then deletes it: a start that recreates `server.lock` meanwhile keeps its own. */
function removeLock(dir: string): void {
  const away = join(dir, `${RELEASED}${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    renameSync(join(dir, LOCK), away);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  rmSync(away, { recursive: true, force: true });
}

/** What a crash could have left beside the lock: a proper-lockfile era record, released locks not yet deleted. */
function tidy(dir: string): void {
  rmSync(join(dir, LEGACY_RECORD), { force: true });
  for (const name of readdirSync(dir)) {
    if (name.startsWith(RELEASED)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

interface LockOptions {
  /** Told once when the start waits for a lock whose holder it cannot check. */
  onWait?: (message: string) => void;
  /** The lock was taken over or removed while held: serving on would risk a second writer. Ends the process by default. */
  onCompromised?: (message: string) => void;
  /** Tests only: production keeps decision 025's timings. */
  timing?: Partial<LockTiming>;
}

function endProcess(message: string): void {
  console.error(message);
  process.exit(1);
}

function hold(dir: string, generation: number, timing: LockTiming, onCompromised: (message: string) => void): () => Promise<void> {
  held.set(dir, generation);
  tidy(dir);
  const file = join(dir, LOCK, `${generation}.json`);
  const isStillOurs = () => {
    const state = inspect(dir);
    return state?.generation === generation && state.record?.pid === process.pid;
  };
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
      // The folder too: a server of a version from before this lock judges staleness by the folder, as proper-lockfile did.
      utimesSync(join(dir, LOCK), now, now);
    } catch (error) {
      // Anything but a missing record (a full disk, say) is tried again at the next beat.
      if (errorCode(error) !== 'ENOENT') return;
    }
    try {
      if (isStillOurs()) return;
    } catch {
      return; // unreadable for a moment: the next beat looks again
    }
    clearInterval(heartbeat);
    held.delete(dir);
    onCompromised(`The lock on the data folder ${dir} was removed or taken over by another process while this one held it; stopping so that only one process writes the embedded database.`);
  }, timing.heartbeatMs);
  // The lock never keeps a process alive: a command-line tool ends when its work does.
  heartbeat.unref();
  return async () => {
    clearInterval(heartbeat);
    if (held.get(dir) !== generation) return;
    held.delete(dir);
    if (isStillOurs()) removeLock(dir);
  };
}

/**
 * Takes the folder for this process alone, or throws DataDirLockedError. A holder proven gone (its pid no longer
 * runs on this machine since this boot, or runs as another process) is taken over at once; one proven alive is
 * refused at once; one this start cannot check (another machine on a shared disk, an unreadable record, no /proc)
 * is waited for, up to 20 s, in case it is a dead process's lock going stale after 15 s (decision 025).
 */
export async function lockDataDir(dir: string, onWait: (message: string) => void = console.warn, options: Omit<LockOptions, 'onWait'> = {}): Promise<() => Promise<void>> {
  return acquire(dir, { ...options, onWait });
}

async function acquire(dir: string, options: LockOptions): Promise<() => Promise<void>> {
  const timing = { ...TIMING, ...options.timing };
  const onCompromised = options.onCompromised ?? endProcess;
  const deadline = Date.now() + timing.waitMs;
  let said = false;
  for (;;) {
    let made = false;
    try {
      mkdirSync(join(dir, LOCK));
      made = true;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    // A new folder is claimed at generation 1 like any other: a start that judged a proper-lockfile era holder
    // dead at the same moment may have claimed it first.
    if (made && claim(dir, 1)) return hold(dir, 1, timing, onCompromised);

    const state = inspect(dir);
    if (!state) continue;
    const age = Date.now() - state.mtimeMs;
    const stale = age > timing.staleMs;
    const verdict = judge(dir, state.record, stale);
    if (verdict.is === 'alive') throw new DataDirLockedError(dir);
    if (verdict.is === 'dead' || stale) {
      if (claim(dir, state.generation + 1)) return hold(dir, state.generation + 1, timing, onCompromised);
      continue;
    }
    if (Date.now() >= deadline) throw new DataDirLockedError(dir);
    const settling = state.generation === 0 && !state.record && age < SETTLING_MS;
    if (!said && !settling) {
      said = true;
      options.onWait?.(
        `Waiting up to ${timing.waitMs / 1000} s for the lock on ${dir}: ${verdict.why}. It may be left by a previous server ` +
          'process that stopped without releasing it, and then goes stale; a live holder keeps it fresh.',
      );
    }
    await sleep(timing.retryMs);
  }
}

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
