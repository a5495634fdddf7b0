// Budget for the JavaScript a first visit must download before the app can start: the entry chunk and
// every chunk it imports statically, gzip-compressed. Lazily loaded pages (dynamicImports) are not counted.
// Run after `npm run build`; exits 1 when the budget is exceeded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// What `/` needs before the app starts, at most 110 KB (141 KB before the menus and toasts loaded on demand).
const BUDGET_KB = 110;
const OUT_DIR = 'dist/public';
const MANIFEST = join(OUT_DIR, '.vite/manifest.json');

if (!existsSync(MANIFEST)) {
  console.error(`${MANIFEST} not found. Run \`npm run build\` first (vite.config.ts must keep build.manifest on).`);
  process.exit(1);
}

/** @type {Record<string, { file: string; isEntry?: boolean; imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`Expected exactly one entry chunk in ${MANIFEST}, found ${entries.length}.`);
  process.exit(1);
}
const [entryKey] = entries[0];

/** The entry and its static imports, depth first, each once. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${MANIFEST} has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const files = [...staticClosure(entryKey)]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const source = readFileSync(join(OUT_DIR, file));
    return { file, raw: source.length, gzip: gzipSync(source, { level: 9 }).length };
  });

for (const { file, raw, gzip } of files) {
  console.log(`  ${file.padEnd(44)} ${kb(raw).padStart(8)} KB raw ${kb(gzip).padStart(7)} KB gzip`);
}
const total = files.reduce((sum, f) => sum + f.gzip, 0);
const imports = files.length - 1;
console.log(
  `initial JavaScript: ${kb(total)} KB gzip (entry + ${imports} static import${imports === 1 ? '' : 's'}), budget ${BUDGET_KB} KB`,
);
if (total > BUDGET_KB * 1024) {
  console.error(`Over budget by ${kb(total - BUDGET_KB * 1024)} KB. Load more of the app on demand (React.lazy) or drop a dependency.`);
  process.exit(1);
}
