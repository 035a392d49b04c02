import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * What the page server offers operators: request ids that run through to the API's log, metrics
 * on an address of their own, and readiness apart from liveness.
 */

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A load balancer's request id is kept if it is safe for a log line; otherwise a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The page request being served, so the API reads made for it carry its id (meta.ts ApiReader). */
export const pageRequest = new AsyncLocalStorage<{ id: string }>();

export interface PageServerMetrics {
  registry: Registry;
  /** Counts and times every answer of `app` by route (pages are 'page') and status. */
  instrument(app: FastifyInstance): void;
}

export function createMetrics(): PageServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'shop_page_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'shop_page_http_requests_total', help: 'Answers by method, route (pages: "page") and status.', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'shop_page_http_request_duration_seconds',
    help: 'Time to answer, by method, route and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return {
    registry,
    instrument(app) {
      app.addHook('onResponse', async (request, reply) => {
        // Pages are answered by the not-found handler (any path): one series for all of them.
        const labels = { method: request.method, route: request.routeOptions.url ?? 'page', status: String(reply.statusCode) };
        requests.inc(labels);
        latency.observe(labels, reply.elapsedTime / 1000);
      });
    },
  };
}

/** GET /metrics on host:port (METRICS_HOST, METRICS_PORT): never on the public port. */
export async function serveMetrics(registry: Registry, host: string, port: number): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
  const address = await app.listen({ host, port });
  return { app, url: `${address}/metrics` };
}

/**
 * Ready when no graceful stop has begun, every remote's route list is known and the API answers
 * ready (asked at most once a second; 1 s timeout). Liveness (/healthz) asks nothing.
 */
export type Readiness = ReturnType<typeof createReadiness>;

export function createReadiness(apiUrl: string) {
  let stopping = false;
  let last: { at: number; ok: Promise<boolean> } | null = null;
  const apiReady = () => {
    if (!last || Date.now() - last.at > 1000) {
      last = {
        at: Date.now(),
        ok: fetch(`${apiUrl}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
          (res) => res.ok,
          () => false,
        ),
      };
    }
    return last.ok;
  };
  return {
    /** The remotes whose route list is not known (set by the page server once it reads them). */
    routesMissing: (): string[] => [],
    stop() {
      stopping = true;
    },
    async check(): Promise<{ ready: boolean; stopping: boolean; api: boolean; routesMissing: string[] }> {
      const missing = this.routesMissing();
      const api = await apiReady();
      return { ready: !stopping && api && missing.length === 0, stopping, api, routesMissing: missing };
    },
  };
}
