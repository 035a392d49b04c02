import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { closeDb, dbKind, openPglite, openPostgres, queryRows, type Db, type DbKind } from '../db/client';
import { migrateDb } from '../db/migrate';
import { migrationsDir } from '../paths';

/**
 * One database per test file, migrated:
 * - PGlite in memory (default), started from a migrated template tarball that global-setup.ts
 *   builds once per set of migrations (PGlite initdb costs seconds, loading the tarball ~1 s);
 * - or, when DATABASE_URL is set, a fresh database `shop_test_<pid>_<random>` created through
 *   that server, migrated, and dropped by `close()`.
 * Isolate the tests of a file with `truncateAll(db)` or transactions, not with new databases.
 */
export interface TestDb {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

/** Env var through which global-setup hands the template tarball path to test files. */
export const TEMPLATE_ENV = 'SHOP_API_TEST_PGLITE_TEMPLATE';

export async function openTestDb(): Promise<TestDb> {
  const databaseUrl = process.env.DATABASE_URL;
  return databaseUrl ? openPostgresTestDb(databaseUrl) : openPgliteTestDb();
}

async function openPgliteTestDb(): Promise<TestDb> {
  const template = process.env[TEMPLATE_ENV] ?? (await ensurePgliteTemplate());
  const db = await openPglite({ loadDataDir: new Blob([fs.readFileSync(template)]) });
  await migrateDb(db); // a no-op unless migrations changed since the template was built
  return { db, kind: 'pglite', close: () => closeDb(db) };
}

async function openPostgresTestDb(databaseUrl: string): Promise<TestDb> {
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(databaseUrl, `create database "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  let db: Db | undefined;
  try {
    db = await openPostgres(url.toString(), { poolSize: 4 });
    await migrateDb(db);
  } catch (error) {
    if (db) await closeDb(db);
    await adminQuery(databaseUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  const opened = db;
  return {
    db: opened,
    kind: 'postgres',
    async close() {
      await closeDb(opened);
      await adminQuery(databaseUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery(databaseUrl: string, text: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Path of a tarball of a freshly migrated PGlite database, built if missing. Keyed by the PGlite
 * version and the content of every migration file, so a changed migration builds a new one.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `shop-api-pglite-template-${templateKey()}.tar`);
  if (fs.existsSync(file)) return file;
  const db = await openPglite();
  try {
    await migrateDb(db);
    const dump = await (db.$client as import('@electric-sql/pglite').PGlite).dumpDataDir('none');
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file); // atomic: parallel runs never read half a file
  } finally {
    await closeDb(db);
  }
  return file;
}

function templateKey(): string {
  const hash = createHash('sha256');
  // PGlite's package.json is not exported: find it beside its resolved entry (dist/index.cjs).
  const pglitePackage = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update((JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string }).version);
  for (const name of listFiles(migrationsDir)) {
    hash.update(name);
    hash.update(fs.readFileSync(path.join(migrationsDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
    )
    .sort();
}

/** Empties every table of the public schema (keeps migrations), for isolation between tests. */
export async function truncateAll(db: Db): Promise<void> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  if (tables.length === 0) return;
  await db.execute(sql.raw(`truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`));
}

/**
 * Jest helper: opens the file's database in beforeAll and closes it in afterAll.
 * `const t = useTestDb(); it('...', async () => { await t.db.select()... })`
 */
export function useTestDb(): { readonly db: Db; readonly kind: DbKind } {
  let opened: TestDb | undefined;
  beforeAll(async () => {
    opened = await openTestDb();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get db() {
      if (!opened) throw new Error('useTestDb(): the database is opened in beforeAll');
      return opened.db;
    },
    get kind() {
      return opened ? dbKind(opened.db) : process.env.DATABASE_URL ? 'postgres' : 'pglite';
    },
  };
}
