import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { ZIP_PATTERN, zipLookupSchema } from '#shared/services.js';
import { notFound } from '../../lib/errors.js';
import { locateZip } from './lookup.js';
import { nearestZip } from './nearest.js';

export const ZIP_MESSAGES = {
  malformed: 'ZIP code must be 5 digits or ZIP+4',
  notFound: 'ZIP code not found',
  noneNear: 'There is no US ZIP code near this place',
  latitude: 'Latitude must be a number from -90 to 90',
  longitude: 'Longitude must be a number from -180 to 180',
} as const;

/** GET /api/zip/{zip}: a ZIP or ZIP+4. A server render's read is refused as the route refuses it (decision 042). */
export const zipParamsSchema = z.object({ zip: z.string().regex(ZIP_PATTERN, ZIP_MESSAGES.malformed) });

/** A point: the browser's geolocation (decision 050), used for one look-up and forgotten (the logs mask lat and lng). */
const pointQuerySchema = z.object({
  lat: z.coerce.number({ error: ZIP_MESSAGES.latitude }).min(-90, ZIP_MESSAGES.latitude).max(90, ZIP_MESSAGES.latitude),
  lng: z.coerce.number({ error: ZIP_MESSAGES.longitude }).min(-180, ZIP_MESSAGES.longitude).max(180, ZIP_MESSAGES.longitude),
});

/** ZIP → place from the dataset bundled in the zipcodes package (see lookup.ts): no third-party service. */
export const zipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/zip/nearest',
    { schema: { querystring: pointQuerySchema, response: { 200: zipLookupSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const place = nearestZip(request.query.lat, request.query.lng);
      if (!place) throw notFound(ZIP_MESSAGES.noneNear);
      // A person's whereabouts: no shared cache keeps the answer.
      reply.header('cache-control', 'private, no-store');
      return place;
    },
  );

  app.get(
    '/api/zip/:zip',
    {
      schema: {
        params: zipParamsSchema,
        response: { 200: zipLookupSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const place = locateZip(request.params.zip);
      if (!place) throw notFound(ZIP_MESSAGES.notFound);
      // The dataset changes only with a package upgrade.
      reply.header('cache-control', 'public, max-age=86400');
      return place;
    },
  );
};
