import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import { ZIP_PATTERN, zipLookupSchema } from '#shared/services.js';
import { notFound } from '../../lib/errors.js';
import { locateZip } from './lookup.js';

export const ZIP_MESSAGES = {
  malformed: 'ZIP code must be 5 digits or ZIP+4',
  notFound: 'ZIP code not found',
} as const;

/** ZIP → place from the dataset bundled in the zipcodes package (see lookup.ts): no third-party service. */
export const zipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/zip/:zip',
    {
      schema: {
        params: z.object({ zip: z.string().regex(ZIP_PATTERN, ZIP_MESSAGES.malformed) }),
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
