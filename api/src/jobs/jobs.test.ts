import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { buildApp, type App } from '../app';
import { closeDb, dbKind, openPostgres, queryRows, type Db } from '../db/client';
import { testConfig } from '../test/app';
import { openTestDb, type TestDb } from '../test/db';
import { apiJobs, JOB_PERIODS, startJobs, type JobName } from '.';
import type { JobContext } from './runner';

/**
 * Background jobs run once per period across every API instance on one database: two instances
 * (on PostgreSQL each with its own connection pool, as two workers or two machines; on PGlite the
 * same database), each running every job of the API with short periods. Each job's runs are
 * counted per period: one, whichever instance ran it; and when one instance dies, the other runs
 * every period from then on.
 */
const PERIOD_MS = 1_000;
const DATABASE_JOBS = ['payment-reconcile', 'payment-holds', 'guest-basket-purge', 'outbox-send', 'customer-token-purge', 'staff-session-purge', 'special-prices', 'job-runs-prune'] as const;
const periods = Object.fromEntries(DATABASE_JOBS.map((name) => [name, PERIOD_MS])) as Partial<Record<JobName, number>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let testDb: TestDb;
let secondDb: Db;
let first: App;
let second: App;

beforeAll(async () => {
  testDb = await openTestDb();
  secondDb =
    dbKind(testDb.db) === 'postgres' ? await openPostgres((testDb.db.$client as pg.Pool).options.connectionString!, { poolSize: 4 }) : testDb.db;
  first = buildApp({ db: testDb.db, config: testConfig() });
  second = buildApp({ db: secondDb, config: testConfig() });
  await Promise.all([first.ready(), second.ready()]);
}, 60_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  if (secondDb && secondDb !== testDb?.db) await closeDb(secondDb);
  await testDb?.close();
});

interface RunRow extends Record<string, unknown> {
  id: number;
  job: string;
  kind: string;
  slot: number;
  instance: string;
  outcome: string | null;
}
const runRows = async (jobs: readonly string[]) =>
  (
    await queryRows<RunRow>(
      testDb.db,
      sql`select id::float8 as id, job, kind, slot::float8 as slot, instance, outcome from job_runs
          where job in (${sql.join(jobs.map((j) => sql`${j}`), sql`, `)}) order by job, slot`,
    )
  ).map((r) => ({ ...r, id: Number(r.id), slot: Number(r.slot) }));

/** Periods with no run between the first and the last one counted (a missed period). */
const gaps = (slots: number[]) => {
  const missing: number[] = [];
  for (let s = slots[0]!; s <= slots.at(-1)!; s++) if (!slots.includes(s)) missing.push(s);
  return missing;
};

describe('jobs: once per period across API instances on one database', () => {
  it('lists every job of the API, the embedded database’s own only with its folder', () => {
    const names = apiJobs(first.services, { diskDir: null }).map((j) => j.name);
    expect(names).toEqual([...DATABASE_JOBS]);
    expect(Object.keys(JOB_PERIODS)).toEqual(expect.arrayContaining([...DATABASE_JOBS, 'disk-watch', 'vacuum']));
  });

  it('two instances running every job: each period of each job runs once; when one instance dies the other runs every period', async () => {
    await queryRows(testDb.db, sql`delete from job_runs`);
    // Every job of the API, its runs counted as they start (with the run's row).
    const executed: Array<{ job: string; runId: number | null; by: string }> = [];
    const counted = (app: App, by: string) =>
      apiJobs(app.services, { diskDir: null, periods }).map((job) => ({
        ...job,
        run: (context: JobContext) => {
          executed.push({ job: job.name, runId: context.runId, by });
          return job.run(context);
        },
      }));
    const a = startJobs(counted(first, 'a'), { db: testDb.db, log: first.services.log });
    const b = startJobs(counted(second, 'b'), { db: secondDb, log: second.services.log });
    let stoppedA = false;
    try {
      await Promise.all([a.started, b.started]);
      // The first runs on a cold database may outlast a period (a run is never overlapped): count
      // the periods from the next one on.
      await sleep(1.5 * PERIOD_MS);
      const fromSlot = Math.floor(Date.now() / PERIOD_MS) + 1;
      await sleep(5.5 * PERIOD_MS);
      const untilSlot = Math.floor(Date.now() / PERIOD_MS) - 1;
      await a.stop();
      stoppedA = true;
      const rows = await runRows(DATABASE_JOBS);
      for (const name of DATABASE_JOBS) {
        const mine = rows.filter((r) => r.job === name);
        // Both started at once: the start-up run of the one counted for the other (no second run).
        expect(mine.filter((r) => r.kind === 'start')).toEqual([]);
        const runs = executed.filter((e) => e.job === name);
        // Each run has its own row, and each row's period is a different one: one run per period.
        expect(runs.every((e) => e.runId !== null)).toBe(true);
        const slotOf = new Map(mine.map((r) => [r.id, r.slot]));
        const slotsRun = runs.map((e) => slotOf.get(e.runId!));
        expect(slotsRun.every((slot) => slot !== undefined)).toBe(true);
        expect(new Set(slotsRun).size).toBe(runs.length);
        // And no period was missed while both ran.
        const counted = slotsRun.filter((slot) => slot! >= fromSlot && slot! <= untilSlot) as number[];
        expect(untilSlot - fromSlot + 1).toBeGreaterThanOrEqual(4);
        expect({ name, missed: gaps([fromSlot - 1, ...counted.sort((x, y) => x - y), untilSlot + 1]).filter((s) => s >= fromSlot && s <= untilSlot) }).toEqual({ name, missed: [] });
      }
      // Both instances took part (whichever woke first each period).
      expect(new Set(executed.map((e) => e.by))).toEqual(new Set(['a', 'b']));

      // The first instance is gone: the second runs every period on its own.
      const aloneFrom = Math.floor(Date.now() / PERIOD_MS) + 1;
      await sleep(3.5 * PERIOD_MS);
      const aloneUntil = Math.floor(Date.now() / PERIOD_MS) - 1;
      const after = (await runRows(['payment-reconcile'])).filter((r) => r.slot >= aloneFrom && r.slot <= aloneUntil);
      expect(after.map((r) => r.slot)).toEqual(Array.from({ length: aloneUntil - aloneFrom + 1 }, (_, i) => aloneFrom + i));
      expect(after.every((r) => r.instance === b.instance)).toBe(true);
    } finally {
      if (!stoppedA) await a.stop();
      await b.stop();
    }
  }, 60_000);

  it('a run whose instance died mid-run (no more heartbeats) does not stop the job: another instance takes the next periods', async () => {
    await queryRows(testDb.db, sql`delete from job_runs where job = 'test-hang'`);
    const options = { heartbeatMs: 100, heartbeatStaleMs: 1_000, maxJitterMs: 20 };
    let hangs = 0;
    const hang = startJobs(
      [{ name: 'test-hang', everyMs: 300, scope: 'database', run: () => (hangs++, new Promise(() => {})) }],
      { ...options, db: testDb.db, log: first.services.log },
    );
    await hang.started;
    expect(hangs).toBe(1);
    // While it heartbeats, no other instance starts the job over it.
    let done = 0;
    const other = startJobs(
      [{ name: 'test-hang', everyMs: 300, scope: 'database', run: async () => void done++ }],
      { ...options, db: secondDb, log: second.services.log },
    );
    try {
      await other.started;
      await sleep(700);
      expect(done).toBe(0);
      // The instance dies: its timers and heartbeat stop, its run never finishes.
      await hang.stop(0);
      await sleep(2_200);
      expect(done).toBeGreaterThanOrEqual(2);
      const rows = await runRows(['test-hang']);
      expect(rows.filter((r) => r.instance === hang.instance && r.outcome === null)).toHaveLength(1);
      expect(rows.filter((r) => r.instance === other.instance && r.outcome === 'ok')).toHaveLength(done);
    } finally {
      await other.stop();
    }
  }, 30_000);

  it('a restarted instance runs its start-up work (reconciliation) even though this period already ran', async () => {
    await queryRows(testDb.db, sql`delete from job_runs where job = 'test-start'`);
    let runs = 0;
    const spec = { name: 'test-start', everyMs: 3_600_000, scope: 'database' as const, atStart: true, run: async () => void runs++ };
    const log = first.services.log;
    const earlier = startJobs([spec], { db: testDb.db, log, processStartedAt: new Date(Date.now() - 1_000) });
    await earlier.started;
    await earlier.stop();
    expect(runs).toBe(1);
    // A worker that started at the same time as the first: the run counts for it too.
    const sibling = startJobs([spec], { db: secondDb, log, processStartedAt: new Date(Date.now() - 1_000) });
    await sibling.started;
    await sibling.stop();
    expect(runs).toBe(1);
    // A process started after that run (a restart after a crash) runs it again at its start.
    const restarted = startJobs([spec], { db: secondDb, log, processStartedAt: new Date(Date.now() + 1_000) });
    await restarted.started;
    await restarted.stop();
    expect(runs).toBe(2);
    const rows = await runRows(['test-start']);
    expect(rows.map((r) => r.kind).sort()).toEqual(['period', 'start']);
  });
});
