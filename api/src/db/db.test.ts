import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { useTestDb } from '../test/db';
import { closeDb, openPglite, queryRows } from './client';
import { migrateDb, migrationState, readJournal } from './migrate';
import { appMeta } from './schema';

describe('the test database', () => {
  const t = useTestDb();

  it('is migrated, with pg_trgm available', async () => {
    const state = await migrationState(t.db);
    expect(state.pending).toBe(0);
    expect(state.applied).toBe(readJournal().length);
    const [row] = await queryRows<{ score: number }>(t.db, sql`select similarity('membrane', 'membrain') as score`);
    expect(row!.score).toBeGreaterThan(0.3);
  });

  it('runs the same drizzle queries on either driver', async () => {
    await t.db.insert(appMeta).values({ key: 'probe', value: { n: 1 } });
    await t.db.update(appMeta).set({ value: { n: 2 } }).where(eq(appMeta.key, 'probe'));
    const rows = await t.db.select().from(appMeta).where(eq(appMeta.key, 'probe'));
    expect(rows).toEqual([{ key: 'probe', value: { n: 2 }, updatedAt: expect.any(Date) }]);
  });

  it('migrating again applies nothing', async () => {
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    await migrateDb(t.db);
    const after = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(after).toEqual(before);
  });

  it('ships its migrations in time order: a database migrated before gets each new one', () => {
    // drizzle applies only the migrations whose `when` is newer than the newest applied one's, so
    // one dated before its predecessor would be skipped on every database that already had it.
    const journal = readJournal();
    for (const [i, entry] of journal.entries()) {
      expect(entry.idx).toBe(i);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal[i - 1]!.when);
    }
  });
});

describe('PGlite on disk', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pglite-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps data and applied migrations across close and reopen, and locks its folder', async () => {
    const dataDir = path.join(dir, 'pglite');
    const first = await openPglite({ dataDir });
    expect(await migrationState(first)).toMatchObject({ applied: 0, latest: null, pending: readJournal().length });
    await migrateDb(first);
    await first.insert(appMeta).values({ key: 'seed', value: { version: 1 } });
    await expect(openPglite({ dataDir })).rejects.toThrow(/already open/);
    await closeDb(first);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

    const again = await openPglite({ dataDir });
    try {
      expect(await migrationState(again)).toMatchObject({ pending: 0, applied: readJournal().length });
      const applied = await queryRows(again, sql`select id, created_at from drizzle.__drizzle_migrations order by id`);
      await migrateDb(again);
      expect(await queryRows(again, sql`select id, created_at from drizzle.__drizzle_migrations order by id`)).toEqual(applied);
      expect(await again.select().from(appMeta)).toEqual([
        { key: 'seed', value: { version: 1 }, updatedAt: expect.any(Date) },
      ]);
    } finally {
      await closeDb(again);
    }
  });

  it('takes over a lock file left by a process that has ended', async () => {
    const dataDir = path.join(dir, 'pglite'); // made by the test above: reopening is quick
    fs.writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: 999999999, host: os.hostname(), startedAt: '', token: 'old' }));
    const db = await openPglite({ dataDir });
    expect(JSON.parse(fs.readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    await closeDb(db);
  });
});
