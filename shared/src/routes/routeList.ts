import { z } from '../api/schemas/z';
import { REWRITE_TYPES } from './kinds';

/**
 * The route list a remote publishes: the pages it owns, and the URL rewrites it renders. It is
 * data only (no React), written in the remote's `src/routes.ts`, checked and copied into the
 * remote's `mf-manifest.json` (field `shop.routes`) by its build, and read at run time by the
 * shell's page server and by the shell in the browser. A team adds or renames a page by
 * deploying its remote: no shell release.
 */

/** A federated module id: the remote's name, a slash, the exposed module ('catalog/ProductPage'). */
const moduleId = z.string().regex(/^[a-z][a-z0-9-]*\/[A-Za-z][A-Za-z0-9]*$/, 'must look like remote/Module');

/**
 * How the page server finds a page's status and title before the page is rendered. The kinds are
 * the lookups the page server knows; a route without one is a page that always exists (200) under
 * the shop's default title, or under `title` if it has one.
 */
export const pageMetaSchema = z.discriminatedUnion('kind', [
  /** A CMS page by identifier: 404 when the shop has no such page. */
  z.object({ kind: z.literal('cms-page'), identifier: z.string().min(1) }),
  /** A product by the numeric path parameter `param`: 404 when unknown or hidden. */
  z.object({ kind: z.literal('product'), param: z.string().min(1) }),
  /** A category by the numeric path parameter `param`. */
  z.object({ kind: z.literal('category'), param: z.string().min(1) }),
  /** An advice article by its url key in the path parameter `param`. */
  z.object({ kind: z.literal('article'), param: z.string().min(1) }),
  /** A page that always exists. */
  z.object({ kind: z.literal('page'), title: z.string().min(1).optional() }),
]);
export type PageMetaSource = z.infer<typeof pageMetaSchema>;

export const remoteRouteSchema = z.object({
  /** A React Router path pattern ('/advice/:articlePage', '/customer/account/edit/:action?'). */
  path: z.string().regex(/^\/$|^(\/[^\s/?#]+\??)+$/, 'must start with / and hold no spaces, query, # or empty segment'),
  /** The exposed module that renders it; always one of the remote's own. */
  module: moduleId,
  /** The account area: the shell sends a shopper who is not signed in to login first. */
  guarded: z.boolean().optional(),
  /** Props handed to the page component. */
  props: z.record(z.string(), z.unknown()).optional(),
  meta: pageMetaSchema.optional(),
});
export type RemoteRoute = z.infer<typeof remoteRouteSchema>;

export { REWRITE_TYPES, routeListModules, type RewriteType } from './kinds';

/** Which module renders a resolved rewrite, and the prop that receives its id (or CMS identifier). */
export const rewriteTargetSchema = z.object({ module: moduleId, prop: z.string().min(1) });
export type RewriteTarget = z.infer<typeof rewriteTargetSchema>;

export const routeListSchema = z.object({
  routes: z.array(remoteRouteSchema),
  rewrites: z.partialRecord(z.enum(REWRITE_TYPES), rewriteTargetSchema).default({}),
});
export type RouteList = z.input<typeof routeListSchema>;
export type ParsedRouteList = z.output<typeof routeListSchema>;

/**
 * Checks a route list as published by `remote`: its shape, and that every module is the remote's
 * own. Answers the list, or the problems in words a team can act on.
 */
export function parseRouteList(remote: string, raw: unknown): { list: ParsedRouteList } | { errors: string[] } {
  const parsed = routeListSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      errors: parsed.error.issues.map((i) => `${remote}: route list ${i.path.join('.') || '(root)'}: ${i.message}`),
    };
  }
  const errors: string[] = [];
  const own = (module: string) => module.startsWith(`${remote}/`);
  for (const route of parsed.data.routes) {
    if (!own(route.module)) errors.push(`${remote}: route ${route.path} names ${route.module}, which is not a module of ${remote}`);
  }
  for (const [type, target] of Object.entries(parsed.data.rewrites)) {
    if (target && !own(target.module)) errors.push(`${remote}: ${type} rewrites name ${target.module}, which is not a module of ${remote}`);
  }
  return errors.length ? { errors } : { list: parsed.data };
}
