/**
 * The catalogue CSV import at size: `npm run catalog` run as staff run it, against a running API,
 * printing how long each step takes (a figure, not a timed test).
 *
 *   npm run catalog-import -w bench                                   # PGlite in data/bench-catalog (made afresh)
 *   npm run catalog-import -w bench -- --database-url postgres://...  # PostgreSQL (API_WORKERS as npm start: one per core)
 *
 * Options: --rows 10000, --data-dir DIR. Writes BENCH-CSV-* products: on PostgreSQL use a
 * throwaway database (`node scripts/with-postgres.mjs npm run catalog-import -w bench`, which sets DATABASE_URL).
 *
 * Steps, each the real command line (`node --import tsx api/src/backoffice/cli-catalog.ts`, the
 * same as `npm run catalog --`), its wall time including Node's start:
 *   1. dry run of a file making `rows` new simple products; 2. that file applied;
 *   3. dry run of a file changing every one of them (price, special price with dates, stock,
 *      status, SEO title); 4. that file applied; 5. export of every product;
 * then how long after the apply returned the API answers a changed price (its answer cache is on,
 * so only the change notification makes it drop the old one).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { option, repoRoot, startApi } from './lib';

const rows = Number(option('rows') ?? 10_000);
const databaseUrl = option('database-url') ?? (process.env.DATABASE_URL || undefined);
const dataDir = path.resolve(repoRoot, option('data-dir') ?? 'data/bench-catalog');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-'));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  STRIPE_SECRET_KEY: '',
  CATALOG_CACHE_TTL_MS: '60000',
  DATABASE_URL: databaseUrl ?? '',
};

function cli(args: string[]): Promise<{ ms: number; out: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/backoffice/cli-catalog.ts', ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`npm run catalog -- ${args.join(' ')} exited ${code}:\n${out}`));
      else resolve({ ms, out });
    });
  });
}

const sku = (i: number) => `BENCH-CSV-${String(i).padStart(6, '0')}`;
function file(name: string, lines: string[]): string {
  const at = path.join(work, name);
  fs.writeFileSync(at, `${lines.join('\n')}\n`);
  return at;
}

async function main() {
  if (!databaseUrl) fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`Catalogue import: ${rows} rows on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.availableParallelism()} cores, Node ${process.version}`);
  const { url, child } = await startApi(env);
  try {
    const create = file('create.csv', [
      'sku,name,price,qty,is_in_stock,status,url_key,meta_title',
      ...Array.from({ length: rows }, (_, i) => `${sku(i)},Bench membrane ${i},${(10 + (i % 500) / 10).toFixed(2)},${i % 50},1,1,bench-membrane-${i},"Bench membrane ${i}, 20 m²"`),
    ]);
    const update = file('update.csv', [
      'sku,price,special_price,special_price_from_date,special_price_to_date,qty,is_in_stock,status,meta_title',
      ...Array.from({ length: rows }, (_, i) => `${sku(i)},${(20 + (i % 500) / 10).toFixed(2)},${(15 + (i % 500) / 20).toFixed(2)},2026-01-01,2099-12-31,${100 + (i % 7)},1,${i % 10 === 0 ? 2 : 1},Bench ${i} (updated)`),
    ]);

    const figures: Array<[string, number, string]> = [];
    const step = async (title: string, args: string[]) => {
      const { ms, out } = await cli(args);
      figures.push([title, ms, out.trim().split('\n').at(-1) ?? '']);
      console.log(`${title.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(6)} s   ${out.trim().split('\n').at(-1)}`);
    };
    await step(`dry run, ${rows} new products`, ['import', create]);
    await step(`apply, ${rows} new products`, ['import', create, '--apply']);
    await step(`dry run, ${rows} changed`, ['import', update]);

    // The API's cached answer for one product, before the change.
    const resolved = (await (await fetch(`${url}/api/url-rewrites/resolve?path=/bench-membrane-1`)).json()) as { id?: number };
    const id = resolved.id;
    if (id) await fetch(`${url}/api/products/info/${id}`);

    await step(`apply, ${rows} changed`, ['import', update, '--apply']);
    const applied = performance.now();
    let seenMs: number | null = null;
    while (id && performance.now() - applied < 10_000) {
      const info = (await (await fetch(`${url}/api/products/info/${id}`)).json()) as { price?: number };
      if (info.price === 20.1) {
        seenMs = performance.now() - applied;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    console.log(`${'the new price answered by the API'.padEnd(34)} ${seenMs === null ? 'not within 10 s' : `${Math.round(seenMs)} ms after the apply returned`}`);
    await step('export, every product', ['export', path.join(work, 'export.csv')]);
    const exportedRows = fs.readFileSync(path.join(work, 'export.csv'), 'utf8').split('\n').filter(Boolean).length - 1;
    console.log(`${'exported rows'.padEnd(34)} ${exportedRows}`);
    const slow = figures.filter(([title, ms]) => title.startsWith('apply') && ms > 30_000);
    if (slow.length > 0) console.log(`Over 30 s: ${slow.map(([t]) => t).join(', ')}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
