import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/errors.js';
import { METRICS_TEXTS } from '#shared/operations.js';
import { isBearer, isFromThisMachine } from '../../lib/local-requests.js';
import { mediaResponse } from '../../lib/responses.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  return isFromThisMachine(request) || (token !== undefined && isBearer(request.headers.authorization, token));
}

/** GET /metrics: Prometheus's text format, for this machine or a bearer of METRICS_TOKEN (decision 023). */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; token?: string }> = async (app, { metrics, token }) => {
  // Fastify sends a string as it is: the 200 schema documents the answer and types the handler.
  const scrape = mediaResponse(METRICS_CONTENT_TYPE, "Prometheus's text exposition format.");
  app.get(METRICS_PATH, { exposeHeadRoute: false, schema: { response: { 200: scrape, 401: apiErrorSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!mayRead(request, token)) return reply.code(401).header('www-authenticate', 'Bearer').send({ message: METRICS_TEXTS.tokenRequired, code: 'unauthenticated' });
    return reply.type(METRICS_CONTENT_TYPE).send(await metrics.scrape());
  });
};
