import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { serveMetrics } from './metrics';

/**
 * API_WORKERS > 1 (PostgreSQL only): this process supervises that many worker processes
 * (node:cluster), each a whole API (server.ts) sharing the listening port; the primary hands out
 * connections in turn. The API is stateless and its per-client limits live in Redis or the
 * database (config.rateLimitStore), so any worker can answer any request.
 *
 * - A worker that dies after it was listening is replaced (after 1 s; more than 10 deaths in a
 *   minute stop the API, exit 1: something is wrong beyond one worker).
 * - A worker that ends before it ever listened (bad configuration, database unreachable) stops
 *   the API with exit 1, as a single process would.
 * - SIGTERM/SIGINT: each worker gets SIGTERM and stops gracefully (requests in flight finish, the
 *   pool closes); the primary exits when all have, 0 if every worker stopped cleanly. A second
 *   signal, or 15 s, kills what is left (exit 1).
 * - Workers ignore SIGINT (a terminal's Ctrl-C reaches the whole process group: the primary
 *   orchestrates the stop), and exit at once if the primary dies (node:cluster's own rule).
 */

const RESTART_DELAY_MS = 1000;
const MAX_DEATHS_PER_MINUTE = 10;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Also serves the workers' metrics, summed, when METRICS_PORT is set (the workers serve none), and
 * gives the workers their SHUTDOWN_DRAIN_MS on top of the stop timeout.
 */
export function superviseWorkers(count: number, log: FastifyBaseLogger, config: Pick<Config, 'metrics' | 'shutdownDrainMs'>): void {
  const listening = new Set<number>();
  const deaths: number[] = [];
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    log.info({ worker: worker.id, pid: worker.process.pid }, 'API worker started');
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));

  const stop = (reason: string, code: number) => {
    if (stopping) {
      log.warn({ reason }, 'second signal: killing the workers');
      for (const worker of alive()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    exitCode = code;
    log.info({ reason, workers: alive().length }, 'stopping the API workers');
    if (alive().length === 0) process.exit(exitCode);
    for (const worker of alive()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('the workers took more than 15 s to stop: killing them');
      for (const worker of alive()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS + config.shutdownDrainMs).unref();
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    log.info({ worker: worker.id, pid: worker.process.pid, port: address.port }, 'API worker listening');
  });

  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (alive().length === 0) {
        log.info({ exitCode }, 'stopped');
        process.exit(exitCode);
      }
      return;
    }
    if (!wasListening) {
      log.fatal({ worker: worker.id, code, signal }, 'an API worker ended before it was listening: stopping');
      stop('worker failed to start', 1);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0]! < now - 60_000) deaths.shift();
    if (deaths.length > MAX_DEATHS_PER_MINUTE) {
      log.fatal({ deaths: deaths.length }, 'API workers keep dying: stopping');
      stop('workers keep dying', 1);
      return;
    }
    log.error({ worker: worker.id, pid: worker.process.pid, code, signal }, 'API worker died: starting another');
    setTimeout(fork, RESTART_DELAY_MS);
  });

  process.on('SIGINT', () => stop('SIGINT', 0));
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  log.info({ workers: count }, `starting ${count} API workers`);
  for (let i = 0; i < count; i++) fork();
  if (config.metrics) {
    serveMetrics(config.metrics.host, config.metrics.port, { ofWorkers: true }).then(
      (metrics) => log.info({ metrics: metrics.url }, 'metrics served (the sum of the workers)'),
      (error: unknown) => {
        log.fatal({ err: error }, 'cannot serve metrics: stopping');
        stop('metrics address unavailable', 1);
      },
    );
  }
}
