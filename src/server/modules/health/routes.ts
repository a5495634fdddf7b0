import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The cheapest answer the server can give: the framework's ceiling in benchmarks, and a liveness probe. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, () => ({ status: 'ok' as const }));
};
