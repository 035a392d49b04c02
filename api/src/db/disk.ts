import fs from 'node:fs';
import path from 'node:path';
import type { Db, DiskState } from './client';

export type { DiskState } from './client';

/**
 * A full disk. PGlite cannot recover from running out of room mid-write (it spins and never
 * answers), so for the embedded database the API keeps a margin: below `DISK_MIN_FREE_MB` free in
 * the data folder it stops taking changes (503 with DISK_FULL_MESSAGE, health 'degraded' with
 * `writable: false`), logs "disk full" with the folder, and the server stops cleanly; a start on
 * such a disk is refused with the same words. On PostgreSQL the server's disk is its own: a
 * disk_full error (SQLSTATE 53100) answers 503 and marks the database unwritable for a minute.
 */

export const DISK_FULL_MESSAGE =
  'The shop cannot save changes just now because its storage is full. Nothing was changed and no payment was taken. Please try again later.';

/** How long a disk_full error from PostgreSQL keeps the database marked unwritable. */
const POSTGRES_FULL_MS = 60_000;

/** The disk state lives on the database object (`db.$disk`), created on first use. */
function stateOf(db: Db): DiskState {
  return (db.$disk ??= { dir: null, full: false, freeBytes: null, fullUntil: 0 });
}

/** Whether the database can take writes now, as far as this process knows. */
export function isWritable(db: Db): boolean {
  const state = db.$disk;
  return !state || (!state.full && state.fullUntil < Date.now());
}

/** The folder of the database, for log lines (null on PostgreSQL). */
export const diskFolderOf = (db: Db): string | null => db.$disk?.dir ?? null;

/** An error that says the disk is full: PostgreSQL's disk_full, or the operating system's ENOSPC. */
export function isDiskFullError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (e.code === '53100' || e.code === 'ENOSPC') return true;
  if (typeof e.message === 'string' && /no space left on device|ENOSPC/i.test(e.message)) return true;
  return e.cause !== undefined && e.cause !== error && isDiskFullError(e.cause);
}

/** Records a disk-full error seen on a query: the database is unwritable for a while. */
export function noteDiskFull(db: Db): void {
  stateOf(db).fullUntil = Date.now() + POSTGRES_FULL_MS;
}

/** Free bytes for an unprivileged writer on the file system holding `dir` (or its nearest existing parent). */
export async function freeBytesAt(dir: string): Promise<number> {
  let at = path.resolve(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  const stats = await fs.promises.statfs(at);
  return stats.bavail * stats.bsize;
}

const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/** The message of a disk too full to run on (start-up, log). */
export const diskFullReason = (dir: string, freeBytes: number, minFreeBytes: number) =>
  `disk full: ${dir} has ${mb(freeBytes)} MB free and the embedded database needs at least ${mb(minFreeBytes)} MB ` +
  '(DISK_MIN_FREE_MB) to write safely. Free some space (or move DATA_DIR) and start again.';

/** Refuses to start on a disk without the margin (throws with the reason). */
export async function assertRoomToStart(dir: string, minFreeBytes: number): Promise<void> {
  const free = await freeBytesAt(dir);
  if (free < minFreeBytes) throw new Error(diskFullReason(dir, free, minFreeBytes));
}

export interface DiskWatch {
  /** Checks now; answers whether the disk is full. */
  check(): Promise<boolean>;
}

/**
 * Watches the free space of the embedded database's folder: each `check()` (the disk-watch job,
 * src/jobs/, every 2 s) reads it; the first time it falls under the margin, the database is marked
 * unwritable and `onFull` is told (once).
 */
export function watchDisk(db: Db, options: { dir: string; minFreeBytes: number; onFull(reason: string): void }): DiskWatch {
  const state = stateOf(db);
  state.dir = options.dir;
  let told = false;
  const check = async () => {
    const free = await freeBytesAt(options.dir);
    state.freeBytes = free;
    state.full = free < options.minFreeBytes;
    if (state.full && !told) {
      told = true;
      options.onFull(diskFullReason(options.dir, free, options.minFreeBytes));
    }
    return state.full;
  };
  return { check };
}
