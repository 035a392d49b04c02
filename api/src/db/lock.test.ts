import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir, lockFileOf, readLockFile } from './lock';

/**
 * One process per embedded database: real processes race for one folder. On Linux the lock is an
 * abstract socket (released by the kernel whatever way its holder ends); elsewhere the lock file.
 * Both are tested here.
 */

const apiRoot = path.resolve(__dirname, '../..');
let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  fs.mkdirSync(path.join(dir, 'pglite'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Contender {
  child: ChildProcess;
  /** Resolves with 'locked' or 'refused …'. */
  outcome: Promise<string>;
  ready: Promise<void>;
}

function contender(folder: string, mode: 'socket' | 'file'): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/lock-child.ts', folder, mode], { cwd: apiRoot, stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  let out = '';
  let onReady = () => {};
  let onOutcome = (_: string) => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const outcome = new Promise<string>((resolve) => (onOutcome = resolve));
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    out += chunk;
    if (out.includes('ready\n')) onReady();
    const line = out.split('\n').find((l) => l === 'locked' || l.startsWith('refused'));
    if (line) onOutcome(line);
  });
  child.on('exit', () => onOutcome(out.includes('locked') ? 'locked' : `exited: ${out}`));
  return { child, outcome, ready };
}

/** Starts `n` processes, lets them all try at the same moment, answers their outcomes. */
async function race(n: number, mode: 'socket' | 'file'): Promise<{ outcomes: string[]; contenders: Contender[] }> {
  const folder = path.join(dir, 'pglite');
  const contenders = Array.from({ length: n }, () => contender(folder, mode));
  await Promise.all(contenders.map((c) => c.ready));
  for (const c of contenders) c.child.stdin!.write('go\n');
  return { outcomes: await Promise.all(contenders.map((c) => c.outcome)), contenders };
}

const staleLock = (pid: number) => JSON.stringify({ pid, host: os.hostname(), startedAt: '2020-01-01T00:00:00Z', token: `stale${pid}` });

describe.each(['socket', 'file'] as const)('the embedded database lock (%s)', (mode) => {
  if (mode === 'socket' && process.platform !== 'linux') return;
  jest.setTimeout(60_000);

  // The operator's races: a stale lock present, and an empty lock file (once read mid-write).
  it.each([
    ['a stale lock file (its process has ended)', 999999999],
    ['an empty lock file', 0],
  ])('four processes starting at once with %s: exactly one gets the folder', async (_label, stalePid) => {
    const lockFile = lockFileOf(path.join(dir, 'pglite'));
    if (stalePid === 0) fs.writeFileSync(lockFile, '');
    else if (stalePid) fs.writeFileSync(lockFile, staleLock(stalePid));
    const { outcomes, contenders } = await race(4, mode);
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(1);
    for (const o of outcomes.filter((x) => x !== 'locked')) expect(o).toMatch(/^refused The embedded database .* is in use by process \d+/);
    const holder = contenders[outcomes.indexOf('locked')]!.child;
    expect(readLockFile(path.join(dir, 'pglite'))?.pid).toBe(holder.pid);
  });

  it('a holder killed with SIGKILL is taken over; a live holder never loses its lock', async () => {
    const folder = path.join(dir, 'pglite');
    const first = contender(folder, mode);
    await first.ready;
    first.child.stdin!.write('go\n');
    expect(await first.outcome).toBe('locked');
    const second = contender(folder, mode);
    await second.ready;
    second.child.stdin!.write('go\n');
    expect(await second.outcome).toMatch(new RegExp(`in use by process ${first.child.pid}`));
    expect(readLockFile(folder)?.pid).toBe(first.child.pid);

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const third = contender(folder, mode);
    await third.ready;
    third.child.stdin!.write('go\n');
    expect(await third.outcome).toBe('locked');
  });

  it('a lock file naming this very process id (a restarted container\'s pid 1) is taken over', async () => {
    const folder = path.join(dir, 'pglite');
    fs.writeFileSync(lockFileOf(folder), staleLock(process.pid));
    const release = await lockDataDir(folder, { useSocket: mode === 'socket' });
    expect(readLockFile(folder)?.pid).toBe(process.pid);
    await expect(lockDataDir(folder, { useSocket: mode === 'socket' })).rejects.toThrow(/already open in this process/);
    await release();
    expect(fs.existsSync(lockFileOf(folder))).toBe(false);
  });
});

describe('the embedded database lock (socket)', () => {
  if (process.platform !== 'linux') return;
  it('a lock file naming a live process that does not hold the folder (a reused pid) is taken over', async () => {
    const folder = path.join(dir, 'pglite');
    fs.writeFileSync(lockFileOf(folder), staleLock(process.ppid));
    const release = await lockDataDir(folder);
    expect(readLockFile(folder)?.pid).toBe(process.pid);
    await release();
  });
});
