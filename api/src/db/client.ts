import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './lock';
import { takeTurns } from './pglite-turns';
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
    // Operations take turns, so the HTTP server gets the loop every few ms (pglite-turns.ts).
    const client = takeTurns(
      await PGlite.create({
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
        extensions: { pg_trgm },
      }),
    );
    const db = drizzlePglite(client, { schema }) as unknown as Db;
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
  poolSize?: number;
}

/** Connects a `pg` Pool to a real PostgreSQL (checks one connection before answering). */
export async function openPostgres(databaseUrl: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    application_name: 'shop-api',
  });
  pool.on('error', options.onPoolError ?? (() => {}));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
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
