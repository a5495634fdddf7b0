import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../../shared/services.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { IMAGE_MESSAGES } from './messages.js';

/**
 * What every route that takes an image file shares (listing uploads, the profile picture): the multipart limits,
 * the per-person budget and the reading of the one `file` field with the same answers.
 */

/** For `app.register(multipart, IMAGE_MULTIPART)` inside the plugin of the routes that take files, and nowhere else. */
export const IMAGE_MULTIPART = { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } };

/** Image uploads one person may send an hour, per route family. */
export const uploadLimit = (scale: number) => new RateLimit({ points: 60, durationSeconds: 60 * 60 }, scale, IMAGE_MESSAGES.tooManyUploads);

/** Browsers send a bare name; anything longer than this is not worth repeating in an error message. */
const displayName = (name: string | undefined) => (name?.trim() || 'The file').slice(0, 120);

/** The bytes of the `file` field and the name to use in messages: 400 without one, 413 when it is over the limit. */
export async function readImageUpload(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw badRequest(IMAGE_MESSAGES.noFile);
  // Over-size files are truncated, not thrown, so the answer can name the file with the spec's text.
  const part = await request.file({ throwFileSizeLimit: false });
  if (!part || part.fieldname !== 'file') throw badRequest(IMAGE_MESSAGES.noFile);
  const bytes = await part.toBuffer();
  const name = displayName(part.filename);
  if (part.file.truncated) throw new HttpError(413, IMAGE_MESSAGES.tooLarge(name));
  return { bytes, name };
}
