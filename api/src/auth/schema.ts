import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-client rate-limit counters shared by every API process on this database (API_WORKERS > 1
 * without REDIS_URL, or RATE_LIMIT_STORE=database): one row per rule and client key, counting
 * hits in the window that ends at `expires_at`. Bumped with one atomic upsert per hit
 * (auth/rate-limit-store.ts); expired rows are swept. The table is UNLOGGED (migration 0012):
 * counters need no crash durability, and unlogged writes skip the WAL.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
