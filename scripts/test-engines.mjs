// Which server test files run on both database engines (decision 058). Each file of Vitest's `server` project
// declares on its first line where its behaviour can differ between PGlite and PostgreSQL:
//
//   // engines: both — <what differs: SQL, transactions, locks, LISTEN/NOTIFY, the pool, faults…>
//   // engines: one
//
// `npm test` runs every file once (on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite) and the `both` files
// on PGlite as well. Run directly (part of `npm run lint`), it fails when a file declares nothing, or `both` without
// saying why: a new test file cannot quietly drop out of the second engine.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
/** The roots of vitest.config.ts's server project (`src/**\/*.test.ts`, `test/**\/*.test.ts`). */
const ROOTS = ['src', 'test'];
const DECLARATION = /^\/\/ engines: (both|one)(?: — (\S.*))?$/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every server test file, relative to the repository, with what its first line declares. */
export function serverTestFiles() {
  return ROOTS.flatMap((root) => walk(join(ROOT, root)))
    .map((path) => {
      const first = readFileSync(path, 'utf8').split('\n', 1)[0];
      const match = DECLARATION.exec(first);
      return { file: relative(ROOT, path), engines: match?.[1], reason: match?.[2] };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

export const filesOnBothEngines = () => serverTestFiles().filter((f) => f.engines === 'both').map((f) => f.file);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = serverTestFiles();
  const problems = files.flatMap(({ file, engines, reason }) => {
    if (!engines) return [`${file}: its first line must declare '// engines: both — <why>' or '// engines: one' (decision 058)`];
    if (engines === 'both' && !reason) return [`${file}: '// engines: both' must say what differs between the engines, after ' — '`];
    return [];
  });
  for (const problem of problems) console.error(problem);
  const both = files.filter((f) => f.engines === 'both').length;
  if (problems.length > 0) process.exit(1);
  console.log(`test engines: ${files.length} server test files declared, ${both} of them on both engines`);
}
