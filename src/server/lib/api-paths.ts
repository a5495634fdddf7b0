import type { FastifyRequest } from 'fastify';

/**
 * The path a request was routed by. The router decodes percent-escapes (`/%61pi/...` reaches the
 * `/api/...` route) while `request.url` keeps them, so guards that look at `request.url` can be walked
 * around (decision 021). A routed request is judged by its route's pattern; an unrouted one by its
 * decoded path.
 */
export function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  // The catch-all of the server-rendered pages matches anything: judged by the path it was asked for (decision 042).
  if (pattern && pattern !== '/*') return pattern;
  return unroutedPath(request);
}

/** The decoded path of a request, whatever route took it. */
export function unroutedPath(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Answers about one person (their account, messages, administration, live events, sign-in steps). */
const PERSONAL_PREFIXES = ['/api/auth/', '/api/conversations', '/api/my-', '/api/admin/', '/api/messages/', '/api/events', '/api/login', '/api/callback', '/api/logout'];

export function isPersonalPath(path: string): boolean {
  return PERSONAL_PREFIXES.some((prefix) => path.startsWith(prefix));
}
