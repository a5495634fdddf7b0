import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.js';
import type { Readiness } from './readiness.js';

/** The cheapest answer the server can give: the framework's ceiling in benchmarks, and a liveness probe. */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness?: Readiness }> = async (app, { readiness }) => {
  app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, () => ({ status: 'ok' as const }));

  if (!readiness) return;
  // Readiness (decision 023): whether a balancer should send this process traffic. Unlike /api/health it asks the database.
  app.get(
    '/api/ready',
    { schema: { response: { 200: z.object({ status: z.literal('ready') }), 503: apiErrorSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const reason = await readiness.check();
      if (reason) return reply.code(503).send({ message: reason, code: 'service_unavailable' });
      return { status: 'ready' as const };
    },
  );
};
