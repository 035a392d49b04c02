import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildApp, type App } from './app';
import { loadConfig, type Config } from './config';
import { closeDb, dbKind, openDb, type Db } from './db/client';
import { migrateDb, migrationState } from './db/migrate';
import { flushObservability, initObservability, reportError } from './observability';
import { version } from './version';

/** JSON logs (one line per event); pretty only for a developer's terminal. */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): FastifyBaseLogger {
  const pretty = process.stdout.isTTY && config.nodeEnv !== 'production';
  return pino({
    level: config.logLevel,
    base: { service: 'shop-api', version },
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
  options: { logger?: FastifyBaseLogger | boolean } = {},
): Promise<RunningApi> {
  const logger = options.logger ?? createLogger(config);
  const log = typeof logger === 'object' ? logger : undefined;
  await initObservability(config, `shop-api@${version}`);

  let started = Date.now();
  const db = await openDb(config, { onPoolError: (err) => log?.error({ err }, 'idle database connection failed') });
  const kind = dbKind(db);
  log?.info(
    { database: kind, ...(kind === 'pglite' ? { dataDir: config.dataDir } : {}), ms: Date.now() - started },
    'database open',
  );

  let app: App | undefined;
  try {
    started = Date.now();
    const before = await migrationState(db);
    const migrations = await migrateDb(db);
    const ran = migrations.applied - before.applied;
    log?.info(
      { ran, ...migrations, ms: Date.now() - started },
      ran > 0 ? `applied ${ran} migration(s)` : 'migrations up to date',
    );

    app = buildApp({ db, config, logger });
    const url = await app.listen({ host: config.host, port: config.port });
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await app!.close();
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

  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
    reportError(reason);
  });

  let running: RunningApi;
  try {
    running = await startApi(config, { logger });
  } catch (error) {
    logger.fatal({ err: error }, 'API failed to start');
    reportError(error);
    await flushObservability();
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took more than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    running.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) void main();
