import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { DataExportFile } from '#shared/data-export.js';
import { renderIndexHtml } from './index-html.js';
import type { ArchiveContent } from './sections.js';

/** What a failure after the answer began is told to (the request's logger). */
export interface ArchiveLog {
  warn(details: object, message: string): void;
}

/**
 * Writes the archive as a stream (decision 062): the JSON files and index.html first, then each picture, read one at a
 * time and written once the client has taken the one before, so the server holds one picture at a time whatever a
 * member has. WebP is already compressed: pictures are stored as they are, the text is deflated.
 */
export function archiveStream(
  content: ArchiveContent,
  files: readonly DataExportFile[],
  readPicture: (id: string) => Promise<Buffer | undefined>,
  log: ArchiveLog,
): Readable {
  const out = new PassThrough();
  const mtime = new Date(content.exportedAt);
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const add = (name: string, bytes: Uint8Array, compress: boolean) => {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(bytes, true);
  };

  async function write(): Promise<void> {
    add('index.html', strToU8(renderIndexHtml(content, files)), true);
    for (const file of files) add(file, strToU8(`${JSON.stringify(content.files[file], null, 2)}\n`), true);
    for (const picture of content.pictures) {
      if (!(await drained(out))) return;
      // A picture deleted since the snapshot was read is simply not in the archive.
      const bytes = await readPicture(picture.id);
      if (bytes) add(picture.path, bytes, false);
    }
    zip.end();
  }
  write().catch((err: unknown) => {
    log.warn({ err }, 'The data archive stopped while it was being written');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

/** Resolves once `out` wants more (true), or once it is gone because the client went away (false). */
function drained(out: PassThrough): Promise<boolean> {
  if (out.destroyed) return Promise.resolve(false);
  if (!out.writableNeedDrain) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (more: boolean) => () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      resolve(more);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}
