import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_MESSAGES } from '@shop/shared/backoffice';
import { spawnApi, stopApi, waitHealthy, type ApiProcess } from '../reliability/support';
import { openTestDb, type TestDb } from '../test/db';
import { cliFileOf } from './cli-routes';
import { parseCatalogArgs, printReport } from './cli-catalog';

/**
 * `npm run catalog` against a running shop, with the settings `npm start` gives it: on PGlite it
 * asks the running API (the folder is the API's), on PostgreSQL it works on the database and the
 * API hears of the change by its notification. The API's answer cache is on (60 s), so a new price
 * answered within 2 s was told, not expired.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const apiRoot = path.resolve(__dirname, '../..');

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/backoffice/cli-catalog.ts', ...args], { cwd: apiRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('the command line (parsing)', () => {
  it('reads import, --apply and export, files from where npm was run', () => {
    expect(parseCatalogArgs(['import', 'a.csv'], '/tmp/x')).toEqual({ name: 'import', file: '/tmp/x/a.csv', apply: false });
    expect(parseCatalogArgs(['import', 'a.csv', '--apply'], '/tmp/x')).toEqual({ name: 'import', file: '/tmp/x/a.csv', apply: true });
    expect(parseCatalogArgs(['export', '/data/out.csv'], '/tmp/x')).toEqual({ name: 'export', file: '/data/out.csv' });
    expect(() => parseCatalogArgs(['import'])).toThrow(/Usage/);
    expect(() => parseCatalogArgs(['import', 'a.csv', '--force'])).toThrow(/Unknown option --force/);
    expect(() => parseCatalogArgs(['export', 'a.csv', '--apply'])).toThrow(/--apply is for import/);
    expect(() => parseCatalogArgs(['delete', 'a.csv'])).toThrow(/Usage/);
  });

  it('prints each problem by row and column and says nothing was changed', () => {
    const lines: string[] = [];
    const code = printReport(
      { rows: 3, created: 0, updated: 1, unchanged: 1, problems: [{ row: 3, column: 'price', message: PRODUCT_MESSAGES.priceBelowZero }], moreProblems: 0, applied: false },
      true,
      (l) => lines.push(l),
    );
    expect(code).toBe(1);
    expect(lines).toEqual([`row 3, price: ${PRODUCT_MESSAGES.priceBelowZero}`, '3 rows: 0 new, 1 changed, 1 unchanged; 1 problem. Nothing was changed.']);
  });
});

describe(`npm run catalog while the shop runs (${onPostgres ? 'PostgreSQL: on the database' : 'PGlite: through the running API'})`, () => {
  let dir: string;
  let testDb: TestDb | undefined;
  let api: ApiProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-cli-'));
    if (onPostgres) {
      testDb = await openTestDb();
      const url = (testDb.db.$client as { options: { connectionString: string } }).options.connectionString;
      env = { DATABASE_URL: url, DATA_DIR: dir };
    } else {
      env = { DATABASE_URL: '', DATA_DIR: dir };
    }
    api = await spawnApi({ ...env, CATALOG_CACHE_TTL_MS: '60000' });
    await waitHealthy(api, 90_000);
    if (!onPostgres) {
      const deadline = Date.now() + 10_000;
      while (!fs.existsSync(cliFileOf(dir)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    }
  }, 120_000);
  afterAll(async () => {
    if (api) await stopApi(api);
    await testDb?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const price = async (id: number) => ((await (await fetch(`${api.url}/api/products/info/${id}`)).json()) as { price: number }).price;

  it('a dry run lists problems and changes nothing; --apply applies; the API answers the new price within 2 s; export writes it', async () => {
    const bad = write('bad.csv', 'sku,name,price,qty\nCLI-1,CLI membrane,-1,5\nCLI-2,,4.00,1\n');
    const dry = await runCli(['import', bad], env);
    expect(dry.code).toBe(1);
    expect(dry.out).toContain(`row 2, price: ${PRODUCT_MESSAGES.priceBelowZero}`);
    expect(dry.out).toContain('row 3, name: A new product needs this value.');
    expect(dry.out).toContain('Nothing was changed.');
    // Applying a file with problems changes nothing either.
    expect((await runCli(['import', bad, '--apply'], env)).code).toBe(1);
    expect((await fetch(`${api.url}/api/url-rewrites/resolve?path=/cli-membrane`)).status).toBe(404);

    const good = write('good.csv', 'sku,name,price,qty,is_in_stock,url_key\nCLI-1,CLI membrane,12.00,5,1,cli-membrane\n');
    const check = await runCli(['import', good], env);
    expect(check.code).toBe(0);
    expect(check.out).toContain('1 row: 1 new, 0 changed, 0 unchanged. No problems. Nothing was changed yet');
    expect((await fetch(`${api.url}/api/url-rewrites/resolve?path=/cli-membrane`)).status).toBe(404);
    const made = await runCli(['import', good, '--apply'], env);
    expect(made.out).toContain('Applied. 1 row: 1 new');
    expect(made.code).toBe(0);
    const resolved = (await (await fetch(`${api.url}/api/url-rewrites/resolve?path=/cli-membrane`)).json()) as { type: string; id: number };
    expect(resolved.type).toBe('product');
    expect(await price(resolved.id)).toBe(12); // now cached by the API for 60 s

    const change = write('change.csv', 'sku,price\nCLI-1,13.50\n');
    expect((await runCli(['import', change, '--apply'], env)).code).toBe(0);
    const applied = Date.now();
    while ((await price(resolved.id)) !== 13.5) {
      expect(Date.now() - applied).toBeLessThan(2000);
      await new Promise((r) => setTimeout(r, 50));
    }

    const out = path.join(dir, 'export.csv');
    const exported = await runCli(['export', out], env);
    expect(exported.code).toBe(0);
    const text = fs.readFileSync(out, 'utf8');
    expect(text.split('\n')[0]).toBe('sku,name,price,special_price,special_price_from_date,special_price_to_date,qty,is_in_stock,status,url_key,meta_title,meta_description,product_type');
    expect(text).toContain('CLI-1,CLI membrane,13.50,,,,5,1,1,cli-membrane,,,simple');
  }, 120_000);
});
