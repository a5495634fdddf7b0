import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reads `.env` from the working directory into process.env when there is one (decision 024). Node's own parser
 * keeps a variable the environment already has, so a real environment variable always wins over the file.
 * Answers the file read, for the start-up log.
 */
export function loadDotEnv(cwd: string = process.cwd()): string | null {
  const file = join(cwd, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
