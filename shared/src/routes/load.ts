import { composeRouteTable, routeListInManifest, type PublishedRouteList, type RouteTable } from './compose';
import { parseRouteList } from './routeList';

/** Reads one remote's manifest (over HTTP, or from disk on the page server). */
export type ReadManifest = (remote: string, manifestUrl: string) => Promise<unknown>;

export interface LoadedRouteTable extends RouteTable {
  /** The lists the table was composed from (kept for the next load). */
  lists: PublishedRouteList[];
  /** What went wrong while reading the lists: unreachable manifests, invalid lists. */
  problems: string[];
}

/**
 * Reads every configured remote's route list from its manifest and composes the table. A remote
 * whose manifest cannot be read, or whose list is invalid, keeps the list it had in `previous`
 * (a remote that is briefly down keeps its pages) or else is reported as missing; the others are
 * routed. The order of `remotes` decides who keeps a path two remotes claim.
 */
export async function loadRouteTable(
  remotes: [name: string, manifestUrl: string][],
  read: ReadManifest,
  previous: PublishedRouteList[] = [],
): Promise<LoadedRouteTable> {
  const problems: string[] = [];
  const results = await Promise.all(
    remotes.map(async ([remote, url]): Promise<PublishedRouteList | null> => {
      const before = previous.find((p) => p.remote === remote) ?? null;
      const keeping = before ? '; keeping the list read before' : '';
      let manifest: unknown;
      try {
        manifest = await read(remote, url);
      } catch (error) {
        problems.push(`${remote}: manifest ${url} could not be read (${error instanceof Error ? error.message : String(error)})${keeping}`);
        return before;
      }
      const raw = routeListInManifest(manifest);
      if (raw === undefined) {
        problems.push(`${remote}: manifest ${url} publishes no route list (shop.routes)${keeping}`);
        return before;
      }
      const parsed = parseRouteList(remote, raw);
      if ('errors' in parsed) {
        problems.push(...parsed.errors.map((e) => e + keeping));
        return before;
      }
      return { remote, list: parsed.list };
    }),
  );
  const lists = results.filter((r): r is PublishedRouteList => r !== null);
  const missing = remotes.map(([name]) => name).filter((name) => !lists.some((l) => l.remote === name));
  return { ...composeRouteTable(lists, missing), lists, problems };
}

/** A ReadManifest over fetch, with a time limit. */
export function fetchManifest(timeoutMs = 3000): ReadManifest {
  return async (_remote, url) => {
    const res = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-cache', signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.json();
  };
}
