import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Runs of the API's background jobs (src/jobs/): one row per run, written by the process that
 * claims it. A run of a job's period is claimed by inserting its (job, slot) row, where the slot is
 * the period's number since the epoch by the database's clock, so each period runs once across
 * every worker and every instance on the database (the unique index decides). A run heartbeats
 * while it works; a run without a heartbeat for a while belongs to a process that died.
 * kind: 'period' (the job's schedule) | 'start' (an instance's start-up run, e.g. reconciliation
 * after a restart). Rows older than a week are deleted by the jobs themselves.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    kind: text('kind').notNull(),
    slot: bigint('slot', { mode: 'number' }).notNull(),
    /** Which process ran it: host, pid and its start (for logs and a person reading the table). */
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** 'ok' | 'failed' once finished. */
    outcome: text('outcome'),
    /** The run's result or error, short. */
    detail: text('detail'),
  },
  (t) => [
    uniqueIndex('job_runs_period_key').on(t.job, t.slot).where(sql`${t.kind} = 'period'`),
    index('job_runs_unfinished_idx').on(t.job).where(sql`${t.finishedAt} is null`),
    index('job_runs_started_idx').on(t.startedAt),
    check('job_runs_kind_check', sql`${t.kind} in ('period', 'start')`),
  ],
);
