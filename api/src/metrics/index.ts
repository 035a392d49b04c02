import cluster from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import { sql } from 'drizzle-orm';
import { dbKind, queryRows, type Db } from '../db/client';

/**
 * The API's metrics for operators (Prometheus text, prom-client), served on METRICS_HOST:METRICS_PORT,
 * an address of their own (loopback by default), never on the public port.
 *
 * With API_WORKERS > 1 the primary process serves them, summed over its workers (prom-client's
 * AggregatorRegistry asks each worker over the cluster channel). Figures read from the database
 * (outbox, payments, orders) are the same in every worker, so those take the first worker's value
 * instead of a sum.
 */

const ROUTE_UNMATCHED = 'unmatched';

const requests = new Counter({
  name: 'shop_api_http_requests_total',
  help: 'HTTP requests answered, by method, route (the route pattern) and status.',
  labelNames: ['method', 'route', 'status'] as const,
});

const latency = new Histogram({
  name: 'shop_api_http_request_duration_seconds',
  help: 'Time to answer, by method, route and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

let instrumented = false;
let sources: { db: Db } | null = null;

/** Gauges read at scrape time, from this process's pool or from the database. */
function defineGauges(): void {
  new Gauge({
    name: 'shop_api_db_pool_connections',
    help: 'PostgreSQL connections of this process by state (total, idle, waiting clients); 0 on the embedded database.',
    labelNames: ['state'] as const,
    collect() {
      const pool = sources && dbKind(sources.db) === 'postgres' ? (sources.db.$client as pg.Pool) : null;
      this.set({ state: 'total' }, pool?.totalCount ?? 0);
      this.set({ state: 'idle' }, pool?.idleCount ?? 0);
      this.set({ state: 'waiting' }, pool?.waitingCount ?? 0);
    },
  });
  const fromDatabase = (name: string, help: string, query: ReturnType<typeof sql>) =>
    new Gauge({
      name,
      help,
      aggregator: 'first',
      async collect() {
        if (!sources) return;
        try {
          const [row] = await queryRows<{ n: number | string }>(sources.db, query);
          this.set(Number(row?.n ?? 0));
        } catch {
          // A scrape while the database is away: the gauge keeps its last value; readiness says why.
        }
      },
    });
  fromDatabase('shop_mail_outbox_depth', 'Mails waiting in the outbox (pending or being sent).', sql`select count(*) as n from mail_outbox where status in ('pending', 'sending')`);
  fromDatabase(
    'shop_payments_awaiting_reconciliation',
    'Payments not yet settled with the provider (creating, requires_action, processing).',
    sql`select count(*) as n from payments where status in ('creating', 'requires_action', 'processing')`,
  );
  fromDatabase('shop_orders_last_minute', 'Orders placed in the last minute, across every instance.', sql`select count(*) as n from orders where created_at > now() - interval '1 minute'`);
}

/**
 * Counts and times every answer of `app` by its route pattern (not the URL: an id in a path must
 * not make a new series), and reads the gauges from `db`. Once per process.
 */
export function instrumentApi(app: FastifyInstance, db: Db): void {
  sources = { db };
  if (!instrumented) {
    instrumented = true;
    collectDefaultMetrics({ prefix: 'shop_api_' });
    defineGauges();
    // prom-client answers the primary's requests for a worker's metrics only once an
    // AggregatorRegistry exists in that worker (its constructor adds the listener).
    if (cluster.isWorker) new AggregatorRegistry();
  }
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? ROUTE_UNMATCHED, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics on host:port: this process's registry, or on a cluster's primary the sum
 * of its workers'. Anything else answers 404.
 */
export async function serveMetrics(host: string, port: number, options: { ofWorkers?: boolean } = {}): Promise<MetricsServer> {
  const aggregator = options.ofWorkers && cluster.isPrimary ? new AggregatorRegistry() : null;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    const body = aggregator ? aggregator.clusterMetrics() : register.metrics();
    body.then(
      (text) => res.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(text),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
