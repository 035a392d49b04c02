#!/usr/bin/env node
/**
 * `npm run test:reliability`: the crash-safety suite (issue 19), on PGlite and on a throwaway
 * PostgreSQL (scripts/with-postgres.mjs):
 *   1. jest: a failure at each fault point of placing an order, then one reconciliation
 *      (src/checkout/crash.test.ts); the lock race between real processes (src/db/lock.test.ts);
 *      disk-full detection and 503s (src/db/disk.test.ts); guest-basket flood limit, empty-basket
 *      sweep and vacuum (src/cart/flood.test.ts)
 *   2. kill -9 at each fault point with real processes, restart, reconcile, check the books
 *      (src/reliability/kill-restart.ts); the same between the steps of a back-office refund, with
 *      the staff member's request sent again after the restart (src/reliability/kill-refund.ts)
 *   3. a full disk under a running API on a small tmpfs (src/reliability/disk-full.ts; skipped
 *      where a tmpfs cannot be mounted)
 *   4. a short mixed load that fails on any 5xx or on memory growth beyond a bound
 *      (src/reliability/mixed-load.ts; RELIABILITY_LOAD_SECONDS, default 45)
 * Steps run one after another (the machine may be small); the first failure stops the run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'api');
const withPostgres = path.join(root, 'scripts', 'with-postgres.mjs');
const tsx = (file, ...args) => [process.execPath, '--import', 'tsx', file, ...args];
const jest = (...files) => [process.execPath, path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--runInBand', ...files];
const onPostgres = (argv) => [process.execPath, withPostgres, ...argv];
const loadSeconds = process.env.RELIABILITY_LOAD_SECONDS ?? '45';
// A step that hangs (a process waited for that never ends) fails here, named, instead of holding CI
// until its own limit. Each step takes about a minute on a 2-core machine.
const stepTimeoutSeconds = Number(process.env.RELIABILITY_STEP_TIMEOUT_S ?? 600);

const steps = [
  ['jest on PGlite', jest('src/checkout/crash.test.ts', 'src/db/lock.test.ts', 'src/db/disk.test.ts', 'src/cart/flood.test.ts')],
  ['jest on PostgreSQL', onPostgres(jest('src/checkout/crash.test.ts', 'src/db/disk.test.ts', 'src/cart/flood.test.ts'))],
  ['kill -9 and restart on PGlite', tsx('src/reliability/kill-restart.ts')],
  ['kill -9 and restart on PostgreSQL', onPostgres(tsx('src/reliability/kill-restart.ts'))],
  ['kill -9 between the steps of a refund, restart, retry on PGlite', tsx('src/reliability/kill-refund.ts')],
  ['kill -9 between the steps of a refund, restart, retry on PostgreSQL', onPostgres(tsx('src/reliability/kill-refund.ts'))],
  ['full disk (PGlite on a tmpfs)', tsx('src/reliability/disk-full.ts')],
  ['mixed load on PGlite', tsx('src/reliability/mixed-load.ts', '--seconds', loadSeconds)],
];

const started = Date.now();
for (const [name, [command, ...args]] of steps) {
  const stepStart = Date.now();
  console.log(`\n[reliability] ${name}`);
  const result = spawnSync(command, args, { cwd: api, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' }, timeout: stepTimeoutSeconds * 1000, killSignal: 'SIGKILL' });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (result.error?.code === 'ETIMEDOUT') {
    console.error(`[reliability] FAILED: ${name} did not end within ${stepTimeoutSeconds} s (RELIABILITY_STEP_TIMEOUT_S): killed`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`[reliability] FAILED: ${name} (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`[reliability] ${name}: ok (${seconds} s)`);
}
console.log(`\n[reliability] all passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
