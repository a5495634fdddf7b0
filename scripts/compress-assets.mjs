// Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling beside each text file of the built client
// (`npm run build:client`, after `vite build`), so the server sends them as they are (@fastify/static's
// `preCompressed`) instead of compressing the same bytes on every request (decision 041).
// `node scripts/compress-assets.mjs [dir]`; the directory defaults to dist/public.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * What compresses: text. Images and fonts are compressed formats already. Source maps are left out: only the
 * developer tools fetch them, and they are four times the size of the code (the server compresses them on the fly).
 */
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this a response fits in a packet or two either way: the encoding saves nothing a visitor notices. */
export const MIN_BYTES = 1024;
/** A sibling that saves less than a tenth is not worth a second file and a different answer per client. */
const MAX_RATIO = 0.9;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const ENCODERS = {
  br: (data) =>
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gz: (data) => gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
};

/** Every file under `dir`, dot folders (Vite's `.vite/manifest.json`) and dot files left out: the server never serves them. */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.filter((entry) => !entry.name.startsWith('.')).map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/**
 * Compresses each text file of at least `minBytes` under `dir` and writes the encodings that help; an encoding that
 * does not is removed if an earlier run left one. Answers what was written, by file: its size and its siblings' sizes.
 */
export async function compressAssets(dir, { minBytes = MIN_BYTES } = {}) {
  const candidates = (await filesUnder(dir)).filter((file) => TEXT.has(extname(file)));
  const written = [];
  await Promise.all(
    candidates.map(async (file) => {
      const { size } = await stat(file);
      if (size < minBytes) return;
      const data = await readFile(file);
      const sizes = { file, size };
      for (const [suffix, encode] of Object.entries(ENCODERS)) {
        const encoded = await encode(data);
        if (encoded.length <= size * MAX_RATIO) {
          await writeFile(`${file}.${suffix}`, encoded);
          sizes[suffix] = encoded.length;
        } else {
          await rm(`${file}.${suffix}`, { force: true });
        }
      }
      if (sizes.br !== undefined || sizes.gz !== undefined) written.push(sizes);
    }),
  );
  return written.sort((a, b) => b.size - a.size);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist/public';
  const started = Date.now();
  const written = await compressAssets(dir);
  const total = (key) => written.reduce((sum, entry) => sum + (entry[key] ?? entry.size), 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(
    `compress-assets: ${written.length} files in ${dir}, ${kb(total('size'))} → br ${kb(total('br'))}, gzip ${kb(total('gz'))} (${Date.now() - started} ms)`,
  );
}
