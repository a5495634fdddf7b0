// Budget for the JavaScript a server-rendered page must download before it can react (decision 068): the entry chunk,
// the page's own chunk and every chunk either imports statically, gzip-compressed — what the document lists in
// #page-scripts. Chunks loaded with import() (a form, a dialog, a menu once opened) are not counted.
// Run after `npm run build`; exits 1 when a page is over its budget. `--json` prints the figures as JSON.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Each public page, at most 130 KB before it reacts (React 19 and its router alone are about 82 KB). */
export const PAGE_BUDGET_KB = 130;

/** The server-rendered pages, each named by the page module its route lists (Home's too, decision 072). */
export function publicPages(root = '.') {
  const routes = readFileSync(join(root, 'src/web/app/routes.tsx'), 'utf8');
  const modules = [...routes.matchAll(/module: '([^']+)'/g)].map((match) => match[1]);
  return modules.map((module) => ({ name: module.replace(/^.*\//, '').replace(/(-page)?\.tsx$/, ''), module }));
}

/**
 * What each public page downloads before it can react, from the client build's manifest (`dist/public/.vite/manifest.json`).
 * @returns {Record<string, { module?: string; gzipKb: number; files: Array<{ file: string; raw: number; gzip: number }> }>}
 */
export function pageScripts(root = '.') {
  const outDir = join(root, 'dist/public');
  const manifestPath = join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} not found. Run \`npm run build\` first (vite.config.ts must keep build.manifest on).`);
  /** @type {Record<string, { file: string; isEntry?: boolean; imports?: string[] }>} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`Expected exactly one entry chunk in ${manifestPath}, found ${entries.length}.`);

  /** A chunk and its static imports, depth first, each once. */
  const closure = (key, seen) => {
    if (seen.has(key)) return seen;
    if (!manifest[key]) throw new Error(`${manifestPath} has no chunk ${key}`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  // A page module other chunks import too (the not-found page) is merged into a shared chunk named after it.
  const chunkOf = (module) => {
    if (manifest[module]) return module;
    const name = module.replace(/^.*\//, '').replace(/\.tsx$/, '');
    const shared = Object.keys(manifest).find((key) => manifest[key].name === name);
    if (!shared) throw new Error(`${manifestPath} has no chunk for ${module}`);
    return shared;
  };
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const source = readFileSync(join(outDir, file));
      sizes.set(file, { file, raw: source.length, gzip: gzipSync(source, { level: 9 }).length });
    }
    return sizes.get(file);
  };
  const result = {};
  for (const page of publicPages(root)) {
    const keys = closure(entries[0], new Set());
    if (page.module) closure(chunkOf(page.module), keys);
    const files = [...keys]
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'))
      .map(sizeOf);
    result[page.name] = { module: page.module, gzipKb: Number((files.reduce((sum, f) => sum + f.gzip, 0) / 1024).toFixed(1)), files };
  }
  return result;
}

function main() {
  const pages = pageScripts();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(pages, null, 2));
    return;
  }
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  let over = 0;
  for (const [name, page] of Object.entries(pages)) {
    const largest = [...page.files].sort((a, b) => b.gzip - a.gzip).slice(0, 4);
    const fits = page.gzipKb <= PAGE_BUDGET_KB;
    if (!fits) over++;
    console.log(
      `${fits ? 'ok  ' : 'OVER'} ${name.padEnd(12)} ${String(page.gzipKb).padStart(6)} KB gzip (${page.files.length} files; largest ${largest.map((f) => `${f.file.replace(/^assets\//, '')} ${kb(f.gzip)}`).join(', ')})`,
    );
  }
  console.log(`JavaScript before each public page reacts: budget ${PAGE_BUDGET_KB} KB gzip per page`);
  if (over > 0) {
    console.error(`${over} page(s) over budget. Load what only a form, dialog or menu needs with import() when it opens, or drop a dependency.`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
