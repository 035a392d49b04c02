import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * PGlite has no autovacuum: without one, space left by deleted rows (swept baskets, sessions) is
 * never reused and the folder only grows. The API vacuums the embedded database itself, a few
 * minutes after start and then every few hours. A plain VACUUM (not FULL) does not lock tables for
 * long, makes dead space reusable and gives empty pages at the end of a table back to the disk.
 */
export const VACUUM_FIRST_MS = 5 * 60_000;
export const VACUUM_EVERY_MS = 6 * 3600_000;

export async function vacuum(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}

/** Runs `vacuum` on a schedule; answers the stop. */
export function scheduleVacuum(
  db: Db,
  log: FastifyBaseLogger | undefined,
  timing: { firstMs?: number; everyMs?: number } = {},
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    const started = Date.now();
    try {
      await vacuum(db);
      log?.info({ ms: Date.now() - started }, 'embedded database vacuumed');
    } catch (error) {
      log?.warn({ err: error }, 'vacuum of the embedded database failed');
    } finally {
      running = false;
    }
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    every = setInterval(() => void run(), timing.everyMs ?? VACUUM_EVERY_MS);
    every.unref();
  }, timing.firstMs ?? VACUUM_FIRST_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    if (every) clearInterval(every);
  };
}
