/**
 * `npm run bench`: the API load benchmark on the seeded shop, then on a 100,000-product catalogue
 * (generated once into data/bench-100000 and reused). Each with the answer cache as configured by
 * default and with it off (CATALOG_CACHE_TTL_MS=0), so the database path is measured too.
 * Page weight (needs a running shop) is separate: `npm run page-weight -w bench`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const runs: string[][] = [
  [],
  ['--cache-ttl', '0'],
  ['--products', '100000'],
  ['--products', '100000', '--cache-ttl', '0'],
];
for (const args of runs) {
  console.log(`\n=== api-load ${args.join(' ') || '(seeded shop)'}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'api-load.ts'), ...args, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
