import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '#shared/services.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { IMAGE_MESSAGES } from './messages.js';

/**
 * What every route that takes an image file shares (listing uploads, the profile picture): the multipart limits,
 * the per-person budget and the reading of the one `file` field with the same answers.
 */

/**
 * The most of a multipart body ever read. Twice the file limit: a file somewhat over 5 MB is still read (its excess
 * discarded, never buffered) so the answer can name it with the spec's text; anything longer is refused unread.
 */
export const MAX_UPLOAD_REQUEST_BYTES = 2 * MAX_IMAGE_BYTES;

/**
 * For `app.register(multipart, IMAGE_MULTIPART)` inside the plugin of the routes that take files, and nowhere else.
 * busboy buffers text fields and part headers in memory, so each is bounded: only `file` is read, and the few
 * small fields some clients add before it are tolerated.
 */
export const IMAGE_MULTIPART = {
  // Over-size files are truncated, not thrown, so the answer can name the file with the spec's text.
  throwFileSizeLimit: false,
  limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 5, headerPairs: 20 },
};

/** @fastify/multipart's errors for a request with more parts, fields or files than IMAGE_MULTIPART allows. */
const PART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_FILES_LIMIT']);

/** Image uploads one person may send an hour, per route family. */
export const uploadLimit = (scale: number) => new RateLimit({ name: 'image-uploads', points: 60, durationSeconds: 60 * 60 }, scale, IMAGE_MESSAGES.tooManyUploads);

/** Browsers send a bare name; anything longer than this is not worth repeating in an error message. */
const displayName = (name: string | undefined) => (name?.trim() || 'The file').slice(0, 120);

/**
 * Refuses, before a byte of the body is read, a request whose declared length is over the limit (413) or that
 * declares none (411, chunked): Node stops reading at Content-Length, so the limit holds for the whole body.
 */
function checkDeclaredLength(request: FastifyRequest): void {
  const declared = request.headers['content-length'];
  if (declared === undefined) throw new HttpError(411, IMAGE_MESSAGES.lengthRequired);
  if (Number(declared) > MAX_UPLOAD_REQUEST_BYTES) throw new HttpError(413, IMAGE_MESSAGES.tooLarge('The file'));
}

/**
 * Reads the body to its end, so a limit crossed anywhere in it (a second file, too many fields or parts) refuses
 * the request before anything is stored. The first `file` part is kept; any other file is read and dropped.
 */
async function readFilePart(request: FastifyRequest): Promise<{ bytes: Buffer; name: string; truncated: boolean } | undefined> {
  let kept: { bytes: Buffer; name: string; truncated: boolean } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (!kept && part.fieldname === 'file') kept = { bytes, name: displayName(part.filename), truncated: part.file.truncated };
    }
  } catch (error) {
    if (PART_LIMIT_CODES.has((error as { code?: string }).code ?? '')) throw new HttpError(413, IMAGE_MESSAGES.tooManyParts);
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    // busboy's own parse errors (a body cut short, a broken part header) come without a status: the body is at fault.
    throw badRequest(IMAGE_MESSAGES.unreadable);
  }
  return kept;
}

/** The bytes of the `file` field and the name to use in messages: 400 without one, 411/413 when the request or file is over the limits. */
export async function readImageUpload(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw badRequest(IMAGE_MESSAGES.noFile);
  checkDeclaredLength(request);
  const part = await readFilePart(request);
  if (!part) throw badRequest(IMAGE_MESSAGES.noFile);
  if (part.truncated) throw new HttpError(413, IMAGE_MESSAGES.tooLarge(part.name));
  return { bytes: part.bytes, name: part.name };
}
