import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categorySchema, serviceTypeSchema } from '#shared/catalogue.js';
import { apiErrorSchema } from '#shared/errors.js';
import { serialId } from '#shared/input.js';
import { MESSAGES } from '#shared/texts.js';
import { notFound } from '../../lib/errors.js';
import { notModifiedResponse } from '../../lib/responses.js';
import { JsonText } from '../../lib/serializer.js';
import type { CachedAnswer, Catalogue } from './catalogue.js';

/**
 * The catalogue is the same for everyone and changes about never: any cache may keep it five minutes, and then serve
 * it a day longer while it asks again in the background (the ETag makes that question a 304 without a body).
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/** Whether the client's If-None-Match names this answer (weak comparison, RFC 9110 §13.1.2). */
function stillCurrent(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('cache-control', CATALOGUE_CACHE_CONTROL).header('etag', answer.etag);
  if (stillCurrent(request, answer.etag)) return reply.code(304).send();
  // The text was written once from the same rows; outside production the serializer checks it against the schema.
  return reply.send(new JsonText(answer.json) as never);
}

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: Catalogue }> = async (app, { catalogue }) => {
  app.get('/api/categories', { schema: { response: { 200: z.array(categorySchema), 304: notModifiedResponse } } }, async (request, reply) =>
    send(request, reply, await catalogue.categoriesAnswer()),
  );

  app.get(
    '/api/categories/:categoryId/service-types',
    {
      schema: {
        params: z.object({ categoryId: serialId() }),
        response: { 200: z.array(serviceTypeSchema), 304: notModifiedResponse, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await catalogue.serviceTypesAnswer(request.params.categoryId);
      if (!answer) throw notFound(MESSAGES.categoryNotFound);
      return send(request, reply, answer);
    },
  );

  app.post(
    '/api/seed-initial-data',
    { config: { allowBeforeTerms: true }, schema: { response: { 200: z.object({ message: z.string() }) } } },
    async () => {
      await catalogue.seed();
      return { message: 'Initial data is in place' };
    },
  );
};
