import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/errors.js';
import { METRICS_TEXTS } from '../../../shared/operations.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Headers a reverse proxy adds: whoever it forwarded for is not on this machine, even though the socket is. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** The socket's peer, never X-Forwarded-For (TRUST_PROXY), so no client can claim to be local. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compared as digests: equal lengths for timingSafeEqual, and no timing hint of the token's length. */
function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  const local = isLoopback(request.socket.remoteAddress) && !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return local || hasToken(request, token);
}

/** GET /metrics: Prometheus's text format, for this machine or a bearer of METRICS_TOKEN (decision 023). */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; token?: string }> = async (app, { metrics, token }) => {
  // Fastify sends a string as it is: the 200 schema only types the handler.
  app.get(METRICS_PATH, { exposeHeadRoute: false, schema: { response: { 200: z.string(), 401: apiErrorSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!mayRead(request, token)) return reply.code(401).header('www-authenticate', 'Bearer').send({ message: METRICS_TEXTS.tokenRequired });
    return reply.type(METRICS_CONTENT_TYPE).send(await metrics.scrape());
  });
};
