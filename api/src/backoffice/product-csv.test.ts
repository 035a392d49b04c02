import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  BACKOFFICE_MESSAGES,
  importProgressLineSchema,
  importReportSchema,
  PRODUCT_MESSAGES,
  type ImportProblem,
  type ImportReport,
} from '@shop/shared/backoffice';
import { productInfoSchema, resolvedPathSchema } from '@shop/shared/schemas';
import { nextIp } from '../customer/test-helpers';
import { queryRows } from '../db/client';
import { useSeededApp } from '../seed/testing';
import { COMMAND_LINE } from './activity';
import { CSV_MESSAGES, EXPORT_COLUMNS } from './product-csv';
import { staffPerRole, type SignedInStaff } from './test-helpers';

// The answer cache on (as in production): an applied import must drop it for the storefront to show it.
const t = useSeededApp({ catalogCacheTtlMs: 60_000 });

let owner: SignedInStaff, ordersStaff: SignedInStaff, catalogue: SignedInStaff, content: SignedInStaff;
beforeAll(async () => {
  ({ owner, orders: ordersStaff, catalogue, content } = await staffPerRole(t.app));
  await t.app.services.catalogChanges.ready();
});

const post = (url: string, who: SignedInStaff | undefined, payload: string | object, write = true) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: { ...(who ? (write ? who.write : { cookie: who.cookie }) : {}), ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}) },
    payload,
  });
const get = (url: string, who?: SignedInStaff) => t.app.inject({ method: 'GET', url, remoteAddress: nextIp(), headers: who ? { cookie: who.cookie } : {} });
const api = (url: string) => t.app.inject({ url: `/api${url}`, remoteAddress: nextIp() });

const csv = (rows: Array<Record<string, string>>) => stringify(rows, { header: true, columns: Object.keys(rows[0]!) });
const dryRun = async (file: string): Promise<ImportReport> => {
  const res = await post('/admin-api/products/import', catalogue, file);
  expect(res.statusCode).toBe(200);
  return importReportSchema.parse(res.json());
};
/** Applies through the route: the NDJSON lines (progress, then the report). */
const applyLines = async (file: string, who = catalogue) => {
  const res = await post('/admin-api/products/import?apply=1&name=prices.csv', who, file);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  return res.body
    .split('\n')
    .filter(Boolean)
    .map((line) => importProgressLineSchema.parse(JSON.parse(line)));
};
const applied = async (file: string, who = catalogue): Promise<ImportReport> => {
  const last = (await applyLines(file, who)).at(-1)!;
  if (!('report' in last)) throw new Error(`no report: ${JSON.stringify(last)}`);
  return last.report;
};
const exported = async () => {
  const res = await get('/admin-api/products/export', catalogue);
  expect(res.statusCode).toBe(200);
  return res.body;
};
const rowsOf = (text: string) => parse(text, { columns: true }) as Array<Record<string, string>>;
const activityCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from staff_activity`))[0]!.n;

interface Seeded extends Record<string, unknown> {
  id: number;
  sku: string;
  name: string;
  url_key: string;
  price_pence: number;
}
/** Enabled simple products on the storefront with stock and no special price. */
const seeded = () =>
  queryRows<Seeded>(
    t.db,
    sql`select p.id, p.sku, p.name, p.url_key, p.price_pence from products p join product_stock s on s.product_id = p.id
        where p.type_id = 'simple' and p.status = 1 and p.visibility = 4 and s.qty > 0 and s.is_in_stock and p.special_price_pence is null
          and p.special_price_waiting_pence is null
        order by p.id`,
  );
async function productInfo(id: number) {
  const res = await api(`/products/info/${id}`);
  return { status: res.statusCode, body: res.statusCode === 200 ? productInfoSchema.parse(res.json()) : null };
}
async function resolve(path: string) {
  const res = await api(`/url-rewrites/resolve?path=${encodeURIComponent(path)}`);
  return res.statusCode === 200 ? resolvedPathSchema.parse(res.json()) : null;
}

describe('roles, on every import and export route', () => {
  const routes: Array<[string, (who: SignedInStaff | undefined, write?: boolean) => ReturnType<typeof get>]> = [
    ['GET /admin-api/products/export', (who) => get('/admin-api/products/export', who)],
    ['GET /admin-api/products/categories', (who) => get('/admin-api/products/categories', who)],
    ['POST /admin-api/products/import', (who, write) => post('/admin-api/products/import', who, 'sku,qty\nNO-SUCH-SKU-XYZ,\n', write)],
  ];
  it.each(routes)('%s', async (_name, call) => {
    expect((await call(undefined)).statusCode).toBe(401);
    for (const member of [owner, catalogue]) expect((await call(member)).statusCode).toBe(200);
    for (const member of [ordersStaff, content]) {
      const res = await call(member);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BACKOFFICE_MESSAGES.noPermission);
    }
  });
  it('an import without the CSRF token is refused', async () => {
    const res = await post('/admin-api/products/import', catalogue, 'sku\nX\n', false);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(BACKOFFICE_MESSAGES.csrf);
  });
});

describe('export', () => {
  it('writes every product with the columns an import reads, and reads back as changing nothing', async () => {
    const text = await exported();
    expect(text.split('\n')[0]).toBe(EXPORT_COLUMNS.join(','));
    const rows = rowsOf(text);
    const n = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from products`))[0]!.n;
    expect(rows).toHaveLength(n);
    const [p] = await seeded();
    const row = rows.find((r) => r.sku === p!.sku)!;
    expect(row).toMatchObject({ name: p!.name, price: (p!.price_pence / 100).toFixed(2), status: '1', url_key: p!.url_key, product_type: 'simple', is_in_stock: '1' });
    // The export is a valid import that changes nothing.
    const report = await dryRun(text);
    expect(report).toMatchObject({ rows: n, created: 0, updated: 0, unchanged: n, problems: [], applied: false });
  });
});

describe('a dry run', () => {
  it('lists each row’s problems by row and column, in the form’s words, and changes nothing', async () => {
    const [a, b, c] = await seeded();
    const before = await exported();
    const logged = await activityCount();
    const blank = { name: '', price: '', special_price: '', special_price_from_date: '', special_price_to_date: '', qty: '', is_in_stock: '', status: '', url_key: '' };
    const text = csv([
      { ...blank, sku: a!.sku, price: '-1' }, // row 2
      { ...blank, sku: b!.sku, price: '12.345', qty: '-3', is_in_stock: 'maybe', status: '3' }, // row 3
      { ...blank, sku: c!.sku, price: '10.00', special_price: '11.00' }, // row 4
      { ...blank, sku: a!.sku, qty: '5' }, // row 5: again
      { ...blank, sku: 'NEW-CSV-1' }, // row 6: new, without a name or price
      { ...blank, sku: c!.sku, url_key: 'Bad Key' }, // row 7: again
      { ...blank, sku: 'NEW-CSV-2', name: 'Sump liner', price: '5', special_price: '4', special_price_from_date: '2030-02-01', special_price_to_date: '2030-01-01' }, // row 8
      { ...blank, sku: 'bad sku!', name: 'Bad one', price: '5' }, // row 9
      { ...blank, sku: b!.sku, name: 'Renamed' }, // row 10: b again
      { ...blank, sku: 'NEW-CSV-3', name: 'Valid', price: '5', url_key: 'Not Valid' }, // row 11
    ]);
    const report = await dryRun(text);
    const problems = (row: number) => report.problems.filter((p) => p.row === row).map((p) => [p.column, p.message]);
    expect(problems(2)).toEqual([['price', PRODUCT_MESSAGES.priceBelowZero]]);
    expect(problems(3)).toEqual(
      expect.arrayContaining([
        ['price', PRODUCT_MESSAGES.price],
        ['qty', PRODUCT_MESSAGES.qty],
        ['is_in_stock', PRODUCT_MESSAGES.isInStock],
        ['status', PRODUCT_MESSAGES.enabled],
      ]),
    );
    expect(problems(3)).toHaveLength(4);
    expect(problems(4)).toEqual([['special_price', PRODUCT_MESSAGES.specialAbovePrice]]);
    expect(problems(5)).toEqual([['sku', CSV_MESSAGES.repeatedSku(2)]]);
    expect(problems(6)).toEqual(
      expect.arrayContaining([
        ['name', CSV_MESSAGES.needed],
        ['price', CSV_MESSAGES.needed],
      ]),
    );
    expect(problems(7)).toEqual([['sku', CSV_MESSAGES.repeatedSku(4)]]);
    expect(problems(10)).toEqual([['sku', CSV_MESSAGES.repeatedSku(3)]]);
    expect(problems(8)).toEqual([
      ['special_price_to_date', PRODUCT_MESSAGES.specialDatesOrder],
    ]);
    expect(problems(9)).toEqual([['sku', PRODUCT_MESSAGES.sku]]);
    expect(problems(11)).toEqual([['url_key', PRODUCT_MESSAGES.urlKey]]);
    expect(report.applied).toBe(false);
    // Nothing changed, nothing logged.
    expect(await exported()).toBe(before);
    expect(await activityCount()).toBe(logged);
  });

  it('reports a URL key taken by another page, a repeated key in the file, and header problems', async () => {
    const [a, b, c] = await seeded();
    const [category] = await queryRows<{ url_path: string }>(t.db, sql`select url_path from categories where url_path not like '%/%' limit 1`);
    const taken = await dryRun(csv([{ sku: a!.sku, url_key: category!.url_path }, { sku: b!.sku, url_key: 'one-new-key-for-two' }, { sku: c!.sku, url_key: 'one-new-key-for-two' }]));
    expect(taken.problems).toEqual<ImportProblem[]>([
      { row: 2, column: 'url_key', message: PRODUCT_MESSAGES.urlKeyTaken },
      { row: 4, column: 'url_key', message: CSV_MESSAGES.repeatedUrlKey(3) },
    ]);
    const header = await dryRun(`sku,price,colour,price\n${a!.sku},1,red,2\n`);
    expect(header.problems).toEqual<ImportProblem[]>([
      { row: 1, column: 'colour', message: CSV_MESSAGES.unknownColumn('colour') },
      { row: 1, column: 'price', message: CSV_MESSAGES.repeatedColumn },
    ]);
    expect((await dryRun('name,price\nA,1\n')).problems).toEqual([{ row: 1, column: 'sku', message: CSV_MESSAGES.noSku }]);
    expect((await dryRun(`sku,qty\n${a!.sku},1,2\n`)).problems).toEqual([{ row: 2, column: '', message: CSV_MESSAGES.width(3, 2) }]);
    const broken = await dryRun(`sku,name\n${a!.sku},"unclosed\n`);
    expect(broken.problems[0]!.message).toMatch(/^This file cannot be read as CSV/);
    expect((await dryRun('sku,qty\n')).problems).toEqual([{ row: 2, column: '', message: CSV_MESSAGES.noRows }]);
  });
});

describe('applying', () => {
  it('a file with a problem applies nothing, not even its good rows', async () => {
    const [a, b] = await seeded();
    const before = await exported();
    const report = await applied(csv([{ sku: a!.sku, price: '99.99' }, { sku: b!.sku, price: '-1' }]));
    expect(report.applied).toBe(false);
    expect(report.problems).toEqual([{ row: 3, column: 'price', message: PRODUCT_MESSAGES.priceBelowZero }]);
    expect(await exported()).toBe(before);
  });

  it('all or nothing: a failure after the first rows are written rolls the whole file back', async () => {
    const [a, b] = await seeded();
    const before = await exported();
    const logged = await activityCount();
    // A fault the checks cannot see: the database refuses the second product's update.
    await t.db.execute(sql.raw(`create function csv_test_refuse() returns trigger language plpgsql as $$ begin
      if new.sku = '${b!.sku}' then raise exception 'refused for the test'; end if; return new; end $$`));
    await t.db.execute(sql.raw(`create trigger csv_test_refuse before update on products for each row execute function csv_test_refuse()`));
    try {
      const lines = await applyLines(csv([{ sku: 'NEW-ROLLBACK-1', name: 'Rolled back', price: '3.00' }, { sku: a!.sku, price: '77.77' }, { sku: b!.sku, price: '88.88' }]));
      expect(lines.at(-1)).toEqual({ error: expect.stringMatching(/nothing was changed/) });
    } finally {
      await t.db.execute(sql.raw('drop trigger csv_test_refuse on products'));
      await t.db.execute(sql.raw('drop function csv_test_refuse()'));
    }
    expect(await exported()).toBe(before);
    expect(await activityCount()).toBe(logged);
    expect(await queryRows(t.db, sql`select 1 from products where sku = 'NEW-ROLLBACK-1'`)).toHaveLength(0);
  });

  it('changes and makes products in one transaction, live on the storefront at once, logged, with one notification', async () => {
    const [a, b, c] = await seeded();
    // The storefront's answers are cached in this process.
    expect((await productInfo(a!.id)).body!.price).toBe(a!.price_pence / 100);
    const heard: unknown[] = [];
    const stop = t.app.services.catalogChanges.subscribe((change) => heard.push(change));
    const logged = await activityCount();
    const file = csv([
      { sku: a!.sku, price: '123.45', special_price: '', special_price_from_date: '', special_price_to_date: '', qty: '7', is_in_stock: '1', status: '', url_key: '', name: '' },
      { sku: b!.sku, price: '', special_price: '', special_price_from_date: '', special_price_to_date: '', qty: '', is_in_stock: '', status: '2', url_key: '', name: '' },
      { sku: c!.sku, price: '', special_price: '1.00', special_price_from_date: '2099-01-01', special_price_to_date: '', qty: '', is_in_stock: '', status: '', url_key: `${c!.url_key}-moved`, name: '' },
      { sku: 'NEW-CSV-APPLIED', price: '4.50', special_price: '', special_price_from_date: '', special_price_to_date: '', qty: '12', is_in_stock: '1', status: '1', url_key: '', name: 'Imported membrane tape' },
    ]);
    expect(await dryRun(file)).toMatchObject({ rows: 4, created: 1, updated: 3, unchanged: 0, problems: [] });
    const lines = await applyLines(file);
    expect(lines[0]).toEqual({ progress: { done: 0, total: 4 } });
    expect(lines).toContainEqual({ progress: { done: 4, total: 4 } });
    expect(lines.at(-1)).toEqual({ report: { rows: 4, created: 1, updated: 3, unchanged: 0, problems: [], moreProblems: 0, applied: true } });

    // The storefront, at once (the answer cache was dropped).
    const info = await productInfo(a!.id);
    expect(info.body!.price).toBe(123.45);
    expect(info.body!.stock.qty).toBe(7);
    expect((await productInfo(b!.id)).status).toBe(404);
    // A special price waiting for its dates does not apply yet.
    expect((await productInfo(c!.id)).body!.attrs.special_price).toBeNull();
    expect(await resolve(`/${c!.url_key}`)).toMatchObject({ type: 'redirect', status: 301, target: `/${c!.url_key}-moved` });
    const made = await resolve('/imported-membrane-tape');
    expect(made).toMatchObject({ type: 'product' });
    const newId = (await queryRows<{ id: number }>(t.db, sql`select id from products where sku = 'NEW-CSV-APPLIED'`))[0]!.id;
    expect((await productInfo(newId)).body).toMatchObject({ name: 'Imported membrane tape', price: 4.5 });

    // Logged: a row per product and one for the file.
    const rows = await queryRows<{ action: string; target_id: string; staff_email: string; before: { price_pence?: number } | null; after: Record<string, unknown> }>(
      t.db,
      sql`select action, target_id, staff_email, before, after from staff_activity order by id desc limit 5`,
    );
    expect(await activityCount()).toBe(logged + 5);
    expect(rows[0]).toMatchObject({ action: 'catalog.import', target_id: 'prices.csv', staff_email: catalogue.email, after: { rows: 4, created: 1, updated: 3 } });
    const forA = rows.find((r) => r.target_id === String(a!.id))!;
    expect(forA).toMatchObject({ action: 'product.import', before: { price_pence: a!.price_pence }, after: { sku: a!.sku, price_pence: 12345, qty: 7 } });
    expect(rows.find((r) => r.target_id === String(newId))).toMatchObject({ action: 'product.import', before: null, after: { sku: 'NEW-CSV-APPLIED' } });

    // One notification for the batch: this process's own at commit, and the NOTIFY it also hears.
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(heard.length).toBeGreaterThanOrEqual(1);
    expect(heard.length).toBeLessThanOrEqual(2);
    for (const change of heard) expect(change).toEqual({ productIds: expect.arrayContaining([a!.id, b!.id, c!.id, newId]) });

    // The same file again changes nothing.
    expect(await dryRun(file)).toMatchObject({ created: 0, updated: 0, unchanged: 4, problems: [] });
  });

  it('empties optional values with __EMPTY__VALUE__ and refuses to empty the others', async () => {
    const [, , , d] = await seeded();
    await t.app.services.backoffice.productCsv.importCsv(csv([{ sku: d!.sku, special_price: '1.00', meta_title: 'A title' }]), COMMAND_LINE, { apply: true });
    let row = rowsOf(await exported()).find((r) => r.sku === d!.sku)!;
    expect(row).toMatchObject({ special_price: '1.00', meta_title: 'A title' });
    const report = await t.app.services.backoffice.productCsv.importCsv(csv([{ sku: d!.sku, special_price: '__EMPTY__VALUE__', meta_title: '__EMPTY__VALUE__' }]), COMMAND_LINE, { apply: true });
    expect(report).toMatchObject({ applied: true, updated: 1 });
    row = rowsOf(await exported()).find((r) => r.sku === d!.sku)!;
    expect(row).toMatchObject({ special_price: '', meta_title: '' });
    expect((await dryRun(csv([{ sku: d!.sku, price: '__EMPTY__VALUE__' }]))).problems).toEqual([{ row: 2, column: 'price', message: CSV_MESSAGES.cannotEmpty }]);
  });
});

describe('spreadsheet formulas (OWASP CSV injection)', () => {
  it('an exported text cell starting with = + - @ tab or CR gets an apostrophe, numbers stay numbers, and the file reads back unchanged', async () => {
    const [, , , , e] = await seeded();
    const names: Record<string, string> = {
      '=HYPERLINK("http://evil.example","x")': `'=HYPERLINK("http://evil.example","x")`,
      '+44 tape': `'+44 tape`,
      '-cmd|calc': `'-cmd|calc`,
      '@SUM(A1)': `'@SUM(A1)`,
      "'=Already quoted": `''=Already quoted`,
      "O'Brien's tape": "O'Brien's tape",
    };
    for (const [name, cell] of Object.entries(names)) {
      await t.db.execute(sql`update products set name = ${name}, attrs = attrs || ${JSON.stringify({ meta_title: name })}::jsonb where id = ${e!.id}`);
      const text = await exported();
      const row = rowsOf(text).find((r) => r.sku === e!.sku)!;
      expect(row.name).toBe(cell);
      expect(row.meta_title).toBe(cell);
      // Prices and quantities are plain numbers, never quoted as text.
      expect(row.price).toMatch(/^\d+\.\d\d$/);
      expect(row.qty).toMatch(/^\d+$/);
      // The exported file imports as changing nothing: the apostrophe is taken off again.
      const report = await dryRun(text);
      expect({ name, problems: report.problems, updated: report.updated }).toEqual({ name, problems: [], updated: 0 });
    }
    // A tab or carriage return first is guarded too (the form trims them, so only a database edit makes such a name).
    for (const start of ['\t', '\r']) {
      await t.db.execute(sql`update products set name = ${`${start}=cmd`} where id = ${e!.id}`);
      expect(rowsOf(await exported()).find((r) => r.sku === e!.sku)!.name).toBe(`'${start}=cmd`);
    }
    // An import whose cell a person typed with the apostrophe (as a spreadsheet saves it) reads the value.
    await applied(csv([{ sku: e!.sku, name: "'=1+1" }]));
    expect((await queryRows<{ name: string }>(t.db, sql`select name from products where id = ${e!.id}`))[0]!.name).toBe('=1+1');
  });
});
