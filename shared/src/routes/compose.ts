import { REWRITE_TYPES, routeListModules, type RewriteType } from './kinds';
import type { ParsedRouteList, RemoteRoute, RewriteTarget } from './routeList';

/** One remote's published list, as read from its manifest. */
export interface PublishedRouteList {
  remote: string;
  list: ParsedRouteList;
}

export interface TableRoute extends RemoteRoute {
  remote: string;
}

/** Two remotes (or one remote twice) claiming the same URLs. The first claimant keeps them. */
export interface RouteConflict {
  path: string;
  kept: { remote: string; module: string; path: string };
  dropped: { remote: string; module: string; path: string };
  message: string;
}

/** The shop's route table, composed at run time from the remotes' lists. */
export interface RouteTable {
  routes: TableRoute[];
  rewrites: Partial<Record<RewriteType, RewriteTarget>>;
  /** Remotes whose list could not be read: their pages are unknown until it can. */
  missing: string[];
  conflicts: RouteConflict[];
}

/**
 * The URL shapes a path pattern matches, for comparing patterns: React Router matches case-
 * insensitively, any parameter name matches any segment, and an optional segment ('?') both is
 * and is not there. '/customer/account/edit/:action?' → ['/customer/account/edit', '/customer/account/edit/:'].
 */
export function pathShapes(pattern: string): string[] {
  let shapes = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    const optional = segment.endsWith('?');
    const bare = optional ? segment.slice(0, -1) : segment;
    const shape = bare.startsWith(':') ? ':' : bare === '*' ? '*' : bare.toLowerCase();
    const withIt = shapes.map((s) => `${s}/${shape}`);
    shapes = optional ? [...shapes, ...withIt] : withIt;
  }
  return shapes.map((s) => s || '/');
}

/**
 * Composes the remotes' lists, in the order given (the shell's order of remotes), into one table.
 * A path shape claimed twice stays with its first claimant; the conflict is reported, never
 * silently resolved, and never stops the other pages from being served.
 */
export function composeRouteTable(lists: PublishedRouteList[], missing: string[] = []): RouteTable {
  const owners = new Map<string, TableRoute>();
  const routes: TableRoute[] = [];
  const conflicts: RouteConflict[] = [];
  for (const { remote, list } of lists) {
    for (const route of list.routes) {
      const entry: TableRoute = { ...route, remote };
      const clash = pathShapes(route.path)
        .map((shape) => ({ shape, owner: owners.get(shape) }))
        .find((c) => c.owner);
      if (clash?.owner) {
        const kept = clash.owner;
        conflicts.push({
          path: clash.shape,
          kept: { remote: kept.remote, module: kept.module, path: kept.path },
          dropped: { remote, module: route.module, path: route.path },
          message:
            `Route conflict: ${route.path} (${route.module}, remote "${remote}") matches the same URLs as ` +
            `${kept.path} (${kept.module}, remote "${kept.remote}"); ${kept.remote} keeps them and ${route.module} is not routed`,
        });
        continue;
      }
      for (const shape of pathShapes(route.path)) owners.set(shape, entry);
      routes.push(entry);
    }
  }

  const rewrites: Partial<Record<RewriteType, RewriteTarget & { remote: string }>> = {};
  for (const { remote, list } of lists) {
    for (const type of REWRITE_TYPES) {
      const target = list.rewrites[type];
      if (!target) continue;
      const kept = rewrites[type];
      if (kept) {
        conflicts.push({
          path: `(${type} rewrites)`,
          kept: { remote: kept.remote, module: kept.module, path: `(${type} rewrites)` },
          dropped: { remote, module: target.module, path: `(${type} rewrites)` },
          message: `Route conflict: ${type} URL rewrites are claimed by ${kept.module} (remote "${kept.remote}") and ${target.module} (remote "${remote}"); ${kept.remote} keeps them`,
        });
        continue;
      }
      rewrites[type] = { ...target, remote };
    }
  }
  const plainRewrites: RouteTable['rewrites'] = {};
  for (const [type, target] of Object.entries(rewrites) as [RewriteType, RewriteTarget & { remote: string }][]) {
    plainRewrites[type] = { module: target.module, prop: target.prop };
  }
  return { routes, rewrites: plainRewrites, missing, conflicts };
}

/** The route list a built remote publishes in its manifest, if any. */
export function routeListInManifest(manifest: unknown): unknown {
  if (manifest && typeof manifest === 'object' && 'shop' in manifest) {
    const shop = (manifest as { shop?: { routes?: unknown } }).shop;
    return shop?.routes;
  }
  return undefined;
}

export { routeListModules };
