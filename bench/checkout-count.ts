/**
 * Round trips and statements per guest checkout (checkout.ts), counted by PostgreSQL itself:
 * a throwaway cluster with pg_stat_statements (track = all, utility commands too), the API on it
 * (one worker), a few checkouts to warm up, the counters reset, then `--checkouts` checkouts
 * (default 40) by one shopper, and the counters read:
 * - round trips: statements the API sent (top level, BEGIN and COMMIT included);
 * - statements: those plus the ones run inside functions and triggers (nested).
 * Background jobs of the API (reconciliation, sweeps, the mail outbox) are counted too: sending
 * the order mail is part of a checkout.
 *
 *   npm run checkout-count -w bench                  # prints the totals and the busiest statements
 *   npm run checkout-count -w bench -- --json FILE
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { prepareCartBench } from '../api/src/cart/bench-support';
import { runCheckouts } from './checkout';
import { option, startApi } from './lib';

interface PostgresCluster {
  databaseUrl: string;
  stop: () => void;
}

const checkouts = Number(option('checkouts') ?? 40);

async function main() {
  const url = pathToFileURL(path.join(__dirname, '..', 'scripts', 'postgres-cluster.mjs')).href;
  const { startPostgresCluster } = (await import(url)) as { startPostgresCluster: (s: Record<string, string>) => Promise<PostgresCluster> };
  const cluster = await startPostgresCluster({
    shared_preload_libraries: 'pg_stat_statements',
    'pg_stat_statements.track': 'all',
    'pg_stat_statements.track_utility': 'on',
    'pg_stat_statements.max': '10000',
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-count-'));
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  try {
    await client.connect();
    await client.query('create extension if not exists pg_stat_statements');
    const cart = await prepareCartBench({ dataDir, databaseUrl: cluster.databaseUrl, orderCount: 0, productCount: 20 });
    api = await startApi({
      ...process.env,
      DATABASE_URL: cluster.databaseUrl,
      DATA_DIR: dataDir,
      API_WORKERS: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: '',
      TRUST_PROXY: '127.0.0.1',
      GUEST_BASKETS_PER_CLIENT: '0',
    });
    const load = { base: api.url, shoppers: 1, skus: cart.skus, address: cart.address, durationS: 0 };
    await runCheckouts({ ...load, checkoutsEach: 5, addressPrefix: '10.40' });
    // Let the warm-up's mail go out, then count from zero.
    await new Promise((r) => setTimeout(r, 1500));
    await client.query('select pg_stat_statements_reset()');
    const figures = await runCheckouts({ ...load, checkoutsEach: checkouts, addressPrefix: '10.41' });
    await new Promise((r) => setTimeout(r, 1500));
    if (figures.requests !== checkouts) throw new Error(`only ${figures.requests} of ${checkouts} checkouts succeeded: ${figures.failures.join('; ')}`);
    const { rows } = await client.query<{ query: string; toplevel: boolean; calls: string }>(
      `select s.query, s.toplevel, s.calls from pg_stat_statements s join pg_database d on d.oid = s.dbid
       join pg_roles r on r.oid = s.userid
       where d.datname = current_database() and s.query not ilike '%pg_stat_statements%'`,
    );
    const per = (n: number) => n / checkouts;
    const top = rows.filter((r) => r.toplevel).reduce((s, r) => s + Number(r.calls), 0);
    const nested = rows.filter((r) => !r.toplevel).reduce((s, r) => s + Number(r.calls), 0);
    console.log(`${checkouts} guest checkouts (1-3 lines), PostgreSQL, one API worker:`);
    console.log(`  round trips per checkout: ${per(top).toFixed(1)}`);
    console.log(`  statements per checkout:  ${per(top + nested).toFixed(1)} (${per(nested).toFixed(1)} inside functions and triggers)`);
    console.log('  busiest (calls per checkout, top level / nested):');
    for (const r of [...rows].sort((a, b) => Number(b.calls) - Number(a.calls)).slice(0, Number(option('show') ?? 25))) {
      console.log(`    ${per(Number(r.calls)).toFixed(2).padStart(6)} ${r.toplevel ? 'top   ' : 'nested'} ${r.query.replace(/\s+/g, ' ').slice(0, 150)}`);
    }
    const file = option('json');
    if (file) fs.writeFileSync(path.resolve(file), `${JSON.stringify({ checkouts, roundTrips: per(top), statements: per(top + nested) }, null, 2)}\n`);
  } finally {
    await client.end().catch(() => undefined);
    if (api) {
      api.child.kill('SIGTERM');
      await new Promise((resolve) => api!.child.once('exit', resolve));
    }
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
