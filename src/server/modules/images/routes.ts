import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/errors.js';
import { MAX_IMAGE_BYTES, uploadedImageSchema } from '../../../shared/services.js';
import type { Config } from '../../config.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { requireUser } from '../auth/plugin.js';
import { IMAGE_MESSAGES } from './messages.js';
import type { ImageVariant } from './repository.js';
import type { ImageService } from './service.js';

/** Ids are random UUIDs, so the bytes behind a URL never change: browsers and proxies may keep them forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema };
/** A Buffer payload bypasses the serializer, so this documents the answer without touching it. */
const webpBytes = z.any().describe('image/webp bytes');
const imageParams = z.object({ id: z.string().min(1).max(64) });
/** Browsers send a bare name; anything longer than this is not worth repeating in an error message. */
const displayName = (name: string | undefined) => (name?.trim() || 'The file').slice(0, 120);

export const imageRoutes: FastifyPluginAsyncZod<{ config: Config; images: ImageService }> = async (app, { config, images }) => {
  // Registered here, not app-wide: only this route parses multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
  const uploadsPerUser = new RateLimit({ points: 60, durationSeconds: 60 * 60 }, config.RATE_LIMIT_SCALE, IMAGE_MESSAGES.tooManyUploads);

  app.post('/api/images', { config: { signedIn: true }, schema: { response: { 201: uploadedImageSchema, ...errors } } }, async (request, reply) => {
    const user = requireUser(request);
    await uploadsPerUser.consume(user.id);
    if (!request.isMultipart()) throw badRequest(IMAGE_MESSAGES.noFile);
    // Over-size files are truncated, not thrown, so the answer can name the file with the spec's text.
    const part = await request.file({ throwFileSizeLimit: false });
    if (!part || part.fieldname !== 'file') throw badRequest(IMAGE_MESSAGES.noFile);
    const bytes = await part.toBuffer();
    const name = displayName(part.filename);
    if (part.file.truncated) throw new HttpError(413, IMAGE_MESSAGES.tooLarge(name));
    return reply.code(201).send(await images.store(user.id, bytes, name));
  });

  const variants: Array<[string, ImageVariant]> = [
    ['/api/images/:id', 'full'],
    ['/api/images/:id/card', 'card'],
  ];
  for (const [url, variant] of variants) {
    app.get(url, { schema: { params: imageParams, response: { 200: webpBytes, 400: apiErrorSchema, 404: apiErrorSchema } } }, async (request, reply) => {
      const bytes = await images.bytesOf(request.params.id, variant);
      if (!bytes) throw notFound(IMAGE_MESSAGES.notFound);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    });
  }
};
