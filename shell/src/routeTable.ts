// compose.ts only (no zod): the lists the page server inlines were checked there. Reading and
// checking lists in the browser (dev server, Retry) loads the rest, with zod, on demand.
import { composeRouteTable, type PublishedRouteList, type RouteTable } from '@shop/shared/routes/compose';
import { REMOTE_NAMES, type RemoteName, type ShopConfig } from './federation/remotes';

/**
 * The shop's route table in the browser. The shell lists no page of a remote: each remote
 * publishes its route list in its mf-manifest.json, the page server reads them and inlines them
 * into the page (`routes` in the shop configuration), and the shell composes them here. The shell
 * keeps what it owns: URL-rewrite resolution and not-found (see routes.tsx).
 */
export interface RouteLists {
  lists: PublishedRouteList[];
  /** Remotes whose list could not be read: their pages are unknown until it can. */
  missing: string[];
}

const absolute = (url: string) => new URL(url, window.location.href).href;

/** The configured remotes in the shell's order (which decides who keeps a path claimed twice). */
function configured(config: ShopConfig): [RemoteName, string][] {
  return REMOTE_NAMES.flatMap((name) => {
    const url = config.remotes[name];
    return url ? [[name, absolute(url)] as [RemoteName, string]] : [];
  });
}

/** The inlined lists, or (the dev server has no page server) the lists read from the manifests. */
export async function readRouteLists(config: ShopConfig): Promise<RouteLists> {
  if (config.routes) return config.routes;
  const { fetchManifest, loadRouteTable } = await import('@shop/shared/routes');
  const loaded = await loadRouteTable(configured(config), fetchManifest());
  for (const problem of loaded.problems) console.error(`[routes] ${problem}`);
  return { lists: loaded.lists, missing: loaded.missing };
}

/** The table for the router; conflicts are reported in the console (the page server logs them too). */
export function composeRoutes({ lists, missing }: RouteLists): RouteTable {
  const order = (remote: string) => REMOTE_NAMES.indexOf(remote as RemoteName);
  const table = composeRouteTable([...lists].sort((a, b) => order(a.remote) - order(b.remote)), missing);
  for (const conflict of table.conflicts) console.error(`[routes] ${conflict.message}`);
  return table;
}

/** Reads one remote's list again (Retry after its manifest could not be read). Throws if it still cannot. */
export async function rereadRouteList(current: RouteLists, remote: string, manifestUrl: string): Promise<RouteLists> {
  const { fetchManifest, parseRouteList, routeListInManifest } = await import('@shop/shared/routes');
  const manifest = await fetchManifest()(remote, absolute(manifestUrl));
  const parsed = parseRouteList(remote, routeListInManifest(manifest));
  if ('errors' in parsed) throw new Error(parsed.errors.join('; '));
  return {
    lists: [...current.lists.filter((l) => l.remote !== remote), { remote, list: parsed.list }],
    missing: current.missing.filter((m) => m !== remote),
  };
}
