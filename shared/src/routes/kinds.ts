// The parts of the route-list contract the browser needs without zod (compose.ts imports them).
import type { ParsedRouteList } from './routeList';

/** The kinds of URL rewrite the shell resolves (GET /api/url-rewrites/resolve). */
export const REWRITE_TYPES = ['product', 'category', 'cms-page'] as const;
export type RewriteType = (typeof REWRITE_TYPES)[number];

/** Every module a route list renders. */
export function routeListModules(list: ParsedRouteList): string[] {
  return [...new Set([...list.routes.map((r) => r.module), ...Object.values(list.rewrites).map((t) => t.module)])];
}
