import fs from 'node:fs';
import path from 'node:path';

import { REMOTE_NAMES, type RemoteName } from '@shop/shared/routes';

/** The remotes, in the order that decides who keeps a path two of them claim. */
export const REMOTES = REMOTE_NAMES;
export type { RemoteName };

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
  /**
   * The shop's public origin (e.g. https://www.example.co.uk) for canonical links and structured
   * data: SHOP_URL (the same variable the API uses for links in mail), else http://localhost:PORT.
   * Never the request's Host header, which any client can set.
   */
  publicUrl: string;
  /**
   * Which proxies in front of this server are trusted to say who the client is (X-Forwarded-For):
   * none by default, so the client is the socket's address. TRUST_PROXY: 'true', a hop count, or
   * comma-separated addresses/CIDRs of the CDN or load balancer.
   */
  trustProxy: boolean | number | string[];
  /** Largest request body passed on to the API (its BODY_LIMIT); larger ones are answered 413 here. */
  apiBodyLimit: number;
  /** How often the remotes' route lists are read again (ms); 0 reads them at start only. */
  routesRefreshMs: number;
  /**
   * Server rendering: how long a remote page may take to load with its data (ms) before it is
   * left to the browser (RENDER_BUDGET_MS, default 400).
   */
  renderBudgetMs: number;
  /** Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics (unset: not served; host loopback by default). */
  metrics: { host: string; port: number } | null;
  /** On SIGTERM, /readyz answers 503 for this long before the listener closes (SHUTDOWN_DRAIN_MS, default 0). */
  shutdownDrainMs: number;
}

/** TRUST_PROXY as Fastify's `trustProxy` takes it. */
export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** The public origin: an http(s) URL without path; anything else is a configuration error. */
function publicOrigin(raw: string | undefined, port: number): string {
  const value = raw?.trim() || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SHOP_URL must be the shop's public origin (https://www.example.co.uk), got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`SHOP_URL must start with https:// or http://, got "${value}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
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
  const renderBudgetMs = Number(env.RENDER_BUDGET_MS ?? 400);
  if (!Number.isInteger(renderBudgetMs) || renderBudgetMs <= 0) {
    throw new Error(`RENDER_BUDGET_MS must be a whole number of milliseconds, got "${env.RENDER_BUDGET_MS}"`);
  }
  const metricsPort = env.METRICS_PORT === undefined || env.METRICS_PORT === '' ? null : Number(env.METRICS_PORT);
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)) {
    throw new Error(`METRICS_PORT must be a port number, got "${env.METRICS_PORT}"`);
  }
  const shutdownDrainMs = Number(env.SHUTDOWN_DRAIN_MS ?? 0);
  if (!Number.isInteger(shutdownDrainMs) || shutdownDrainMs < 0 || shutdownDrainMs > 60_000) {
    throw new Error(`SHUTDOWN_DRAIN_MS must be a whole number of milliseconds up to 60000, got "${env.SHUTDOWN_DRAIN_MS}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    metrics: metricsPort === null ? null : { host: env.METRICS_HOST || '127.0.0.1', port: metricsPort },
    shutdownDrainMs,
    apiUrl: env.API_URL ?? `http://127.0.0.1:${port + 1}`,
    shellDist: path.resolve(env.SHELL_DIST ?? path.join(repoRoot, 'shell/dist')),
    localRemotes: Object.fromEntries(REMOTES.map((n) => [n, path.join(repoRoot, `${n}-mfe/dist`)])) as Record<
      RemoteName,
      string
    >,
    remotes: remoteLocations(env),
    sentryDsn: env.SENTRY_DSN || undefined,
    release: env.RELEASE || undefined,
    publicUrl: publicOrigin(env.SHOP_URL || env.PUBLIC_URL, port),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiBodyLimit: Number(env.BODY_LIMIT) > 0 ? Number(env.BODY_LIMIT) : 1024 * 1024,
    routesRefreshMs,
    renderBudgetMs,
  };
}
