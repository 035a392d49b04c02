import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './lock';
import { namingClient, statementNamer } from './pg-statements';
import { cacheStatements } from './pglite-statements';
import { takeTurns } from './pglite-turns';
import { countPgliteWrites, countPoolWrites, type WriteClock } from './write-clock';
import * as schema from './schema';

export type Schema = typeof schema;
export type DbKind = 'pglite' | 'postgres';

/**
 * The database handle every store receives: drizzle over either PGlite (embedded) or a `pg` Pool.
 * Write queries with the query builder (`db.select()...`, `db.insert()...`, `db.transaction()`),
 * which behave the same on both drivers. For raw SQL use `queryRows(db, sql\`...\`)`.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema> & {
  $client: PGlite | pg.Pool;
  /** What this process knows of the database's disk (db/disk.ts), kept on the database object itself. */
  $disk?: DiskState;
  /** Moves whenever this process may have changed the database (db/write-clock.ts). */
  $writes?: WriteClock;
};

/** A database's disk as this process knows it (db/disk.ts). */
export interface DiskState {
  /** The folder watched (PGlite), or null (PostgreSQL: the server's disk). */
  dir: string | null;
  full: boolean;
  /** Free bytes at the last check (PGlite). */
  freeBytes: number | null;
  /** Until when an error marked it full (PostgreSQL). */
  fullUntil: number;
}
/** A transaction handle as drizzle passes it to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction in progress. */
export type DbExecutor = Db | Tx;

const closers = new WeakMap<Db, () => Promise<void>>();

/**
 * Runs independent reads on `executor`: all at once on the database (each takes a pooled
 * connection), one after another in a transaction, whose one connection takes one query at a time
 * (node-postgres queues overlapping ones with a deprecation warning; pg 9 refuses them).
 */
export async function readAll<T extends readonly unknown[]>(
  executor: DbExecutor,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if (!is(executor, PgTransaction)) return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as unknown as T;
}

/** Which driver is under this handle. */
export function dbKind(db: Db): DbKind {
  return typeof (db.$client as PGlite).dumpDataDir === 'function' ? 'pglite' : 'postgres';
}

export interface PgliteOptions {
  /** Folder to persist into; omitted: in memory. */
  dataDir?: string;
  /** Start from a tarball made by `dumpDataDir()` (e.g. a migrated template for tests). */
  loadDataDir?: Blob;
}

/** Opens (creating on first use) an embedded PGlite database with pg_trgm available. */
export async function openPglite(options: PgliteOptions = {}): Promise<Db> {
  let unlock = async () => {};
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    unlock = await lockDataDir(options.dataDir);
  }
  try {
    const pglite = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    // Statements are prepared once and kept (pglite-statements.ts), and operations take turns, so
    // the HTTP server gets the loop every few ms (pglite-turns.ts).
    cacheStatements(pglite);
    const client = takeTurns(pglite);
    // Outermost, so an operation counts when it is asked for (before it waits for its turn).
    const writes = countPgliteWrites(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    db.$writes = writes;
    closers.set(db, async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        await unlock();
      }
    });
    return db;
  } catch (error) {
    await unlock();
    throw error;
  }
}

export interface PostgresOptions {
  /** Called when an idle pooled connection fails (the pool replaces it). */
  onPoolError?: (error: Error) => void;
  /** Each statement text prepared once per connection (default: unless PG_NAMED_STATEMENTS=0). */
  namedStatements?: boolean;
  /** Called when a transaction is run again after a deadlock or a serialization failure. */
  onTransactionRetry?: (error: unknown, attempt: number) => void;
  poolSize?: number;
}

/** SQLSTATEs after which the whole transaction may simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);
/** Runs of one transaction at most (the first and up to four more). */
export const TRANSACTION_ATTEMPTS = 5;

/** The SQLSTATE of a database error, also when drizzle wraps it (DrizzleQueryError's cause). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isRetryableConflict = (error: unknown): boolean => RETRYABLE.has(sqlState(error) ?? '');

/**
 * Makes `db.transaction(work)` run `work` again, in a new transaction, when PostgreSQL aborts it
 * for a deadlock (40P01) or a serialization failure (40001), up to TRANSACTION_ATTEMPTS runs, after
 * a short random pause that grows with each attempt (so the two parties do not meet again at
 * once). The aborted run was rolled back whole, so running it again is safe as long as `work` only
 * works on the database (every transaction of the API does: provider calls and mail are outside
 * them). Writes lock rows in one order (catalog/stock.ts, the catalogue's triggers), so these are
 * rare; they must never reach a shopper as a 500. Savepoints (`tx.transaction`) are not retried:
 * the outer transaction is.
 */
function retryTransactions(db: Db, onRetry?: (error: unknown, attempt: number) => void): void {
  const transaction = db.transaction.bind(db) as Db['transaction'];
  const retrying: Db['transaction'] = async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(work, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
        onRetry?.(error, attempt);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      }
    }
  };
  db.transaction = retrying;
}

/** Connects a `pg` Pool to a real PostgreSQL (checks one connection before answering). */
export async function openPostgres(databaseUrl: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    application_name: 'shop-api',
    // Statements prepared once per connection (pg-statements.ts), unless PG_NAMED_STATEMENTS=0.
    ...((options.namedStatements ?? process.env.PG_NAMED_STATEMENTS !== '0') ? { Client: namingClient(statementNamer()) } : {}),
  });
  pool.on('error', options.onPoolError ?? (() => {}));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const writes = countPoolWrites(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  db.$writes = writes;
  retryTransactions(db, options.onTransactionRetry);
  closers.set(db, () => pool.end());
  return db;
}

/** PostgreSQL when `databaseUrl` is set, else PGlite persisted in `${dataDir}/pglite`. */
export async function openDb(
  config: { databaseUrl: string | undefined; dataDir: string },
  options: PostgresOptions = {},
): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

/** Closes the pool or PGlite instance (PGlite flushes to disk and releases its folder). */
export async function closeDb(db: Db): Promise<void> {
  const close = closers.get(db);
  closers.delete(db);
  if (close) await close();
}

/** Runs raw SQL on either driver and answers the rows. One statement per call (PGlite). */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` for a hot query: on PostgreSQL it runs as a named prepared statement, so each pooled
 * connection parses and plans it once and later calls send only the values. `name` must always go
 * with the same SQL text (values vary; never inline them with sql.raw). On PGlite, as queryRows.
 * Not for use inside a transaction (it takes its own pooled connection). Timestamps come back as
 * Date on PostgreSQL and as strings on PGlite: convert with `new Date(value)`.
 */
export async function preparedRows<T extends Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  if (dbKind(db) === 'pglite') return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await (db.$client as pg.Pool).query<T>({ name, text, values: params as unknown[] });
  return result.rows;
}
