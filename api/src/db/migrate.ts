import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { migrationsDir } from '../paths';
import { dbKind, queryRows, type Db } from './client';

/** Where drizzle records applied migrations (its defaults, used by both migrators). */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
/** Key of the advisory lock that keeps concurrent API instances from migrating at once. */
const MIGRATION_LOCK_KEY = 7_316_041_958;

export interface MigrationState {
  /** Migrations recorded as applied in the database. */
  applied: number;
  /** Migrations shipped in `migrations/meta/_journal.json`. */
  total: number;
  /** Tag of the newest applied migration ('0001_app_meta'), null when none is applied. */
  latest: string | null;
  /** Shipped migrations newer than the newest applied one. */
  pending: number;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journals = new Map<string, JournalEntry[]>();

/** The migrations drizzle-kit generated, oldest first (read once per folder). */
export function readJournal(folder = migrationsDir): JournalEntry[] {
  let entries = journals.get(folder);
  if (!entries) {
    const file = path.join(folder, 'meta', '_journal.json');
    entries = (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
    journals.set(folder, entries);
  }
  return entries;
}

/**
 * Applies pending migrations with the migrator of the driver. On PostgreSQL an advisory lock
 * serialises instances that start together (one applies them; the others wait, then find nothing
 * to do); PGlite has one process by construction. `ran`: how many this call applied itself.
 */
export async function migrateDb(db: Db, folder = migrationsDir): Promise<MigrationState & { ran: number }> {
  const config = { migrationsFolder: folder };
  let before: number;
  if (dbKind(db) === 'pglite') {
    before = (await migrationState(db, folder)).applied;
    await migratePglite(db as unknown as PgliteDatabase<Record<string, unknown>>, config);
  } else {
    const lock = await (db.$client as pg.Pool).connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      before = (await migrationState(db, folder)).applied;
      await migrateNodePg(db as unknown as NodePgDatabase<Record<string, unknown>>, config);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lock.release();
    }
  }
  const after = await migrationState(db, folder);
  return { ...after, ran: after.applied - before };
}

/** Compares the migrations applied in the database with those shipped (for health checks). */
export async function migrationState(db: Db, folder = migrationsDir): Promise<MigrationState> {
  const journal = readJournal(folder);
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass(${MIGRATIONS_TABLE}) is not null as present`,
  );
  let applied = 0;
  let last = -1;
  if (table?.present) {
    const [row] = await queryRows<{ applied: number; last: string | number | null }>(
      db,
      sql.raw(`select count(*)::int as applied, max(created_at) as last from ${MIGRATIONS_TABLE}`),
    );
    applied = row?.applied ?? 0;
    last = row?.last == null ? -1 : Number(row.last);
  }
  return {
    applied,
    total: journal.length,
    latest: journal.find((entry) => entry.when === last)?.tag ?? null,
    pending: journal.filter((entry) => entry.when > last).length,
  };
}
