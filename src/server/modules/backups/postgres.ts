import { spawn, spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { privateFile, writeFileAtomically } from './files.js';

/** Raised when PostgreSQL's own tools are not on this machine: the sentence tells the organiser what to install. */
export class MissingToolError extends Error {
  constructor(tool: string) {
    super(
      `${tool} is not installed on this machine, so a PostgreSQL database cannot be ${tool === 'pg_dump' ? 'backed up' : 'restored'} from here.\n` +
        `Install PostgreSQL's client tools in the same major version as the server (Debian/Ubuntu: apt install postgresql-client; macOS: brew install libpq), then run this again.`,
    );
    this.name = 'MissingToolError';
  }
}

export function hasTool(tool: 'pg_dump' | 'pg_restore'): boolean {
  const result = spawnSync(tool, ['--version'], { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/** The URL without its password, and the password for PGPASSWORD: a password in the arguments shows in `ps`. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a tool with stdin/stdout wired to streams; rejects with its error output when it fails. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv, io: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: [io.stdin ? 'pipe' : 'ignore', io.stdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    const piped: Promise<void>[] = [];
    if (io.stdin && child.stdin) {
      // A tool may be done before it has read the last of its input (pg_restore stops at the tar's end-of-archive
      // blocks, leaving the padding after them): the pipe closing then is no failure, the exit code says how it went.
      piped.push(pipeline(io.stdin, child.stdin).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') throw error;
      }));
    }
    if (io.stdout && child.stdout) piped.push(pipeline(child.stdout, io.stdout));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new MissingToolError(tool) : error));
    child.on('close', (code) => {
      Promise.all(piped).then(
        () => (code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`))),
        (error: unknown) => reject(code === 0 ? error : new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
      );
    });
  });
}

/**
 * pg_dump's tar format, gzipped: one file like the embedded engine's backup. pg_dump reads one snapshot, so the
 * copy is consistent while the servers keep writing. Written under a temporary name, renamed when complete.
 */
export async function pgDump(url: string, out: string): Promise<void> {
  if (!hasTool('pg_dump')) throw new MissingToolError('pg_dump');
  const { dbname, env } = connection(url);
  await writeFileAtomically(out, async (partial) => {
    const gzip = createGzip();
    const written = pipeline(gzip, privateFile(partial));
    await run('pg_dump', ['--format=tar', '--no-owner', '--no-privileges', `--dbname=${dbname}`], env, { stdout: gzip });
    await written;
  });
}

/** Loads a backup made by pgDump into the (empty) database at `url`, in one transaction. */
export async function pgRestore(url: string, file: string): Promise<void> {
  if (!hasTool('pg_restore')) throw new MissingToolError('pg_restore');
  const { dbname, env } = connection(url);
  const input = createReadStream(file).pipe(createGunzip());
  await run('pg_restore', ['--format=tar', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`], env, { stdin: input });
}
