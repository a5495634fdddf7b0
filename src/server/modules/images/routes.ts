import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { textId } from '#shared/input.js';
import { uploadedImageSchema } from '#shared/services.js';
import { notFound } from '../../lib/errors.js';
import { mediaResponse } from '../../lib/responses.js';
import { requireUser } from '../../lib/viewer.js';
import { IMAGE_MESSAGES } from './messages.js';
import type { ImageVariant } from './repository.js';
import type { ImageService } from './service.js';
import { IMAGE_MULTIPART, readImageUpload } from './upload.js';

/** Ids are random UUIDs, so the bytes behind a URL never change: browsers and proxies may keep them forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 411: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema };
/** A Buffer payload bypasses the serializer, so this documents the answer without touching it. */
const webpBytes = mediaResponse('image/webp', 'The picture, re-encoded to WebP; its address never changes, so it may be cached forever.', z.any());
const imageParams = z.object({ id: textId() });

export const imageRoutes: FastifyPluginAsyncZod<{ images: ImageService }> = async (app, { images }) => {
  // Registered here, not app-wide: only the routes that take files parse multipart bodies.
  await app.register(multipart, IMAGE_MULTIPART);

  app.post('/api/images', { config: { signedIn: true }, schema: { consumes: ['multipart/form-data'], response: { 201: uploadedImageSchema, ...errors } } }, async (request, reply) => {
    const user = requireUser(request);
    // The budget the service also spends for data-URL images in listings: one per person, whichever way they arrive.
    await images.countUpload(user.id);
    const { bytes, name } = await readImageUpload(request);
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
