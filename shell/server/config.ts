import fs from 'node:fs';
import path from 'node:path';

/** The remotes, in the order that decides who keeps a path two of them claim. */
export const REMOTES = ['catalog', 'content', 'account', 'checkout'] as const;
export type RemoteName = (typeof REMOTES)[number];

const repoRoot = path.resolve(__dirname, '../..');

export interface PageServerConfig {
  port: number;
  host: string;
  /** Where the API service answers /api and /media. */
  apiUrl: string;
  shellDist: string;
  /** Remote builds served by this server under /remotes/<name>/ (the all-in-one start). */
  localRemotes: Record<RemoteName, string>;
  /** What the shell is told at run time: where each remote's manifest lives. */
  remotes: Record<RemoteName, string>;
  sentryDsn?: string | undefined;
  release?: string | undefined;
  /** The shop's public origin for canonical links (e.g. https://www.example.co.uk); else the request's. */
  publicUrl?: string | undefined;
  /** How often the remotes' route lists are read again (ms); 0 reads them at start only. */
  routesRefreshMs: number;
}

/**
 * Remote locations: REMOTES_JSON (a file path or inline JSON object) first, then one variable per
 * remote (REMOTE_CATALOG_URL …), else the builds served by this server. Changing them needs a
 * restart of this server only, never a rebuild of the shell.
 */
function remoteLocations(env: NodeJS.ProcessEnv): Record<RemoteName, string> {
  let fromJson: Partial<Record<RemoteName, string>> = {};
  const raw = env.REMOTES_JSON?.trim();
  if (raw) {
    fromJson = JSON.parse(raw.startsWith('{') ? raw : fs.readFileSync(raw, 'utf8')) as typeof fromJson;
  }
  const out = {} as Record<RemoteName, string>;
  for (const name of REMOTES) {
    out[name] = env[`REMOTE_${name.toUpperCase()}_URL`] ?? fromJson[name] ?? `/remotes/${name}/mf-manifest.json`;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PageServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const routesRefreshMs = Number(env.ROUTES_REFRESH_MS ?? 30_000);
  if (!Number.isInteger(routesRefreshMs) || routesRefreshMs < 0) {
    throw new Error(`ROUTES_REFRESH_MS must be a whole number of milliseconds, got "${env.ROUTES_REFRESH_MS}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    apiUrl: env.API_URL ?? `http://127.0.0.1:${port + 1}`,
    shellDist: path.resolve(env.SHELL_DIST ?? path.join(repoRoot, 'shell/dist')),
    localRemotes: Object.fromEntries(REMOTES.map((n) => [n, path.join(repoRoot, `${n}-mfe/dist`)])) as Record<
      RemoteName,
      string
    >,
    remotes: remoteLocations(env),
    sentryDsn: env.SENTRY_DSN || undefined,
    release: env.RELEASE || undefined,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') || undefined,
    routesRefreshMs,
  };
}
