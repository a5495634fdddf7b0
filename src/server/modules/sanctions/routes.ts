import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/errors.js';
import { appealSchema, createAppealSchema, SANCTION_TEXTS } from '#shared/sanctions.js';
import { clientAddress } from '../../lib/client-address.js';
import { RateLimit } from '../../lib/rate-limit.js';
import type { SanctionsService } from './service.js';

/** POST /api/appeals: a banned person cannot sign in, so the link's token is what identifies them. */
export const sanctionsRoutes: FastifyPluginAsyncZod<{ sanctions: SanctionsService; rateLimitScale: number }> = async (app, { sanctions, rateLimitScale }) => {
  // Per address: nobody is signed in, and each try tests a token.
  const tries = new RateLimit({ name: 'appeals', points: 10, durationSeconds: 60 * 60 }, rateLimitScale, SANCTION_TEXTS.tooManyAppeals);

  app.post(
    '/api/appeals',
    { schema: { body: createAppealSchema, response: { 201: appealSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema } } },
    async (request, reply) => {
      await tries.consume(clientAddress(request));
      return reply.code(201).send(await sanctions.appeal(request.body));
    },
  );
};
