import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp, type App } from '../app';
import type { Config } from '../config';
import { closeDb, openPglite, type Db } from '../db/client';
import { migrateDb, readJournal } from '../db/migrate';
import { testConfig } from '../test/app';
import { openTestDb } from '../test/db';
import { seedBuild, seedDatabase } from './seed';

/**
 * Test databases holding the seeded shop.
 * - PGlite: the first test file seeds a migrated database and saves it as a tarball in the temp
 *   folder (keyed by the migrations and the seed's content); later files load it (about 1 s).
 * - PostgreSQL (DATABASE_URL): each file's fresh database is seeded (a few hundred ms).
 */
export async function openSeededTestDb(): Promise<{ db: Db; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const opened = await openTestDb();
    try {
      await seedDatabase(opened.db);
    } catch (error) {
      await opened.close();
      throw error;
    }
    return opened;
  }
  const file = await ensureSeededTemplate();
  const db = await openPglite({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  await migrateDb(db);
  return { db, close: () => closeDb(db) };
}

async function ensureSeededTemplate(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(readJournal()));
  hash.update(JSON.stringify(seedBuild().rows));
  const file = path.join(os.tmpdir(), `shop-api-pglite-seeded-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;
  const opened = await openTestDb();
  try {
    await seedDatabase(opened.db);
    const dump = await (opened.db.$client as PGlite).dumpDataDir('none');
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await opened.close();
  }
  return file;
}

/** Jest helper: the API over a seeded database, opened in beforeAll and closed in afterAll. */
export function useSeededApp(overrides: Partial<Config> = {}): { readonly app: App; readonly db: Db } {
  let opened: { app: App; db: Db; close(): Promise<void> } | undefined;
  beforeAll(async () => {
    const testDb = await openSeededTestDb();
    const app = buildApp({ db: testDb.db, config: testConfig(overrides) });
    await app.ready();
    opened = {
      app,
      db: testDb.db,
      async close() {
        await app.close();
        await testDb.close();
      },
    };
  });
  afterAll(async () => {
    await opened?.close();
  });
  const get = () => {
    if (!opened) throw new Error('useSeededApp(): the app is opened in beforeAll');
    return opened;
  };
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
  };
}
