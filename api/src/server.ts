import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildApp, type App } from './app';
import { superviseWorkers } from './cluster';
import { loadConfig, type Config } from './config';
import { closeDb, dbKind, openDb, sqlState, type Db } from './db/client';
import { assertRoomToStart, freeBytesAt, diskFullReason, NoRoomToStartError } from './db/disk';
import { DatabaseLockedError } from './db/lock';
import { startApiJobs } from './jobs';
import { armPendingFaults, faultsFromEnv } from './faults';
import { migrateDb } from './db/migrate';
import { serveMetrics, type MetricsServer } from './metrics';
import { flushObservability, initObservability, reportError } from './observability';
import { version } from './version';

/**
 * JSON logs (one line per event); pretty only for a developer's terminal, or as LOG_FORMAT says
 * (`npm start` asks for JSON and makes the lines readable itself on a terminal).
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat' | 'nodeEnv'>): FastifyBaseLogger {
  const pretty = config.logFormat ? config.logFormat === 'pretty' : process.stdout.isTTY && config.nodeEnv !== 'production';
  return pino({
    level: config.logLevel,
    base: { service: 'shop-api', version, ...(cluster.isWorker ? { worker: cluster.worker!.id, pid: process.pid } : {}) },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname,service,version' } } }
      : {}),
  });
}

export interface RunningApi {
  app: App;
  db: Db;
  config: Config;
  /** Where it listens, e.g. http://127.0.0.1:8081 */
  url: string;
  /** Stops accepting requests, waits for those in flight, closes the database. Idempotent. */
  close(): Promise<void>;
}

/**
 * Opens the database (PGlite in DATA_DIR or DATABASE_URL), applies pending migrations, builds the
 * app and listens on HOST:PORT (PORT 0 picks a free port: see `url`). Used by `npm start` and by
 * scripts and tests that need a real server.
 */
export async function startApi(
  config: Config = loadConfig(),
  options: {
    logger?: FastifyBaseLogger | boolean;
    /** The embedded database's disk fell under DISK_MIN_FREE_MB (changes are refused from then on). */
    onDiskFull?: (reason: string) => void;
  } = {},
): Promise<RunningApi> {
  const logger = options.logger ?? createLogger(config);
  const log = typeof logger === 'object' ? logger : undefined;
  await initObservability(config, `shop-api@${version}`);

  let started = Date.now();
  // The embedded database cannot survive running out of room: refuse to start without a margin.
  if (!config.databaseUrl) await assertRoomToStart(config.dataDir, config.diskMinFreeBytes);
  let db: Db;
  try {
    db = await openDb(config, {
      poolSize: config.dbPoolSize,
      onPoolError: (err) => log?.error({ err }, 'idle database connection failed'),
      onTransactionRetry: (err, attempt) => log?.warn({ code: sqlState(err), attempt }, 'transaction run again after a deadlock or serialization failure'),
    });
  } catch (error) {
    // PGlite says only that it failed to initialise: name a full disk when that is the cause.
    if (!config.databaseUrl) {
      const free = await freeBytesAt(config.dataDir).catch(() => Infinity);
      if (free < config.diskMinFreeBytes * 2) {
        throw new NoRoomToStartError(`${diskFullReason(config.dataDir, free, config.diskMinFreeBytes * 2)} (${(error as Error).message})`);
      }
    }
    throw error;
  }
  const kind = dbKind(db);
  log?.info(
    { database: kind, ...(kind === 'pglite' ? { dataDir: config.dataDir } : {}), ms: Date.now() - started },
    'database open',
  );

  let app: App | undefined;
  try {
    started = Date.now();
    const { ran, ...migrations } = await migrateDb(db);
    log?.info(
      { ran, ...migrations, ms: Date.now() - started },
      ran > 0 ? `applied ${ran} migration(s)` : 'migrations up to date',
    );

    app = buildApp({ db, config, logger });
    await app.ready();
    // Hear of catalogue changes before answering anything that could be cached (catalog/changes.ts).
    await app.services.catalogChanges.ready();
    const url = await app.listen({ host: config.host, port: config.port });
    // Every background job of the API (src/jobs/): reconciliation, sweeps, purges, mail, and on
    // the embedded database its disk and vacuum. Faults armed by a test take effect once the
    // start-up runs are over (the reconciliation of the last crash is not itself killed).
    const jobs = startApiJobs(app.services, {
      diskDir: kind === 'pglite' ? config.dataDir : null,
      onDiskFull: (reason) => options.onDiskFull?.(reason),
    });
    // A test waits for 'faults armed' before it sends the request the fault is meant for: the
    // start-up runs (mail delivery among them) can end well after reconciliation's.
    void jobs.started.finally(() => {
      const points = armPendingFaults();
      if (points.length > 0) log?.info({ faults: points }, 'faults armed');
    });
    // Metrics on their own address; a cluster's workers leave it to the primary, which sums theirs.
    let metrics: MetricsServer | null = null;
    if (config.metrics && !cluster.isWorker) {
      metrics = await serveMetrics(config.metrics.host, config.metrics.port);
      log?.info({ metrics: metrics.url }, 'metrics served');
    }
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        // Not ready first (GET /api/health answers 503 'stopping'), so a load balancer stops
        // sending new requests; then the listener closes and requests in flight finish.
        app!.services.readiness.stopping = true;
        if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
        await jobs.stop();
        await app!.close();
        await metrics?.close();
        await closeDb(db);
        await flushObservability();
      })());
    return { app, db, config, url, close };
  } catch (error) {
    await app?.close().catch(() => {});
    await closeDb(db).catch(() => {});
    throw error;
  }
}

/**
 * A start refused by the machine it runs on, not by a bug (the data folder in use, no disk room,
 * the port taken): its one-line reason, logged without a stack. Null for anything else.
 */
export function refusalOf(error: unknown, config: Pick<Config, 'host' | 'port'>): string | null {
  if (error instanceof DatabaseLockedError || error instanceof NoRoomToStartError) return error.message;
  if ((error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE') {
    return `Port ${config.port} on ${config.host} is in use by another program. Stop it, or choose another port (PORT; with npm start, PORT or API_PORT).`;
  }
  return null;
}

/** `npm start -w @shop/api`: run until SIGINT/SIGTERM, then shut down gracefully. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createLogger(config);
  try {
    faultsFromEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  // API_WORKERS > 1 (PostgreSQL): this process only supervises the workers (src/cluster.ts).
  if (cluster.isPrimary && config.apiWorkers > 1) {
    superviseWorkers(config.apiWorkers, logger, config);
    return;
  }
  if (cluster.isPrimary && !config.databaseUrl && (config.apiWorkersRequested ?? 1) > 1) {
    logger.warn({ API_WORKERS: config.apiWorkersRequested }, 'API_WORKERS is ignored on the embedded database (PGlite is one process): running one');
  }

  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
    reportError(reason);
  });

  let running: RunningApi;
  let stop: (signal: NodeJS.Signals | 'disk full') => void = () => {};
  try {
    // A full disk: changes are refused at once; the server stops cleanly (exit 1) rather than
    // wait for the embedded database to fail mid-write.
    running = await startApi(config, { logger, onDiskFull: () => stop('disk full') });
  } catch (error) {
    const refusal = refusalOf(error, config);
    if (refusal) {
      logger.fatal({ refused: (error as Error).name }, refusal);
    } else {
      logger.fatal({ err: error }, 'API failed to start');
      reportError(error);
    }
    await flushObservability();
    process.exit(1);
  }

  let stopping = false;
  stop = (signal) => {
    const exitCode = signal === 'disk full' ? 1 : 0;
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took more than 10 s: exiting');
      process.exit(1);
    }, 10_000 + config.shutdownDrainMs);
    timer.unref();
    running.close().then(
      () => {
        logger.info('stopped');
        process.exit(exitCode);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  // A worker stops on the primary's SIGTERM; Ctrl-C reaches it too, and is the primary's to handle.
  process.on('SIGINT', cluster.isWorker ? () => {} : stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) void main();
