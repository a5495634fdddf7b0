import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/errors.js';
import { browseQuerySchema, browseResultSchema, createServiceSchema, likeResultSchema, serviceSchema, updateServiceBodySchema } from '../../../shared/services.js';
import { requireUser } from '../auth/plugin.js';
import type { ServicesService } from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema };
/** Five images of up to 5 MB as base64 data URLs, plus the text fields. */
const LISTING_BODY_LIMIT = 36 * 1024 * 1024;

export const servicesRoutes: FastifyPluginAsyncZod<{ services: ServicesService }> = async (app, { services }) => {
  app.get('/api/services', { schema: { querystring: browseQuerySchema, response: { 200: browseResultSchema, 400: apiErrorSchema } } }, async (request, reply) => {
    const viewer = request.session?.user;
    if (viewer) return services.browse(request.query, viewer);
    // Already encoded against browseResultSchema (and maybe served from memory): Fastify sends JSON text as it is.
    const json = await services.browsePublicJson(request.query);
    return reply.type('application/json; charset=utf-8').send(json as never);
  });

  app.get('/api/services/:id', { schema: { params: idParams, response: { 200: serviceSchema, ...errors } } }, (request) =>
    services.get(request.params.id, request.session?.user ?? null),
  );

  app.post(
    '/api/services',
    { bodyLimit: LISTING_BODY_LIMIT, config: { signedIn: true }, schema: { body: createServiceSchema, response: { 201: serviceSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await services.create(requireUser(request), request.body)),
  );

  app.put(
    '/api/services/:id',
    { bodyLimit: LISTING_BODY_LIMIT, config: { signedIn: true }, schema: { params: idParams, body: updateServiceBodySchema, response: { 200: serviceSchema, ...errors } } },
    (request) => services.update(requireUser(request), request.params.id, request.body),
  );

  app.delete('/api/services/:id', { config: { signedIn: true }, schema: { params: idParams, response: { 200: serviceSchema, ...errors } } }, (request) =>
    services.remove(requireUser(request), request.params.id),
  );

  app.post('/api/services/:id/restore', { config: { signedIn: true }, schema: { params: idParams, response: { 200: serviceSchema, ...errors } } }, (request) =>
    services.restore(requireUser(request), request.params.id),
  );

  app.post('/api/services/:id/like', { config: { signedIn: true }, schema: { params: idParams, response: { 200: likeResultSchema, ...errors } } }, (request) =>
    services.setLiked(requireUser(request), request.params.id, true),
  );

  app.delete('/api/services/:id/like', { config: { signedIn: true }, schema: { params: idParams, response: { 200: likeResultSchema, ...errors } } }, (request) =>
    services.setLiked(requireUser(request), request.params.id, false),
  );

  app.get('/api/my-services', { config: { signedIn: true }, schema: { response: { 200: z.array(serviceSchema), 401: apiErrorSchema } } }, (request) =>
    services.listOwn(requireUser(request)),
  );
};
