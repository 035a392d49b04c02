import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

/**
 * One process per embedded database: PGlite is single-process, and two processes on one folder
 * lose writes silently. The lock is held in two ways:
 *
 * - On Linux, an abstract Unix socket named after the folder's real path. Binding it is atomic
 *   (two starts at the same instant: exactly one wins) and the kernel releases it when its holder
 *   ends, however it ends (kill -9, a crash, a container restarted with the same pid 1): there is
 *   never a stale lock to take over and no pid to guess about. (Abstract sockets belong to a network
 *   namespace: two containers sharing one volume need DATABASE_URL instead.)
 * - Elsewhere, the lock file itself: created complete and exclusively (written aside, then
 *   hard-linked into place, so it is never seen empty); a holder that is gone is taken over by
 *   renaming its file away and checking that the file moved is the one judged stale (a live
 *   holder's file is put back, never deleted).
 *
 * Either way `<folder>.lock` names the holder (pid, host, start time) for people and for the
 * refusal message.
 */

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  /** Random per lock: tells one holder's file from another's. */
  token: string;
}

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/** Folders locked by this process (a second open in the same process is refused). */
const heldHere = new Set<string>();

export const lockFileOf = (dataDir: string) => `${dataDir.replace(/[\\/]+$/, '')}.lock`;

function parseHolder(text: string): LockHolder | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.token === 'string' ? (parsed as LockHolder) : null;
  } catch {
    return null;
  }
}

/** Who holds (or last held) the folder, from its lock file; null when absent or unreadable. */
export function readLockFile(dataDir: string): LockHolder | null {
  try {
    return parseHolder(fs.readFileSync(lockFileOf(dataDir), 'utf8'));
  } catch {
    return null;
  }
}

function inUse(dataDir: string, holder: LockHolder | null): DatabaseLockedError {
  const who = holder ? `process ${holder.pid}${holder.host !== os.hostname() ? ` on ${holder.host}` : ''}` : 'another process';
  return new DatabaseLockedError(
    `The embedded database ${dataDir} is in use by ${who}. Stop it first, ` +
      'or set DATA_DIR to another folder, or DATABASE_URL to a PostgreSQL server.',
  );
}

/** Locks `dataDir` (which must exist) for this process; answers the release. */
export async function lockDataDir(dataDir: string, options: { useSocket?: boolean } = {}): Promise<() => Promise<void>> {
  const real = fs.realpathSync(dataDir);
  if (heldHere.has(real)) throw new DatabaseLockedError(`The embedded database ${dataDir} is already open in this process.`);
  const useSocket = options.useSocket ?? process.platform === 'linux';
  heldHere.add(real);
  try {
    const release = useSocket ? await lockWithSocket(dataDir, real) : lockWithFile(dataDir);
    return async () => {
      heldHere.delete(real);
      await release();
    };
  } catch (error) {
    heldHere.delete(real);
    throw error;
  }
}

function newHolder(): LockHolder {
  return { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString(), token: randomBytes(12).toString('hex') };
}

/** Writes the holder to a file beside the lock file (complete before anyone can see it). */
function writeAside(lockFile: string, holder: LockHolder): string {
  const aside = `${lockFile}.${holder.token}`;
  fs.writeFileSync(aside, JSON.stringify(holder), { flag: 'wx' });
  return aside;
}

/** Removes the lock file if it is still this holder's. */
function removeIfMine(lockFile: string, holder: LockHolder) {
  try {
    const current = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as Partial<LockHolder>;
    if (current.token === holder.token) fs.unlinkSync(lockFile);
  } catch {
    /* gone already, or not ours */
  }
}

async function lockWithSocket(dataDir: string, real: string): Promise<() => Promise<void>> {
  const name = `\0shop-pglite-${createHash('sha256').update(real).digest('hex').slice(0, 40)}`;
  const server = net.createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(name, () => resolve());
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw inUse(dataDir, await currentHolder(dataDir));
  }
  server.unref();
  // Held: whatever lock file is there is from a holder that has ended. Replace it atomically.
  const lockFile = lockFileOf(dataDir);
  const holder = newHolder();
  const aside = writeAside(lockFile, holder);
  fs.renameSync(aside, lockFile);
  return async () => {
    removeIfMine(lockFile, holder);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/** The live holder named by the lock file (a holder that has just won writes it a moment later). */
async function currentHolder(dataDir: string): Promise<LockHolder | null> {
  for (let i = 0; i < 25; i++) {
    const holder = readLockFile(dataDir);
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) return holder;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A holder that has certainly ended: another host's holder is never judged (it may be alive). */
function isGone(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return false;
  // Our own pid in a lock we do not hold (heldHere): an earlier life of this process id (pid 1 in
  // a restarted container), so ended.
  if (holder.pid === process.pid) return true;
  return !isAlive(holder.pid);
}

function lockWithFile(dataDir: string): () => Promise<void> {
  const lockFile = lockFileOf(dataDir);
  const holder = newHolder();
  const aside = writeAside(lockFile, holder);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(aside, lockFile); // atomic, fails if a lock file exists
        return async () => removeIfMine(lockFile, holder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let seen: string;
      try {
        seen = fs.readFileSync(lockFile, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
        throw error;
      }
      const current = parseHolder(seen);
      if (current && !isGone(current)) throw inUse(dataDir, current);
      // Not a holder we can read: a bare pid (an older version) of a live process still holds it.
      const legacyPid = /^\d+$/.test(seen.trim()) ? Number(seen.trim()) : 0;
      if (!current && legacyPid && legacyPid !== process.pid && isAlive(legacyPid)) throw inUse(dataDir, null);
      // Take over: move the stale file away, then check that what moved is what was judged.
      const moved = `${lockFile}.stale-${holder.token}`;
      try {
        fs.renameSync(lockFile, moved);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // someone else moved it
        throw error;
      }
      const movedText = fs.readFileSync(moved, 'utf8');
      if (movedText !== seen) {
        // Another process took over in between and this is its live lock: put it back, give up.
        try {
          fs.linkSync(moved, lockFile);
        } finally {
          fs.rmSync(moved, { force: true });
        }
        throw inUse(dataDir, parseHolder(movedText));
      }
      fs.rmSync(moved, { force: true });
    }
    throw new DatabaseLockedError(`Could not lock ${lockFile}: other processes keep taking it.`);
  } finally {
    fs.rmSync(aside, { force: true });
  }
}
