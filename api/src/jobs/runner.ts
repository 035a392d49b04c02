import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { isWritable } from '../db/disk';

/**
 * The API's background work, run once. Every timer of the API is started and stopped here.
 *
 * A job of scope 'database' runs once per period across every worker and every instance on the
 * same database: each process wakes at the start of every period (with a little jitter) and tries
 * to claim the period by inserting its (job, slot) row in `job_runs`, the slot being the period's
 * number by the database's clock; the unique index lets one process win, the others skip. No
 * process is special, so when the one that usually wins dies, another wins the next period. A run
 * heartbeats while it works; a new period is not claimed while a run of the job is still
 * heartbeating (a slow run is not overlapped), and a run whose process died stops counting after
 * HEARTBEAT_STALE_MS.
 *
 * `atStart`: the job also runs when this process starts (payment reconciliation after a crash),
 * unless a run of it started since this process did (several workers starting together: one of
 * them runs it), decided under an advisory lock so two starting workers do not both run it.
 *
 * A job of scope 'process' is this process's own timer: work on the embedded database (its disk,
 * its vacuum), which only one process can open anyway.
 */
export interface JobContext {
  /** Whether this is the run at this process's start. */
  atStart: boolean;
  /** Its row in job_runs (null for a job of scope 'process'). */
  runId: number | null;
}

export interface JobSpec {
  name: string;
  everyMs: number;
  scope: 'database' | 'process';
  atStart?: boolean;
  /** Scope 'process': the first run after this long (default: everyMs). */
  firstMs?: number;
  /** Its result is logged (debug) and kept, short, in job_runs.detail. */
  run(context: JobContext): Promise<unknown>;
}

export const HEARTBEAT_MS = 10_000;
export const HEARTBEAT_STALE_MS = 60_000;
/** A run still going after this long is taken as stuck: it stops heartbeating (other processes may run the job). */
export const MAX_RUN_MS = 10 * 60_000;
/** Job runs older than this are deleted (the job-runs-prune job). */
export const JOB_RUNS_KEPT_DAYS = 7;

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** When this process started (the atStart rule); default: now. */
  processStartedAt?: Date;
  /** Jitter added to each wake-up, at most (default: 2 s, or a tenth of the period if shorter). */
  maxJitterMs?: number;
  /** Tests: how often a run heartbeats, and after how long without one it counts as dead. */
  heartbeatMs?: number;
  heartbeatStaleMs?: number;
  maxRunMs?: number;
}

export interface RunningJobs {
  /** Resolves when the start-up runs (atStart jobs) are over, whether they ran here or not. */
  readonly started: Promise<void>;
  /** How many runs of each job this process made (tests, logs). */
  readonly runs: ReadonlyMap<string, number>;
  /** This process's name in job_runs.instance. */
  readonly instance: string;
  /** Stops every timer and waits (up to `waitMs`) for runs in progress. */
  stop(waitMs?: number): Promise<void>;
}

export function startJobs(jobs: JobSpec[], options: JobRunnerOptions): RunningJobs {
  const { db, log } = options;
  const processStartedAt = options.processStartedAt ?? new Date();
  const instance = `${os.hostname()}:${process.pid}:${processStartedAt.toISOString()}:${randomBytes(3).toString('hex')}`;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const staleMs = options.heartbeatStaleMs ?? HEARTBEAT_STALE_MS;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Map<string, Promise<void>>();
  /** Runs of this process in progress, by id, with when they started. */
  const activeRunIds = new Map<number, number>();
  const maxRunMs = options.maxRunMs ?? MAX_RUN_MS;
  const runs = new Map<string, number>();
  let stopped = false;

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  // One heartbeat for every run of this process in progress.
  const heartbeat = setInterval(() => {
    // A run stuck longer than maxRunMs stops heartbeating, so other processes run the job again.
    const ids = [...activeRunIds].filter(([, started]) => Date.now() - started < maxRunMs).map(([id]) => id);
    if (ids.length === 0 || !isWritable(db)) return;
    queryRows(db, sql`update job_runs set heartbeat_at = now() where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`).catch((error) =>
      log.warn({ err: error }, 'job heartbeat failed'),
    );
  }, heartbeatMs);
  heartbeat.unref();

  const summary = (value: unknown) => {
    try {
      return value === undefined ? null : JSON.stringify(value).slice(0, 500);
    } catch {
      return null;
    }
  };

  /** Runs a job here (once at a time per process), recording the run when it has a row. */
  function execute(job: JobSpec, atStart: boolean, runId: number | null): Promise<void> {
    const context: JobContext = { atStart, runId };
    const work = (async () => {
      const started = Date.now();
      if (runId !== null) activeRunIds.set(runId, started);
      let outcome = 'ok';
      let detail: string | null = null;
      try {
        const result = await job.run(context);
        detail = summary(result);
        log.debug({ job: job.name, runId, atStart, ms: Date.now() - started, result }, 'job run');
      } catch (error) {
        outcome = 'failed';
        detail = String((error as Error)?.message ?? error).slice(0, 500);
        log.warn({ err: error, job: job.name, runId }, 'job run failed');
      } finally {
        runs.set(job.name, (runs.get(job.name) ?? 0) + 1);
        if (runId !== null) {
          activeRunIds.delete(runId);
          await queryRows(db, sql`update job_runs set finished_at = now(), outcome = ${outcome}, detail = ${detail} where id = ${runId}`).catch((error) =>
            log.warn({ err: error, job: job.name, runId }, 'could not record the end of a job run'),
          );
        }
      }
    })();
    inFlight.set(job.name, work);
    return work.finally(() => inFlight.delete(job.name));
  }

  /** Claims this period of a database job: the run's id, or null when another process has it (or it is still running). */
  async function claimPeriod(job: JobSpec): Promise<number | null> {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into job_runs (job, kind, slot, instance)
          select ${job.name}, 'period', floor(extract(epoch from clock_timestamp()) * 1000 / ${job.everyMs})::bigint, ${instance}
          where not exists (
            select 1 from job_runs
            where job = ${job.name} and finished_at is null
              and heartbeat_at > now() - ${staleMs}::int * interval '1 millisecond')
          on conflict (job, slot) where kind = 'period' do nothing
          returning id`,
    );
    return row ? Number(row.id) : null;
  }

  /** The start-up run of a database job, unless a run of it started since this process did. */
  async function claimStart(job: JobSpec): Promise<number | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job_runs:${job.name}`}))`);
      const result = (await tx.execute(
        sql`insert into job_runs (job, kind, slot, instance)
            select ${job.name}, 'start', floor(extract(epoch from clock_timestamp()) * 1000 / ${job.everyMs})::bigint, ${instance}
            where not exists (select 1 from job_runs where job = ${job.name} and started_at >= ${processStartedAt.toISOString()}::timestamptz)
            returning id`,
      )) as unknown as { rows: Array<{ id: number }> };
      const row = result.rows[0];
      return row ? Number(row.id) : null;
    });
  }

  /**
   * Claims this period and starts the run: `{ done }` (the run's end, wrapped so that awaiting the
   * claim does not wait for the run), or null when this process does not run it.
   */
  async function tryPeriod(job: JobSpec, atStart: boolean): Promise<{ done: Promise<void> } | null> {
    if (inFlight.has(job.name) || !isWritable(db)) return null;
    const runId = await claimPeriod(job);
    if (runId === null) return null;
    return { done: execute(job, atStart, runId) };
  }

  /** Sleeps until the start of the job's next period (by this clock), plus jitter, then claims it. */
  function scheduleDatabaseJob(job: JobSpec) {
    const jitterMax = options.maxJitterMs ?? Math.min(2_000, job.everyMs / 10);
    const now = Date.now();
    const next = (Math.floor(now / job.everyMs) + 1) * job.everyMs;
    later(next - now + Math.random() * jitterMax, () => {
      // The next wake-up is set now, not after the run: a slow run does not shift the schedule.
      scheduleDatabaseJob(job);
      tryPeriod(job, false).catch((error) => log.warn({ err: error, job: job.name }, 'could not claim a job run'));
    });
  }

  function scheduleProcessJob(job: JobSpec) {
    const tick = () => {
      if (!inFlight.has(job.name)) void execute(job, false, null);
      later(job.everyMs, tick);
    };
    later(job.firstMs ?? job.everyMs, tick);
  }

  const startRuns: Array<Promise<unknown>> = [];
  for (const job of jobs) {
    if (job.scope === 'process') {
      scheduleProcessJob(job);
      continue;
    }
    // At start: this period, if no process has run it yet; else, for an atStart job, a start-up
    // run. `started` waits for the atStart jobs' runs only.
    startRuns.push(
      (async () => {
        const run = await tryPeriod(job, Boolean(job.atStart));
        if (!job.atStart) return;
        if (run) return run.done;
        if (stopped) return;
        const runId = await claimStart(job);
        if (runId !== null) await execute(job, true, runId);
      })().catch((error) => log.warn({ err: error, job: job.name }, 'job run at start failed')),
    );
    scheduleDatabaseJob(job);
  }
  const started = Promise.all(startRuns).then(() => undefined);

  return {
    started,
    runs,
    instance,
    async stop(waitMs = 5_000) {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      clearInterval(heartbeat);
      const pending = [...inFlight.values()];
      if (pending.length === 0) return;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(pending), new Promise((resolve) => (wait = setTimeout(resolve, waitMs)))]);
      clearTimeout(wait);
    },
  };
}
