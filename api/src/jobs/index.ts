import { dbKind } from '../db/client';
import { watchDisk } from '../db/disk';
import { vacuum, VACUUM_EVERY_MS, VACUUM_FIRST_MS } from '../db/maintenance';
import { EMPTY_GUEST_CART_HOURS } from '../payment/service';
import type { Services } from '../services';
import { sql } from 'drizzle-orm';
import { JOB_RUNS_KEPT_DAYS, startJobs, type JobRunnerOptions, type JobSpec, type RunningJobs } from './runner';

export { startJobs, type JobSpec, type RunningJobs } from './runner';

/** Every background job of the API, with its period (README, "Background jobs"). */
export const JOB_PERIODS = {
  /** Payments (and refunds) without a recorded outcome, checked with the provider. */
  'payment-reconcile': 60_000,
  /** Payments left waiting for 3-D Secure past CHECKOUT_HOLD_MINUTES: cancelled, stock back. */
  'payment-holds': 60_000,
  /** Guest baskets untouched for 30 days that never reached checkout, empty ones after 3 hours. */
  'guest-basket-purge': 60_000,
  /** Mail due in the outbox (sent as soon as it is queued too; this catches retries and leftovers). */
  'outbox-send': 30_000,
  /** Expired login tokens and reset codes. */
  'customer-token-purge': 3600_000,
  /** Ended or long-idle staff sessions, used or expired staff set-up links (the back office). */
  'staff-session-purge': 3600_000,
  /** Special prices whose dates began or ended (a new day in London): moved into or out of effect. */
  'special-prices': 60_000,
  /** job_runs older than a week. */
  'job-runs-prune': 3600_000,
  /** The embedded database's free space (PGlite only). */
  'disk-watch': 2_000,
  /** VACUUM (ANALYZE) of the embedded database (PGlite only: no autovacuum). */
  vacuum: VACUUM_EVERY_MS,
} as const;
export type JobName = keyof typeof JOB_PERIODS;

const GUEST_BASKET_DAYS = 30;

export interface ApiJobsOptions {
  /** The embedded database's folder, watched for free space; null on PostgreSQL. */
  diskDir: string | null;
  /** The disk fell under DISK_MIN_FREE_MB (the server stops). */
  onDiskFull?: (reason: string) => void;
  /** When this process started (the start-up runs' rule); default: the process's start. */
  processStartedAt?: Date;
  /** Tests: shorter periods for some jobs. */
  periods?: Partial<Record<JobName, number>>;
}

/** The API's jobs, built from its services (the composition root's answer). */
export function apiJobs(services: Services, options: ApiJobsOptions): JobSpec[] {
  const { db, config, log, payment, refunds, baskets, outbox, customerStore, backoffice } = services;
  const every = (name: JobName) => options.periods?.[name] ?? JOB_PERIODS[name];
  const processStartedAt = options.processStartedAt ?? new Date(Date.now() - process.uptime() * 1000);
  const pglite = dbKind(db) === 'pglite';
  const jobs: JobSpec[] = [
    {
      name: 'payment-reconcile',
      everyMs: every('payment-reconcile'),
      scope: 'database',
      atStart: true,
      async run({ atStart }) {
        // On the embedded database this is the only process (its lock), so at its start an attempt
        // still 'creating' belongs to a process that died: settle it at once.
        const payments = await payment.reconcile(atStart && pglite ? { creatingBefore: processStartedAt } : {});
        const refunded = await refunds.reconcile();
        // A full refund the provider confirmed only now closes its order.
        const ordersClosed = await backoffice.orderAdmin.closeRefundedOrders();
        if (atStart) log.info(payments, 'payment reconciliation at start done');
        return { ...payments, refundsRetried: refunded.retried, refundsSettled: refunded.settled, ordersClosed };
      },
    },
    {
      name: 'payment-holds',
      everyMs: every('payment-holds'),
      scope: 'database',
      run: () => payment.cancelAbandoned(config.payment.holdMinutes * 60_000),
    },
    {
      name: 'guest-basket-purge',
      everyMs: every('guest-basket-purge'),
      scope: 'database',
      run: async () => ({
        purged: await baskets.purgeAbandonedGuests(new Date(Date.now() - GUEST_BASKET_DAYS * 24 * 3600_000)),
        emptyPurged: await baskets.purgeEmptyGuests(new Date(Date.now() - EMPTY_GUEST_CART_HOURS * 3600_000)),
      }),
    },
    {
      name: 'outbox-send',
      everyMs: every('outbox-send'),
      scope: 'database',
      atStart: true,
      run: async () => ({ sent: await outbox.deliverPending() }),
    },
    {
      name: 'customer-token-purge',
      everyMs: every('customer-token-purge'),
      scope: 'database',
      run: () => customerStore.purgeExpired(),
    },
    {
      name: 'staff-session-purge',
      everyMs: every('staff-session-purge'),
      scope: 'database',
      run: () => services.backoffice.staff.purge(),
    },
    {
      name: 'special-prices',
      everyMs: every('special-prices'),
      scope: 'database',
      atStart: true,
      run: async () => ({ changed: (await services.backoffice.productAdmin.applySpecialPriceDates()).length }),
    },
    {
      name: 'job-runs-prune',
      everyMs: every('job-runs-prune'),
      scope: 'database',
      run: async () => {
        await db.execute(sql`delete from job_runs where started_at < now() - ${JOB_RUNS_KEPT_DAYS}::int * interval '1 day'`);
      },
    },
  ];
  if (pglite && options.diskDir) {
    const disk = watchDisk(db, {
      dir: options.diskDir,
      minFreeBytes: config.diskMinFreeBytes,
      onFull: (reason) => {
        log.fatal({ folder: options.diskDir }, reason);
        options.onDiskFull?.(reason);
      },
    });
    jobs.push(
      { name: 'disk-watch', everyMs: every('disk-watch'), scope: 'process', run: () => disk.check() },
      {
        name: 'vacuum',
        everyMs: every('vacuum'),
        firstMs: VACUUM_FIRST_MS,
        scope: 'process',
        run: async () => {
          const started = Date.now();
          await vacuum(db);
          log.info({ ms: Date.now() - started }, 'embedded database vacuumed');
        },
      },
    );
  }
  return jobs;
}

/** Starts the API's jobs (server.ts, after it listens); stop them before closing the app. */
export function startApiJobs(services: Services, options: ApiJobsOptions & Omit<JobRunnerOptions, 'db' | 'log'> = { diskDir: null }): RunningJobs {
  return startJobs(apiJobs(services, options), {
    ...options,
    db: services.db,
    log: services.log,
    processStartedAt: options.processStartedAt ?? new Date(Date.now() - process.uptime() * 1000),
  });
}
