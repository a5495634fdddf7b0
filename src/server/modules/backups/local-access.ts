import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How `npm run backup` asks a running server for a backup without an administrator's password (decision 027):
 * at start the server writes a random token and its loopback address to DATA_DIR/backup-token (0600). Whoever
 * can read that file can already read the database files beside it, so the token grants nothing new; the server
 * accepts it only on a connection from this machine, and makes a new one at every start.
 */
export const localAccessFile = (dataDir: string) => join(dataDir, 'backup-token');

export interface LocalAccess {
  url: string;
  token: string;
}

export function newLocalToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The address a command on this machine reaches the server at, or null when it listens elsewhere only. */
export function loopbackUrl(host: string, port: number): string | null {
  if (host === '0.0.0.0' || host === '::' || host === 'localhost' || host.startsWith('127.') || host === '::1') {
    return host === '::' || host === '::1' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
  }
  return null;
}

export function writeLocalAccess(dataDir: string, access: LocalAccess): void {
  writeFileSync(localAccessFile(dataDir), `${JSON.stringify(access)}\n`, { mode: 0o600 });
}

export function removeLocalAccess(dataDir: string): void {
  try {
    unlinkSync(localAccessFile(dataDir));
  } catch {
    // Already gone.
  }
}

export function readLocalAccess(dataDir: string): LocalAccess | null {
  try {
    const parsed = JSON.parse(readFileSync(localAccessFile(dataDir), 'utf8')) as Partial<LocalAccess>;
    return typeof parsed.url === 'string' && typeof parsed.token === 'string' ? { url: parsed.url, token: parsed.token } : null;
  } catch {
    return null;
  }
}
