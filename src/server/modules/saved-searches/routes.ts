import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { idParamsSchema } from '#shared/input.js';
import {
  createSavedSearchSchema,
  SAVED_SEARCH_CHANGES_PER_HOUR,
  SAVED_SEARCH_TEXTS,
  savedSearchListSchema,
  savedSearchSchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
  updateSavedSearchSchema,
} from '#shared/saved-searches.js';
import { clientAddress } from '../../lib/client-address.js';
import { RateLimit } from '../../lib/rate-limit.js';
import { requireUser } from '../../lib/viewer.js';
import type { SavedSearchesService } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const noContent = z.null().describe('No content');
/** Opening a saved search is a write too, but a member may open them often. */
const OPENS_PER_HOUR = 600;
/** Unsubscribe links tried per address in an hour: nobody is signed in, and each try tests a token. */
const UNSUBSCRIBES_PER_HOUR = 60;

export const savedSearchesRoutes: FastifyPluginAsyncZod<{ savedSearches: SavedSearchesService; rateLimitScale: number }> = async (
  app,
  { savedSearches, rateLimitScale },
) => {
  // Per person, like the other writes of an account (decision 015): only accepted changes count.
  const changes = new RateLimit({ name: 'saved-searches', points: SAVED_SEARCH_CHANGES_PER_HOUR, durationSeconds: 60 * 60 }, 1, SAVED_SEARCH_TEXTS.tooManyChanges);
  const opens = new RateLimit({ name: 'saved-search-opens', points: OPENS_PER_HOUR, durationSeconds: 60 * 60 }, 1, SAVED_SEARCH_TEXTS.tooManyChanges);
  const unsubscribes = new RateLimit({ name: 'saved-search-unsubscribes', points: UNSUBSCRIBES_PER_HOUR, durationSeconds: 60 * 60 }, rateLimitScale);

  app.get(
    '/api/saved-searches',
    { config: { signedIn: true }, schema: { response: { 200: savedSearchListSchema, ...errors } } },
    (request) => savedSearches.list(requireUser(request)),
  );

  app.post(
    '/api/saved-searches',
    { config: { signedIn: true }, schema: { body: createSavedSearchSchema, response: { 201: savedSearchSchema, ...errors } } },
    async (request, reply) => {
      const viewer = requireUser(request);
      const saved = await changes.spendOnSuccess(viewer.id, () => savedSearches.create(viewer, request.body));
      return reply.code(201).send(saved);
    },
  );

  app.patch(
    '/api/saved-searches/:id',
    { config: { signedIn: true }, schema: { params: idParamsSchema, body: updateSavedSearchSchema, response: { 200: savedSearchSchema, ...errors } } },
    (request) => {
      const viewer = requireUser(request);
      return changes.spendOnSuccess(viewer.id, () => savedSearches.update(viewer, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    { config: { signedIn: true }, schema: { params: idParamsSchema, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      const viewer = requireUser(request);
      await changes.spendOnSuccess(viewer.id, () => savedSearches.remove(viewer, request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/saved-searches/:id/opened',
    { config: { signedIn: true }, schema: { params: idParamsSchema, response: { 204: noContent, ...errors } } },
    async (request, reply) => {
      const viewer = requireUser(request);
      await opens.spendOnSuccess(viewer.id, () => savedSearches.opened(viewer, request.params.id));
      return reply.code(204).send(null);
    },
  );

  // RFC 8058's one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` as a form to the header's
  // address, which carries the token; the page behind the email's link POSTs `{token}` as JSON. Form bodies are read
  // here only, and nothing in them is used: the token is the whole authority (no session, from any site).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, null));
  app.post(
    '/api/saved-searches/unsubscribe',
    {
      config: { crossSite: true },
      schema: { querystring: unsubscribeQuerySchema, body: unsubscribeBodySchema, response: { 204: noContent, 400: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      await unsubscribes.consume(clientAddress(request));
      await savedSearches.unsubscribe(request.body?.token ?? request.query.token);
      return reply.code(204).send(null);
    },
  );
};
