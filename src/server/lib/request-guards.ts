import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/texts.js';
import { forbidden } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

/**
 * Refuses state-changing requests that a browser says come from another site.
 * Fetch metadata first (every current browser sends it), the Origin header as the fallback;
 * non-browser clients send neither and are not a CSRF vector.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  if (isSafeMethod(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw forbidden(MESSAGES.crossOrigin, { code: 'cross_origin' });
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  if (!allowed.has(origin)) throw forbidden(MESSAGES.crossOrigin, { code: 'cross_origin' });
}
