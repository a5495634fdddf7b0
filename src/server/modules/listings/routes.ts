import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { idParamsSchema } from '#shared/input.js';
import {
  browseQuerySchema,
  browseResultSchema,
  createServiceSchema,
  likeResultSchema,
  listingDistanceQuerySchema,
  listingDistanceSchema,
  MAX_IMAGE_REF_LENGTH,
  MAX_IMAGES,
  relatedServicesSchema,
  serviceSchema,
  updateServiceBodySchema,
  WRITE_LIMIT_TEXTS,
} from '#shared/services.js';
import { listingActiveBodySchema } from '#shared/listing-active.js';
import { EXPIRY_TEXTS, listingRenewalSchema, renewalBodySchema, renewalQuerySchema } from '#shared/listing-expiry.js';
import { listingRefusalSchema } from '#shared/unavailable.js';
import { clientAddress } from '../../lib/client-address.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { JsonText } from '../../lib/serializer.js';
import { requireUser, type Viewer } from '../../lib/viewer.js';
import type { ListingsService } from './service.js';

const idParams = idParamsSchema;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema };
/** Five images at the longest an `images` entry may be (a 5 MB image as a data URL), plus the text fields. */
const LISTING_BODY_LIMIT = MAX_IMAGES * MAX_IMAGE_REF_LENGTH + 64 * 1024;

/**
 * Per-person budgets of accepted writes (decision 015). Not scaled by RATE_LIMIT_SCALE: that scale is for per-address
 * budgets, which many people behind one address share; these belong to one account.
 */
const writeLimits = () => ({
  newListings: new RateLimit({ name: 'new-listings', points: 60, durationSeconds: 60 * 60 }, 1, WRITE_LIMIT_TEXTS.newListings),
  // Edits, pauses, deletes and restores: each clears the signed-out page cache, so each is counted.
  edits: new RateLimit({ name: 'listing-edits', points: 300, durationSeconds: 60 * 60 }, 1, WRITE_LIMIT_TEXTS.edits),
  likes: new RateLimit({ name: 'likes', points: 120, durationSeconds: 60 }, 1, WRITE_LIMIT_TEXTS.likes),
});

export const listingsRoutes: FastifyPluginAsyncZod<{ services: ListingsService; rateLimitScale?: number }> = async (app, { services, rateLimitScale = 1 }) => {
  const limits = writeLimits();
  // The emailed renewal link's page and its button (decision 051): nobody need be signed in, so each try is counted per
  // address, as appeal links are; the link's HMAC cannot be guessed, this only keeps a client from hammering it.
  const renewalTries = new RateLimit({ name: 'renewal-links', points: 60, durationSeconds: 60 * 60 }, rateLimitScale, EXPIRY_TEXTS.tooManyTries);
  const asOwner = <T>(budget: RateLimit, request: FastifyRequest, write: (user: Viewer) => Promise<T>) => {
    const user = requireUser(request);
    return budget.spendOnSuccess(user.id, () => write(user));
  };

  app.get('/api/services', { schema: { querystring: browseQuerySchema, response: { 200: browseResultSchema, 400: apiErrorSchema } } }, async (request, reply) => {
    const viewer = request.session?.user;
    // Put together from the listings' remembered cards (decision 031), and for visitors maybe served from memory.
    const json = viewer ? await services.browseJson(request.query, viewer) : await services.browsePublicJson(request.query);
    return reply.send(new JsonText(json) as never);
  });

  // A listing that exists but may not be seen answers 404 with why and its category (decision 069).
  app.get('/api/services/:id', { schema: { params: idParams, response: { 200: serviceSchema, ...errors, 404: listingRefusalSchema } } }, (request) =>
    services.get(request.params.id, request.session?.user ?? null),
  );

  // The listing page's '≈ 3.2 mi away' (decision 052), from the ZIP the reader browsed near or their home ZIP.
  app.get(
    '/api/services/:id/distance',
    { schema: { params: idParams, querystring: listingDistanceQuerySchema, response: { 200: listingDistanceSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    (request) => services.distanceTo(request.params.id, request.query.near, request.session?.user ?? null),
  );

  app.get(
    '/api/services/:id/related',
    { schema: { params: idParams, response: { 200: relatedServicesSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request, reply) => reply.send(new JsonText(await services.relatedJson(request.params.id, request.session?.user ?? null)) as never),
  );

  app.post(
    '/api/services',
    { bodyLimit: LISTING_BODY_LIMIT, config: { signedIn: true }, schema: { body: createServiceSchema, response: { 201: serviceSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await asOwner(limits.newListings, request, (user) => services.create(user, request.body))),
  );

  app.put(
    '/api/services/:id',
    { bodyLimit: LISTING_BODY_LIMIT, config: { signedIn: true }, schema: { params: idParams, body: updateServiceBodySchema, response: { 200: serviceSchema, ...errors } } },
    (request) => asOwner(limits.edits, request, (user) => services.update(user, request.params.id, request.body)),
  );

  // Pause and resume without sending the whole listing (decision 070); the PUT's `isActive` still does the same.
  app.patch(
    '/api/services/:id/active',
    { config: { signedIn: true }, schema: { params: idParams, body: listingActiveBodySchema, response: { 200: serviceSchema, ...errors } } },
    (request) => asOwner(limits.edits, request, (user) => services.setActive(user, request.params.id, request.body.isActive)),
  );

  app.delete('/api/services/:id', { config: { signedIn: true }, schema: { params: idParams, response: { 200: serviceSchema, ...errors } } }, (request) =>
    asOwner(limits.edits, request, (user) => services.remove(user, request.params.id)),
  );

  app.post('/api/services/:id/restore', { config: { signedIn: true }, schema: { params: idParams, response: { 200: serviceSchema, ...errors } } }, (request) =>
    asOwner(limits.edits, request, (user) => services.restore(user, request.params.id)),
  );

  // Listings expire (decision 051): the owner renews, expired or not.
  app.post('/api/services/:id/renew', { config: { signedIn: true }, schema: { params: idParams, response: { 200: serviceSchema, ...errors } } }, (request) =>
    asOwner(limits.edits, request, (user) => services.renew(user, request.params.id)),
  );

  const renewalErrors = { 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
  app.get(
    '/api/services/:id/renewal',
    { schema: { params: idParams, querystring: renewalQuerySchema, response: { 200: listingRenewalSchema, ...renewalErrors } } },
    async (request, reply) => {
      await renewalTries.consume(clientAddress(request));
      reply.header('cache-control', 'no-store');
      return services.renewalPreview(request.params.id, request.query.token);
    },
  );

  app.post(
    '/api/services/:id/renewal',
    { schema: { params: idParams, body: renewalBodySchema, response: { 200: listingRenewalSchema, ...renewalErrors } } },
    async (request) => {
      await renewalTries.consume(clientAddress(request));
      return services.renewByLink(request.params.id, request.body.token);
    },
  );

  app.post('/api/services/:id/like', { config: { signedIn: true }, schema: { params: idParams, response: { 200: likeResultSchema, ...errors } } }, (request) =>
    asOwner(limits.likes, request, (user) => services.setLiked(user, request.params.id, true)),
  );

  app.delete('/api/services/:id/like', { config: { signedIn: true }, schema: { params: idParams, response: { 200: likeResultSchema, ...errors } } }, (request) =>
    asOwner(limits.likes, request, (user) => services.setLiked(user, request.params.id, false)),
  );

  app.get('/api/my-services', { config: { signedIn: true }, schema: { response: { 200: z.array(serviceSchema), 401: apiErrorSchema } } }, (request) =>
    services.listOwn(requireUser(request)),
  );
};
