import fs from 'node:fs/promises';
import path from 'node:path';
import { fetchManifest, loadRouteTable, type LoadedRouteTable, type ReadManifest } from '@shop/shared/routes';
import { REMOTES, type PageServerConfig } from './config';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A remote served by this server is read from disk; any other over HTTP. */
export function manifestReader(config: PageServerConfig): ReadManifest {
  const overHttp = fetchManifest();
  return async (remote, url) => {
    const local = `/remotes/${remote}/`;
    const dir = config.localRemotes[remote as keyof PageServerConfig['localRemotes']];
    if (url.startsWith(local) && dir) {
      return JSON.parse(await fs.readFile(path.join(dir, url.slice(local.length)), 'utf8')) as unknown;
    }
    return overHttp(remote, new URL(url, config.publicUrl ?? `http://127.0.0.1:${config.port}`).href);
  };
}

export interface RouteRegistry {
  /** The table as last read; starts a background re-read when it is due. */
  current(): LoadedRouteTable;
  /** Reads every remote's list now. */
  refresh(): Promise<LoadedRouteTable>;
}

/**
 * The shop's route table, composed from the route lists the remotes publish in their manifests.
 * Read once before the server listens, then again every `refreshMs` when pages are asked for
 * (every 5 s while a remote's list is missing), so a team that deploys a new version of its
 * remote to the same location gets its new pages routed without a restart (ROUTES_REFRESH_MS=0:
 * read at start only). Conflicts and
 * unreadable lists are logged when they appear.
 */
export function createRouteRegistry(config: PageServerConfig, log: Log, read = manifestReader(config)): RouteRegistry {
  const remotes = REMOTES.map((name) => [name, config.remotes[name]] as [string, string]);
  let table: LoadedRouteTable = { routes: [], rewrites: {}, missing: [...REMOTES], conflicts: [], lists: [], problems: [] };
  let readAt = 0;
  let reading: Promise<LoadedRouteTable> | null = null;
  let reported = '';

  function report(next: LoadedRouteTable) {
    const summary = JSON.stringify([next.problems, next.conflicts.map((c) => c.message), next.missing]);
    if (summary === reported) return;
    reported = summary;
    for (const conflict of next.conflicts) log.error({ conflict }, conflict.message);
    for (const problem of next.problems) log.warn({ problem }, `route list: ${problem}`);
    const counts = Object.fromEntries(next.lists.map((l) => [l.remote, l.list.routes.length]));
    log.info({ routes: counts, missing: next.missing }, `route table: ${next.routes.length} routes from ${next.lists.length} remotes`);
  }

  async function refresh(): Promise<LoadedRouteTable> {
    reading ??= loadRouteTable(remotes, read, table.lists)
      .then((next) => {
        table = next;
        report(next);
        return next;
      })
      .finally(() => {
        readAt = Date.now();
        reading = null;
      });
    return reading;
  }

  return {
    refresh,
    current() {
      const every = config.routesRefreshMs || Infinity;
      const due = table.missing.length > 0 ? Math.min(5000, every) : every;
      if (!reading && Date.now() - readAt >= due) {
        refresh().catch((error: unknown) => log.warn({ err: error }, 'route lists could not be read'));
      }
      return table;
    },
  };
}
