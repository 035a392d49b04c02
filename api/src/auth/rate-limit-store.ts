import { sql } from 'drizzle-orm';
import { preparedRows, type Db } from '../db/client';

/**
 * A @fastify/rate-limit store in the database (table `rate_limit_counters`), so every API process
 * on one PostgreSQL counts a client's hits together: the worker processes of API_WORKERS, and
 * instances on several machines (RATE_LIMIT_STORE=database). Each hit is one atomic upsert: the
 * first hit of a window inserts (1, now + window); later hits add one; a hit after the window ends
 * starts a new one in the same statement, so concurrent hits from several processes never lose a
 * count. Expired rows are swept now and then by whichever process passes by.
 */

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: StoreResult) => void;

/** How often a process sweeps expired counters, at most. */
export const SWEEP_EVERY_MS = 60_000;

export interface DatabaseRateLimitStore {
  incr(key: string, cb: Callback, timeWindow: number, max?: number): void;
  read(key: string, cb: Callback, timeWindow?: number, max?: number): void;
  child(): DatabaseRateLimitStore;
}

/** Counts one hit of `key` in a window of `windowMs`: answers the hits in the window and the ms left. */
export async function incrementCounter(db: Db, key: string, windowMs: number): Promise<StoreResult> {
  const [row] = await preparedRows<{ hits: number; ttl: number }>(
    db,
    'rate_limit_incr',
    sql`insert into rate_limit_counters as c (key, hits, expires_at)
        values (${key}, 1, now() + ${windowMs}::int * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
          expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
        returning hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`,
  );
  return { current: row!.hits, ttl: row!.ttl };
}

/** The hits of `key` in its current window, without counting one (0 when none or expired). */
export async function readCounter(db: Db, key: string): Promise<StoreResult> {
  const [row] = await preparedRows<{ hits: number; ttl: number }>(
    db,
    'rate_limit_read',
    sql`select hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl
        from rate_limit_counters where key = ${key} and expires_at > now()`,
  );
  return row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 };
}

/** Deletes counters whose window ended; answers how many. */
export async function sweepCounters(db: Db): Promise<number> {
  const rows = await preparedRows<{ key: string }>(
    db,
    'rate_limit_sweep',
    sql`delete from rate_limit_counters where expires_at <= now() returning key`,
  );
  return rows.length;
}

/**
 * The store class @fastify/rate-limit instantiates (`store:` option). Keys arrive already
 * qualified by rule (`login-ip:<address>`), so a child store shares the parent's table.
 */
export function databaseRateLimitStore(db: Db, options: { sweepEveryMs?: number; onSweepError?: (error: unknown) => void } = {}) {
  const sweepEveryMs = options.sweepEveryMs ?? SWEEP_EVERY_MS;
  let nextSweep = Date.now() + sweepEveryMs;
  const maybeSweep = () => {
    if (Date.now() < nextSweep) return;
    nextSweep = Date.now() + sweepEveryMs;
    sweepCounters(db).catch((error: unknown) => options.onSweepError?.(error));
  };
  const settle = (promise: Promise<StoreResult>, cb: Callback) =>
    promise.then(
      (result) => cb(null, result),
      (error: Error) => cb(error),
    );

  return class DatabaseStore implements DatabaseRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number, _max?: number) {
      maybeSweep();
      void settle(incrementCounter(db, key, timeWindow), cb);
    }
    read(key: string, cb: Callback) {
      void settle(readCounter(db, key), cb);
    }
    child() {
      return new DatabaseStore();
    }
  };
}
