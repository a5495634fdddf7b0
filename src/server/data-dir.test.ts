// engines: one — no database
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime, resolveSessionSecret } from './data-dir.js';

/** A temporary folder, removed when the test that asked for it ends. */
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'csm-data-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const otherBootId = '00000000-0000-4000-8000-000000000000';
const lockDir = (dir: string) => join(dir, 'server.lock');

/** A lock as a holder leaves it: the lock folder with its holder's record at generation 1. */
function lockedBy(dir: string, record: Record<string, unknown> | string) {
  mkdirSync(lockDir(dir));
  writeFileSync(join(lockDir(dir), '1.json'), typeof record === 'string' ? record : JSON.stringify(record));
}

/** A process id that ran on this machine a moment ago and has exited. */
/** Takes the lock of `dir` and checks it came at once, with no word of waiting; answers its release. */
async function takenAtOnce(dir: string): Promise<() => Promise<void>> {
  const said: string[] = [];
  const started = Date.now();
  const unlock = await lockDataDir(dir, (line) => said.push(line));
  expect(Date.now() - started).toBeLessThan(1000);
  expect(said).toEqual([]);
  return unlock;
}

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** Node's arguments to run `code` (ESM) with data-dir.ts imported as `dataDir`. */
function nodeArgs(code: string): string[] {
  const module = new URL('./data-dir.ts', import.meta.url).href;
  return ['--import', 'tsx', '--input-type=module', '-e', `const dataDir = await import(${JSON.stringify(module)});\n${code}`];
}

/** Node running `code` (see nodeArgs), its stdout collected; killed when the test ends. */
function nodeChild(code: string, env: Record<string, string> = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, nodeArgs(code), { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  onTestFinished(() => void child.kill('SIGKILL'));
  return { child, output: () => output, exited };
}

/** A child process that takes the folder's lock and keeps it until it is killed. */
async function holderProcess(dir: string) {
  const holder = nodeChild("await dataDir.lockDataDir(process.env.LOCK_DIR, () => {});\nconsole.log('locked');\nsetInterval(() => {}, 60_000);", { LOCK_DIR: dir });
  await vi.waitFor(() => expect(holder.output()).toContain('locked'), { timeout: 20_000, interval: 50 });
  return holder;
}

describe('data folder', () => {
  it('can be locked by one holder at a time, and a release removes the lock', async () => {
    const dir = freshDir();
    const unlock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await unlock();
    expect(existsSync(lockDir(dir))).toBe(false);
    const again = await lockDataDir(dir);
    await again();
  });

  // Decision 025: a holder proven gone is taken over at once, one proven alive is refused at once, and one this
  // process cannot check is waited for until its lock goes stale.
  describe('left by another process', () => {
    it('that is alive on this machine: refused at once; once SIGKILLed: taken at once', { timeout: 30_000 }, async () => {
      const dir = freshDir();
      const holder = await holderProcess(dir);
      const said: string[] = [];
      let started = Date.now();
      await expect(lockDataDir(dir, (line) => said.push(line))).rejects.toBeInstanceOf(DataDirLockedError);
      expect(Date.now() - started).toBeLessThan(2000);

      holder.child.kill('SIGKILL');
      await holder.exited;
      started = Date.now();
      const unlock = await lockDataDir(dir, (line) => said.push(line));
      expect(Date.now() - started).toBeLessThan(1000);
      expect(said).toEqual([]);
      await unlock();
    });

    it('that was SIGKILLed and not yet reaped by its parent (a zombie): taken at once', { timeout: 30_000 }, async () => {
      const dir = freshDir();
      // The holder's parent becomes `sleep`, which never reaps it: once killed, the holder stays a zombie.
      const [node, ...args] = [process.execPath, ...nodeArgs("await dataDir.lockDataDir(process.env.LOCK_DIR, () => {});\nconsole.log(`locked ${process.pid}`);\nsetInterval(() => {}, 60_000);")];
      const quoted = [node, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
      const parent = spawn('sh', ['-c', `${quoted} & exec sleep 60`], { env: { ...process.env, LOCK_DIR: dir }, stdio: ['ignore', 'pipe', 'inherit'] });
      onTestFinished(() => void parent.kill('SIGKILL'));
      let output = '';
      parent.stdout.on('data', (d) => (output += d));
      await vi.waitFor(() => expect(output).toMatch(/locked \d+/), { timeout: 20_000, interval: 50 });
      const holder = Number(/locked (\d+)/.exec(output)![1]);
      process.kill(holder, 'SIGKILL');
      await vi.waitFor(() => expect(readFileSync(`/proc/${holder}/stat`, 'utf8')).toMatch(/\) Z /));
      const unlock = await takenAtOnce(dir);
      await unlock();
    });

    it('whose process no longer runs: taken at once, without a word', async () => {
      const dir = freshDir();
      lockedBy(dir, { pid: deadPid(), host: hostname(), bootId, startTime: 1 });
      const unlock = await takenAtOnce(dir);
      // The new holder's record is the next generation; the dead one's stays below it.
      expect(JSON.parse(readFileSync(join(lockDir(dir), '2.json'), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname(), bootId });
      await unlock();
    });

    it.each([
      // Our parent runs, but started at another time than the record says: the pid was reused.
      ['a pid now used by another process', () => ({ pid: process.ppid, startTime: processStartTime(process.ppid)! + 1, bootId })],
      // A container restarts with the same pid as its previous run.
      ["this process's pid from an earlier start", () => ({ pid: process.pid, startTime: processStartTime('self')! - 1, bootId })],
      ["this process's pid from before the machine restarted", () => ({ pid: process.pid, startTime: processStartTime('self')!, bootId: otherBootId })],
    ])('that names %s: taken at once', async (_, record) => {
      const dir = freshDir();
      lockedBy(dir, { host: hostname(), ...record() });
      const unlock = await takenAtOnce(dir);
      await unlock();
    });

    it("with a record from before this lock (proper-lockfile's folder and server.pid) whose process runs: refused at once", async () => {
      const dir = freshDir();
      mkdirSync(lockDir(dir));
      writeFileSync(join(dir, 'server.pid'), JSON.stringify({ pid: process.ppid, host: hostname() }));
      const said: string[] = [];
      const started = Date.now();
      await expect(lockDataDir(dir, (line) => said.push(line))).rejects.toBeInstanceOf(DataDirLockedError);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(said).toEqual([]);
    });

    it('on another machine: waits, says so once, and takes the lock when it goes stale', async () => {
      const dir = freshDir();
      lockedBy(dir, { pid: process.ppid, host: 'another-machine', bootId: otherBootId, startTime: 1 });
      const said: string[] = [];
      const taking = lockDataDir(dir, (line) => said.push(line));
      await vi.waitFor(() => expect(said).toHaveLength(1));
      expect(said[0]).toContain('left by a previous server process');
      expect(said[0]).toContain('another-machine');
      // Time passes: the holder no longer refreshes its record, which goes stale.
      const past = new Date(Date.now() - 60_000);
      utimesSync(join(lockDir(dir), '1.json'), past, past);
      const unlock = await taking;
      expect(said).toHaveLength(1);
      await unlock();
    });

    it.each([
      ['on another machine', { pid: process.pid, host: 'another-machine', bootId, startTime: 1 }, 'another-machine'],
      ['on a machine of the same name, since another boot', { pid: process.ppid, host: hostname(), bootId: otherBootId, startTime: 1 }, 'last started'],
      ['whose record cannot be read', '{"pid": 12', 'cannot be read'],
    ])('%s, kept fresh: refused once the wait is over', async (_, record, reason) => {
      const dir = freshDir();
      lockedBy(dir, record);
      const said: string[] = [];
      const started = Date.now();
      await expect(lockDataDir(dir, (line) => said.push(line), { timing: { waitMs: 400, retryMs: 20 } })).rejects.toBeInstanceOf(DataDirLockedError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(said).toHaveLength(1);
      expect(said[0]).toContain(reason);
    });

    it('whose record cannot be read: taken once it is stale', async () => {
      const dir = freshDir();
      // Before the record is written: staleness counts from its time, which is then never earlier than this.
      const started = Date.now();
      lockedBy(dir, '{"pid": 12');
      const said: string[] = [];
      const unlock = await lockDataDir(dir, (line) => said.push(line), { timing: { staleMs: 300, retryMs: 20 } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(said).toHaveLength(1);
      await unlock();
    });

    it('that died, taken over by two starts at the same moment: exactly one wins', { timeout: 60_000 }, async () => {
      // Many rounds: one alone may not overlap closely enough to catch a claim that is not exclusive.
      const dirs = Array.from({ length: 30 }, () => freshDir());
      const dead = deadPid();
      for (const dir of dirs) lockedBy(dir, { pid: dead, host: hostname(), bootId, startTime: 1 });
      // Each start waits for the same instant per folder, then tries: the two overlap within a fraction of a millisecond.
      const racer = `
        console.log('ready');
        const go = await new Promise((resolve) => process.stdin.once('data', (d) => resolve(Number(String(d).trim()))));
        const results = [];
        for (const [i, dir] of JSON.parse(process.env.DIRS).entries()) {
          while (Date.now() < go + i * 30);
          try {
            await dataDir.lockDataDir(dir, () => {});
            results.push('won');
          } catch (error) {
            results.push(error instanceof dataDir.DataDirLockedError ? 'refused' : String(error));
          }
        }
        console.log(JSON.stringify(results));
        process.exit(0);`;
      const racers = [nodeChild(racer, { DIRS: JSON.stringify(dirs) }), nodeChild(racer, { DIRS: JSON.stringify(dirs) })];
      await vi.waitFor(() => racers.forEach((r) => expect(r.output()).toContain('ready')), { timeout: 30_000, interval: 50 });
      const go = Date.now() + 200;
      for (const { child } of racers) child.stdin!.write(`${go}\n`);
      expect(await Promise.all(racers.map((r) => r.exited))).toEqual([0, 0]);
      const [first, second] = racers.map((r) => JSON.parse(r.output().replace('ready', '')) as string[]);
      for (const [i] of dirs.entries()) expect([first![i], second![i]].sort()).toEqual(['refused', 'won']);
    });
  });

  describe('while held', () => {
    it('keeps its record fresh', async () => {
      const dir = freshDir();
      const unlock = await lockDataDir(dir, () => {}, { timing: { heartbeatMs: 20 } });
      const record = join(lockDir(dir), '1.json');
      const past = new Date(Date.now() - 60_000);
      utimesSync(record, past, past);
      await vi.waitFor(() => expect(Date.now() - statSync(record).mtimeMs).toBeLessThan(10_000));
      await unlock();
    });

    it('stops the process when the lock is taken away', async () => {
      const dir = freshDir();
      const compromised = vi.fn();
      const unlock = await lockDataDir(dir, () => {}, { timing: { heartbeatMs: 20 }, onCompromised: compromised });
      rmSync(lockDir(dir), { recursive: true });
      await vi.waitFor(() => expect(compromised).toHaveBeenCalledOnce());
      expect(compromised.mock.calls[0]![0]).toContain('taken over by another process');
      await unlock();
      expect(existsSync(lockDir(dir))).toBe(false);
    });

    it('never keeps a process alive: one that ends without releasing leaves a lock the next start takes at once', { timeout: 30_000 }, async () => {
      const dir = freshDir();
      const holder = nodeChild("await dataDir.lockDataDir(process.env.LOCK_DIR, () => {});\nconsole.log('locked');", { LOCK_DIR: dir });
      expect(await holder.exited).toBe(0);
      expect(holder.output()).toContain('locked');
      expect(existsSync(join(lockDir(dir), '1.json'))).toBe(true);
      const started = Date.now();
      const unlock = await lockDataDir(dir, () => {});
      expect(Date.now() - started).toBeLessThan(1000);
      await unlock();
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
