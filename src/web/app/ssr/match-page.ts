import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import { notFoundRoute, type PageRoute, pageRoutes } from '../routes.js';

/** The page an address shows, found as the router finds it (wouter's own matcher and pattern parser). */
export function matchPage(path: string): { route: PageRoute; params: Record<string, string | undefined> } {
  for (const route of pageRoutes) {
    const [matches, params] = matchRoute(parse, route.path, path);
    if (matches) return { route, params: params ?? {} };
  }
  return { route: notFoundRoute, params: {} };
}
