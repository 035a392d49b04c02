import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * PGlite has no autovacuum: without one, space left by deleted rows (swept baskets, sessions) is
 * never reused and the folder only grows. The API vacuums the embedded database itself, a few
 * minutes after start and then every few hours (the vacuum job, src/jobs/). A plain VACUUM (not FULL) does not lock tables for
 * long, makes dead space reusable and gives empty pages at the end of a table back to the disk.
 */
export const VACUUM_FIRST_MS = 5 * 60_000;
export const VACUUM_EVERY_MS = 6 * 3600_000;

export async function vacuum(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
