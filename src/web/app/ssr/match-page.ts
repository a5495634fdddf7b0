import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { notFoundRoute, type PageRoute, pageRoutes } from '../routes.js';

/** The address as the router reads it: wouter decodes escapes with decodeURI, and keeps an address that does not decode. */
function asTheRouterReadsIt(path: string): string {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return path;
  }
}

/**
 * The page an address shows, found as the router finds it (wouter's own matcher and pattern parser, on the address
 * decoded as it decodes it), so the prefetch fills the queries the page will ask for.
 */
export function matchPage(path: string): { route: PageRoute; params: Record<string, string | undefined> } {
  const routed = asTheRouterReadsIt(path);
  for (const route of pageRoutes) {
    const [matches, params] = matchRoute(parse, route.path, routed);
    if (matches) return { route, params: params ?? {} };
  }
  return { route: notFoundRoute, params: {} };
}
