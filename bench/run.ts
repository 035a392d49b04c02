/**
 * `npm run bench`: the API load benchmark (api-load.ts) with the answer cache off, on PGlite and on
 * PostgreSQL, each on the seeded shop and on a 100,000-product catalogue:
 * - PGlite: in data/bench-seeded and data/bench-100000 (generated once, reused by later runs);
 * - PostgreSQL: a throwaway cluster (scripts/postgres-cluster.mjs: fsync and synchronous_commit
 *   off, like the API tests' cluster), the seeded shop first, then the same database grown to 100k.
 * Exits with code 1 if any call answered anything but 2xx. Page weight (needs a running shop) is
 * separate: `npm run page-weight -w bench`.
 *
 * Options: --drivers pglite,postgres  --sizes 0,100000 (0: the seeded shop); every other option is
 * handed to api-load.ts (--duration, --connections, --orders, --cache-ttl...).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { option } from './lib';

interface PostgresCluster {
  databaseUrl: string;
  stop: () => void;
}
/** The throwaway cluster of scripts/with-postgres.mjs (plain ESM JavaScript, loaded at run time). */
async function startPostgresCluster(): Promise<PostgresCluster> {
  const url = pathToFileURL(path.join(__dirname, '..', 'scripts', 'postgres-cluster.mjs')).href;
  const helper = (await import(url)) as { startPostgresCluster: () => Promise<PostgresCluster> };
  return helper.startPostgresCluster();
}

const drivers = (option('drivers') ?? 'pglite,postgres').split(',');
const sizes = (option('sizes') ?? '0,100000').split(',').map(Number);
const ours = new Set(['--drivers', '--sizes']);
const passOn = process.argv.slice(2).filter((arg, i, all) => !ours.has(arg) && !ours.has(all[i - 1]!) && !/^--(drivers|sizes)=/.test(arg));

function apiLoad(title: string, args: string[]): boolean {
  console.log(`\n=== ${title}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'api-load.ts'), ...args, ...passOn], { stdio: 'inherit' });
  return result.status === 0;
}

async function main() {
  const failed: string[] = [];
  const started = new Date();
  for (const driver of drivers) {
    if (driver === 'pglite') {
      for (const size of sizes) {
        const title = `PGlite, ${size ? `${size} generated products` : 'seeded shop'}`;
        if (!apiLoad(title, size ? ['--products', String(size)] : [])) failed.push(title);
      }
    } else if (driver === 'postgres') {
      const cluster = await startPostgresCluster();
      const stopOnSignal = () => {
        cluster.stop();
        process.exit(1);
      };
      process.once('SIGINT', stopOnSignal).once('SIGTERM', stopOnSignal);
      try {
        // One database: the seeded shop, then grown to each size in turn.
        for (const size of sizes) {
          const title = `PostgreSQL 15, ${size ? `${size} generated products` : 'seeded shop'}`;
          const args = ['--database-url', cluster.databaseUrl, '--data-dir', 'data/bench-postgres', ...(size ? ['--products', String(size)] : [])];
          if (!apiLoad(title, args)) failed.push(title);
        }
      } finally {
        process.off('SIGINT', stopOnSignal).off('SIGTERM', stopOnSignal);
        cluster.stop();
      }
    } else {
      throw new Error(`unknown driver ${driver} (pglite, postgres)`);
    }
  }
  console.log(`\nbench started ${started.toISOString()}, ended ${new Date().toISOString()} (figures from a shared machine are noisy)`);
  if (failed.length > 0) {
    console.error(`FAILED: ${failed.join('; ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
