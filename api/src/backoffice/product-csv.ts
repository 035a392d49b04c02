import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  PRODUCT_MESSAGES,
  productCreateRequestSchema,
  productRowSchema,
  type ImportProblem,
  type ImportReport,
  type ProductRow,
} from '@shop/shared/backoffice';
import type { CatalogChanges } from '../catalog/changes';
import { products, productStock, urlRewrites } from '../catalog/schema';
import type { Db, DbExecutor, Tx } from '../db/client';
import { HttpError } from '../http-errors';
import type { ActivityLog, Actor } from './activity';
import { inEffect, moveProductUrl, takenError } from './products';
import { staffActivity } from './schema';

/**
 * Products and stock as CSV, with Magento's column names: `npm run catalog -- import|export`
 * (cli-catalog.ts) and the back office's Import and Export (routes.ts) both come here.
 *
 * A row names a product by `sku`; an unknown SKU makes a new simple product (it needs a name and a
 * price). A column left out, or a cell left empty, keeps what the product has (Magento's rule);
 * `__EMPTY__VALUE__` empties an optional value (the special price and its dates, the SEO words).
 * Each row, merged onto the product as it is, must pass the product form's own schema
 * (`productRowSchema`, `productCreateRequestSchema`), so the rules and their words are the
 * form's. A file with any problem changes nothing; one without is applied in one transaction, in
 * chunks (progress is told after each), with an activity-log row per product changed and one for
 * the file, and one catalogue-change notification for the whole batch.
 */

/** The columns an import reads, in the order an export writes them (then `product_type`). */
export const CSV_COLUMNS = [
  'sku',
  'name',
  'price',
  'special_price',
  'special_price_from_date',
  'special_price_to_date',
  'qty',
  'is_in_stock',
  'status',
  'url_key',
  'meta_title',
  'meta_description',
] as const;
/** Exported for reading; an import accepts it when it matches (only simple products are made). */
const TYPE_COLUMN = 'product_type';
export const EXPORT_COLUMNS = [...CSV_COLUMNS, TYPE_COLUMN] as const;
type Column = (typeof CSV_COLUMNS)[number];

/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a text cell an export writes that starts
 * with =, +, -, @, a tab or a carriage return gets a leading apostrophe, so a spreadsheet shows it
 * as text instead of running it. A cell that already starts with an apostrophe and then one of
 * those gets one more, so an import, which takes one such apostrophe off, reads every exported
 * value back unchanged. Number and date columns are the shop's own digits and stay as they are.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
export const guardCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
export const unguardCell = (value: string) => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);
/** The columns whose cells are free text (the ones an export guards). */
const TEXT_COLUMNS = new Set<string>(['sku', 'name', 'url_key', 'meta_title', 'meta_description']);

/** Magento's "empty attribute value constant": the cell empties the value. */
export const EMPTY_VALUE = '__EMPTY__VALUE__';
/** A dry run lists this many problems; the rest are counted. */
const MAX_LISTED = 1000;
/** Rows written per statement while applying (progress is told after each chunk). */
const CHUNK = 1000;

/** The form's field each column fills (the schema names the field of a problem). */
const FIELD_COLUMN: Record<string, Column> = {
  sku: 'sku',
  name: 'name',
  pricePence: 'price',
  specialPricePence: 'special_price',
  specialFrom: 'special_price_from_date',
  specialTo: 'special_price_to_date',
  qty: 'qty',
  isInStock: 'is_in_stock',
  enabled: 'status',
  urlKey: 'url_key',
  metaTitle: 'meta_title',
  metaDescription: 'meta_description',
};

export const CSV_MESSAGES = {
  notCsv: 'This file cannot be read as CSV',
  noRows: 'The file has no product rows.',
  noSku: 'The file needs a sku column.',
  skuEmpty: 'Enter the SKU of the product this row is for.',
  unknownColumn: (name: string) => `Unknown column "${name}". The columns are: ${EXPORT_COLUMNS.join(', ')}.`,
  repeatedColumn: 'This column is in the header twice.',
  width: (got: number, want: number) => `This row has ${got} values; the header has ${want}.`,
  repeatedSku: (row: number) => `This SKU is also in row ${row}: give each product one row.`,
  repeatedUrlKey: (row: number) => `This URL key is also in row ${row}.`,
  needed: 'A new product needs this value.',
  cannotEmpty: 'This value cannot be emptied.',
  type: 'The product type cannot be changed by an import, and only simple products can be made by one.',
} as const;

type Editable = ProductRow;
interface Current extends Editable {
  id: number;
  sku: string;
  typeId: string;
}
/** A row that passed: what it changes, from what. */
interface Planned {
  row: number;
  sku: string;
  id: number | null;
  before: Editable | null;
  after: Editable;
}

const pence = (value: string): number | string => (/^-?\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : value);
const whole = (value: string): number | string => (/^-?\d+(\.0+)?$/.test(value) ? Number(value) : value);
const flag = (value: string, yes: string[], no: string[]): boolean | string => {
  const v = value.toLowerCase();
  return yes.includes(v) ? true : no.includes(v) ? false : value;
};

/** A cell's value for the form's field (a value the schema will refuse with the form's words is passed on as it is). */
function cellValue(column: Column, raw: string): { field: keyof Editable | 'sku'; value: unknown } | { problem: string } {
  const emptied = raw === EMPTY_VALUE;
  switch (column) {
    case 'sku':
      return { field: 'sku', value: raw };
    case 'name':
      return { field: 'name', value: emptied ? '' : raw };
    case 'price':
      return emptied ? { problem: CSV_MESSAGES.cannotEmpty } : { field: 'pricePence', value: pence(raw) };
    case 'special_price':
      return { field: 'specialPricePence', value: emptied ? null : pence(raw) };
    case 'special_price_from_date':
      return { field: 'specialFrom', value: emptied ? null : raw };
    case 'special_price_to_date':
      return { field: 'specialTo', value: emptied ? null : raw };
    case 'qty':
      return emptied ? { problem: CSV_MESSAGES.cannotEmpty } : { field: 'qty', value: whole(raw) };
    case 'is_in_stock':
      return emptied ? { problem: CSV_MESSAGES.cannotEmpty } : { field: 'isInStock', value: flag(raw, ['1', 'yes', 'true'], ['0', 'no', 'false']) };
    case 'status':
      return emptied ? { problem: CSV_MESSAGES.cannotEmpty } : { field: 'enabled', value: flag(raw, ['1', 'enabled'], ['2', 'disabled']) };
    case 'url_key':
      return emptied ? { problem: CSV_MESSAGES.cannotEmpty } : { field: 'urlKey', value: raw };
    case 'meta_title':
      return { field: 'metaTitle', value: emptied ? '' : raw };
    case 'meta_description':
      return { field: 'metaDescription', value: emptied ? '' : raw };
  }
}

/** 'Hydrovault Fixing Plugs' → 'hydrovault-fixing-plugs': a new product's URL key when the row gives none. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');

interface ParsedFile {
  header: string[];
  /** Each product row: its row number (1 is the header) and its cells by column. */
  rows: Array<{ row: number; cells: Map<Column | typeof TYPE_COLUMN, string> }>;
  problems: ImportProblem[];
}

/** Reads the file (csv-parse): the header's problems and each row's cells. */
export function readCsv(text: string): ParsedFile {
  const problems: ImportProblem[] = [];
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, trim: true, skip_records_with_empty_values: false }) as string[][];
  } catch (error) {
    const e = error as { message?: string; lines?: number };
    return { header: [], rows: [], problems: [{ row: e.lines ?? 1, column: '', message: `${CSV_MESSAGES.notCsv}: ${e.message ?? String(error)}` }] };
  }
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const known = new Set<string>(EXPORT_COLUMNS);
  const seen = new Set<string>();
  header.forEach((name) => {
    if (!known.has(name)) problems.push({ row: 1, column: name, message: CSV_MESSAGES.unknownColumn(name) });
    else if (seen.has(name)) problems.push({ row: 1, column: name, message: CSV_MESSAGES.repeatedColumn });
    seen.add(name);
  });
  if (!header.includes('sku')) {
    // Without it no row names its product: the rows are not read.
    problems.push({ row: 1, column: 'sku', message: CSV_MESSAGES.noSku });
    return { header, rows: [], problems };
  }
  const rows: ParsedFile['rows'] = [];
  records.slice(1).forEach((record, i) => {
    const row = i + 2;
    if (record.every((cell) => cell === '')) return; // an empty line
    if (record.length !== header.length) {
      problems.push({ row, column: '', message: CSV_MESSAGES.width(record.length, header.length) });
      return;
    }
    const cells = new Map<Column | typeof TYPE_COLUMN, string>();
    header.forEach((name, j) => {
      if (known.has(name)) cells.set(name as Column, TEXT_COLUMNS.has(name) ? unguardCell(record[j]!) : record[j]!);
    });
    rows.push({ row, cells });
  });
  if (rows.length === 0 && problems.length === 0) problems.push({ row: 2, column: '', message: CSV_MESSAGES.noRows });
  return { header, rows, problems };
}

/** The products a file names, as the form edits them, by SKU. */
async function currentBySku(executor: DbExecutor, skus: string[]): Promise<Map<string, Current>> {
  const found = new Map<string, Current>();
  for (let i = 0; i < skus.length; i += 5000) {
    const rows = await executor
      .select({
        id: products.id,
        sku: products.sku,
        typeId: products.typeId,
        name: products.name,
        pricePence: products.pricePence,
        special: sql<number | null>`coalesce(${products.specialPricePence}, ${products.specialPriceWaitingPence})`,
        specialFrom: products.specialFromDate,
        specialTo: products.specialToDate,
        qty: sql<number>`coalesce(${productStock.qty}, 0)`,
        isInStock: sql<boolean>`coalesce(${productStock.isInStock}, false)`,
        status: products.status,
        urlKey: products.urlKey,
        metaTitle: sql<string | null>`${products.attrs}->>'meta_title'`,
        metaDescription: sql<string | null>`${products.attrs}->>'meta_description'`,
      })
      .from(products)
      .leftJoin(productStock, eq(productStock.productId, products.id))
      .where(inArray(products.sku, skus.slice(i, i + 5000)));
    for (const r of rows) {
      found.set(r.sku, {
        id: r.id,
        sku: r.sku,
        typeId: r.typeId,
        name: r.name,
        pricePence: r.pricePence,
        specialPricePence: r.special === null ? null : Number(r.special),
        specialFrom: r.specialFrom,
        specialTo: r.specialTo,
        qty: Number(r.qty),
        isInStock: Boolean(r.isInStock),
        enabled: r.status === 1,
        urlKey: r.urlKey,
        metaTitle: r.metaTitle ?? '',
        metaDescription: r.metaDescription ?? '',
      });
    }
  }
  return found;
}

const same = (a: Editable, b: Editable) => (Object.keys(a) as Array<keyof Editable>).every((k) => a[k] === b[k]);

/**
 * Checks every row against the products as they are now (in `executor`'s view): the form's schema,
 * SKUs and URL keys unique in the file and in the shop. Answers the plan and the problems.
 */
async function plan(executor: DbExecutor, file: ParsedFile): Promise<{ planned: Planned[]; problems: ImportProblem[] }> {
  const problems = [...file.problems];
  const skus = file.rows.map((r) => r.cells.get('sku') ?? '').filter((s) => s !== '');
  const current = await currentBySku(executor, [...new Set(skus)]);
  const firstRowOfSku = new Map<string, number>();
  const candidates: Planned[] = [];

  for (const { row, cells } of file.rows) {
    const rowProblems: ImportProblem[] = [];
    const sku = cells.get('sku') ?? '';
    if (sku === '') {
      problems.push({ row, column: 'sku', message: CSV_MESSAGES.skuEmpty });
      continue;
    }
    const earlier = firstRowOfSku.get(sku);
    if (earlier !== undefined) {
      problems.push({ row, column: 'sku', message: CSV_MESSAGES.repeatedSku(earlier) });
      continue;
    }
    firstRowOfSku.set(sku, row);
    const existing = current.get(sku) ?? null;
    const type = cells.get(TYPE_COLUMN);
    if (type && type !== (existing?.typeId ?? 'simple')) rowProblems.push({ row, column: TYPE_COLUMN, message: CSV_MESSAGES.type });

    const given: Record<string, unknown> = {};
    for (const column of CSV_COLUMNS) {
      const raw = cells.get(column);
      if (raw === undefined || raw === '') continue; // left as it is
      const value = cellValue(column, raw);
      if ('problem' in value) rowProblems.push({ row, column, message: value.problem });
      else given[value.field] = value.value;
    }
    let schema: z.ZodType<Editable> = productRowSchema;
    let base: Record<string, unknown>;
    if (existing) {
      const { id: _id, sku: _sku, typeId: _type, ...fields } = existing;
      base = fields;
      delete given.sku;
    } else {
      for (const column of ['name', 'price'] as const) {
        if (!cells.get(column)) rowProblems.push({ row, column, message: CSV_MESSAGES.needed });
      }
      const name = typeof given.name === 'string' ? given.name : '';
      base = { name, specialPricePence: null, specialFrom: null, specialTo: null, qty: 0, isInStock: true, enabled: true, urlKey: slug(name), metaTitle: '', metaDescription: '' };
      schema = productCreateRequestSchema;
    }
    const parsed = schema.safeParse({ ...base, ...given });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = FIELD_COLUMN[String(issue.path[0])] ?? String(issue.path[0] ?? '');
        if (!rowProblems.some((p) => p.column === column)) rowProblems.push({ row, column, message: issue.message });
      }
    }
    if (rowProblems.length > 0 || !parsed.success) {
      problems.push(...rowProblems);
      continue;
    }
    const { sku: _s, ...after } = parsed.data as Editable & { sku?: string };
    const before = existing ? (({ id: _i, sku: _k, typeId: _t, ...fields }) => fields)(existing) : null;
    candidates.push({ row, sku, id: existing?.id ?? null, before, after });
  }

  // URL keys: one page per address. A key a row moves to must be free in the shop (no product's
  // key, no address of another page, no old address but the product's own) and in the file (no
  // other row's new key, nor an address another row leaves, which becomes that product's 301).
  const moving = candidates.filter((c) => c.before === null || c.before.urlKey !== c.after.urlKey);
  const claimedBy = new Map<string, number>();
  for (const c of candidates) if (c.before && c.before.urlKey !== c.after.urlKey) claimedBy.set(c.before.urlKey, c.row);
  const keys = [...new Set(moving.map((c) => c.after.urlKey))];
  const productKeys = new Map<string, number>();
  const rewrites = new Map<string, { entityType: string; entityId: number; redirectType: number }>();
  for (let i = 0; i < keys.length; i += 5000) {
    const chunk = keys.slice(i, i + 5000);
    for (const r of await executor.select({ id: products.id, urlKey: products.urlKey }).from(products).where(inArray(products.urlKey, chunk))) productKeys.set(r.urlKey, r.id);
    for (const r of await executor
      .select({ path: urlRewrites.requestPath, entityType: urlRewrites.entityType, entityId: urlRewrites.entityId, redirectType: urlRewrites.redirectType })
      .from(urlRewrites)
      .where(inArray(urlRewrites.requestPath, chunk))) {
      rewrites.set(r.path, r);
    }
  }
  const planned: Planned[] = [];
  const rejected = new Set<number>();
  for (const c of moving) {
    const key = c.after.urlKey;
    const holder = productKeys.get(key);
    const rewrite = rewrites.get(key);
    const ownOld = rewrite && rewrite.entityType === 'product' && rewrite.entityId === c.id && rewrite.redirectType === 301;
    const otherRow = claimedBy.get(key);
    if ((holder !== undefined && holder !== c.id) || (rewrite && !ownOld)) {
      problems.push({ row: c.row, column: 'url_key', message: PRODUCT_MESSAGES.urlKeyTaken });
      rejected.add(c.row);
    } else if (otherRow !== undefined && otherRow !== c.row) {
      problems.push({ row: c.row, column: 'url_key', message: CSV_MESSAGES.repeatedUrlKey(otherRow) });
      rejected.add(c.row);
    } else {
      claimedBy.set(key, c.row);
    }
  }
  for (const c of candidates) if (!rejected.has(c.row)) planned.push(c);
  problems.sort((a, b) => a.row - b.row);
  return { planned, problems };
}

const report = (rows: number, planned: Planned[], problems: ImportProblem[], applied: boolean): ImportReport => ({
  rows,
  created: planned.filter((p) => p.before === null).length,
  updated: planned.filter((p) => p.before !== null && !same(p.before, p.after)).length,
  unchanged: planned.filter((p) => p.before !== null && same(p.before, p.after)).length,
  problems: problems.slice(0, MAX_LISTED),
  moreProblems: Math.max(0, problems.length - MAX_LISTED),
  applied,
});

/** The form's fields as the activity log keeps them (the names `product.save` uses). */
const logged = (p: Editable) => ({
  name: p.name,
  price_pence: p.pricePence,
  special_price_pence: p.specialPricePence,
  special_from: p.specialFrom,
  special_to: p.specialTo,
  qty: p.qty,
  is_in_stock: p.isInStock,
  enabled: p.enabled,
  url_key: p.urlKey,
  meta_title: p.metaTitle || null,
  meta_description: p.metaDescription || null,
});

/** Writes the planned rows: new products, then the changed ones, a statement per chunk each. */
async function write(tx: Tx, planned: Planned[], actor: Actor, onChunk: (rows: number) => void): Promise<number[]> {
  const ids: number[] = [];
  const fresh = planned.filter((p) => p.before === null);
  const changed = planned.filter((p) => p.before !== null && !same(p.before, p.after));
  const values = (rows: Planned[]) =>
    JSON.stringify(
      rows.map((p) => ({
        id: p.id,
        sku: p.sku,
        name: p.after.name,
        price: p.after.pricePence,
        special: p.after.specialPricePence,
        sfrom: p.after.specialFrom,
        sto: p.after.specialTo,
        status: p.after.enabled ? 1 : 2,
        url_key: p.after.urlKey,
        mt: p.after.metaTitle || null,
        md: p.after.metaDescription || null,
        qty: p.after.qty,
        in_stock: p.after.isInStock,
      })),
    );
  const recordset = (json: string) =>
    sql`jsonb_to_recordset(${json}::jsonb) as v(id int, sku text, name text, price int, special int, sfrom date, sto date, status smallint, url_key text, mt text, md text, qty int, in_stock boolean)`;
  const active = inEffect(sql`v.sfrom`, sql`v.sto`);

  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const made = (await tx.execute(sql`
      insert into ${products} (sku, name, type_id, status, visibility, price_pence, special_price_pence, special_price_waiting_pence,
                               special_from_date, special_to_date, url_key, attrs)
      select v.sku, v.name, 'simple', v.status, 4, v.price,
             case when ${active} then v.special end, case when ${active} then null else v.special end,
             v.sfrom, v.sto, v.url_key, jsonb_build_object('meta_title', v.mt, 'meta_description', v.md)
      from ${recordset(values(chunk))}
      returning id, sku`)) as unknown as { rows: Array<{ id: number; sku: string }> };
    const idBySku = new Map(made.rows.map((r) => [r.sku, Number(r.id)]));
    for (const p of chunk) p.id = idBySku.get(p.sku)!;
    const json = values(chunk);
    await tx.execute(sql`insert into ${productStock} (product_id, qty, is_in_stock) select v.id, v.qty, v.in_stock from ${recordset(json)}`);
    await tx.execute(sql`insert into ${urlRewrites} (entity_type, entity_id, request_path, target_path, redirect_type)
      select 'product', v.id, v.url_key, 'catalog/product/view/id/' || v.id, 0 from ${recordset(json)}`);
    ids.push(...chunk.map((p) => p.id!));
    await logRows(tx, actor, chunk);
    onChunk(chunk.length);
  }

  for (let i = 0; i < changed.length; i += CHUNK) {
    const chunk = changed.slice(i, i + CHUNK);
    // A new URL key moves the page and keeps the old address as a 301, as a save does.
    for (const p of chunk) if (p.before!.urlKey !== p.after.urlKey) await moveProductUrl(tx, p.id!, p.before!.urlKey, p.after.urlKey);
    const json = values(chunk);
    await tx.execute(sql`
      update ${products} p set name = v.name, price_pence = v.price,
        special_price_pence = case when ${active} then v.special end,
        special_price_waiting_pence = case when ${active} then null else v.special end,
        special_from_date = v.sfrom, special_to_date = v.sto, status = v.status, url_key = v.url_key,
        attrs = p.attrs || jsonb_build_object('meta_title', v.mt, 'meta_description', v.md), updated_at = now()
      from ${recordset(json)} where p.id = v.id`);
    await tx.execute(sql`
      insert into ${productStock} (product_id, qty, is_in_stock) select v.id, v.qty, v.in_stock from ${recordset(json)}
      on conflict (product_id) do update set qty = excluded.qty, is_in_stock = excluded.is_in_stock, updated_at = now()
      where ${productStock}.qty is distinct from excluded.qty or ${productStock}.is_in_stock is distinct from excluded.is_in_stock`);
    ids.push(...chunk.map((p) => p.id!));
    await logRows(tx, actor, chunk);
    onChunk(chunk.length);
  }
  return ids;
}

/** One activity-log row per product made or changed (`product.import`), in the import's transaction. */
async function logRows(tx: Tx, actor: Actor, chunk: Planned[]) {
  if (chunk.length === 0) return;
  await tx.insert(staffActivity).values(
    chunk.map((p) => ({
      staffId: actor.id,
      staffEmail: actor.email,
      action: 'product.import',
      targetType: 'product',
      targetId: String(p.id),
      before: p.before ? logged(p.before) : null,
      after: { sku: p.sku, ...logged(p.after) },
    })),
  );
}

export interface ImportOptions {
  apply: boolean;
  /** The file's name, for the activity log. */
  fileName?: string;
  /** Told after each chunk is written: rows written so far and in all. */
  onProgress?: (done: number, total: number) => void;
}

export function createProductCsv({ db, activity, changes }: { db: Db; activity: ActivityLog; changes: CatalogChanges }) {
  return {
    /**
     * A dry run (apply: false) reads the file against the products as they are and changes nothing;
     * an apply checks it again inside its transaction and writes everything or, on any problem,
     * nothing (the report then lists the problems, `applied: false`).
     */
    async importCsv(text: string, actor: Actor, options: ImportOptions): Promise<ImportReport> {
      const file = readCsv(text);
      if (!options.apply) {
        const { planned, problems } = await plan(db, file);
        return report(file.rows.length, planned, problems, false);
      }
      let ids: number[] = [];
      let result: ImportReport;
      class Refused extends Error {
        constructor(readonly report: ImportReport) {
          super('refused');
        }
      }
      try {
        result = await db.transaction(async (tx) => {
          // One import at a time: two would each check against what the other is changing.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop.catalog-import'))`);
          const { planned, problems } = await plan(tx, file);
          if (problems.length > 0) throw new Refused(report(file.rows.length, planned, problems, false));
          const total = planned.filter((p) => p.before === null || !same(p.before, p.after)).length;
          let done = 0;
          options.onProgress?.(0, total);
          ids = await write(tx, planned, actor, (n) => {
            done += n;
            options.onProgress?.(done, total);
          });
          const summary = report(file.rows.length, planned, [], true);
          await activity.record(tx, actor, {
            action: 'catalog.import',
            targetType: 'file',
            targetId: options.fileName ?? 'products.csv',
            after: { rows: summary.rows, created: summary.created, updated: summary.updated, unchanged: summary.unchanged },
          });
          // One notification for the batch (more than a few hundred products: "everything").
          if (ids.length > 0) await changes.announce(tx, { productIds: ids });
          return summary;
        });
      } catch (error) {
        if (error instanceof Refused) return error.report;
        const taken = takenError(error);
        if (taken) throw new HttpError(409, `${taken.message} Another change took it while the file was applied; nothing was changed. Run the import again.`);
        throw error;
      }
      if (ids.length > 0) changes.committed({ productIds: ids });
      return result;
    },

    /** Every product, a row each, in SKU order, with the columns an import reads (and `product_type`). */
    async exportCsv(): Promise<string> {
      const rows = await db
        .select({
          sku: products.sku,
          name: products.name,
          typeId: products.typeId,
          price: products.pricePence,
          special: sql<number | null>`coalesce(${products.specialPricePence}, ${products.specialPriceWaitingPence})`,
          from: products.specialFromDate,
          to: products.specialToDate,
          qty: sql<number>`coalesce(${productStock.qty}, 0)`,
          inStock: sql<boolean>`coalesce(${productStock.isInStock}, false)`,
          status: products.status,
          urlKey: products.urlKey,
          metaTitle: sql<string | null>`${products.attrs}->>'meta_title'`,
          metaDescription: sql<string | null>`${products.attrs}->>'meta_description'`,
        })
        .from(products)
        .leftJoin(productStock, eq(productStock.productId, products.id))
        .orderBy(asc(products.sku));
      const money = (p: number | null) => (p === null ? '' : (Number(p) / 100).toFixed(2));
      return stringify(
        rows.map((r) => [
          guardCell(r.sku),
          guardCell(r.name),
          money(r.price),
          money(r.special),
          r.from ?? '',
          r.to ?? '',
          String(Number(r.qty)),
          r.inStock ? '1' : '0',
          String(r.status),
          guardCell(r.urlKey),
          guardCell(r.metaTitle ?? ''),
          guardCell(r.metaDescription ?? ''),
          r.typeId,
        ]),
        { header: true, columns: [...EXPORT_COLUMNS] },
      );
    },
  };
}

export type ProductCsv = ReturnType<typeof createProductCsv>;

/** The largest CSV file an import takes (about 300,000 rows of the export's width). */
export const CSV_BODY_LIMIT = 64 * 1024 * 1024;

/** Lets the routes of `app` (a plugin's scope) take a CSV file as the body (text/csv, as a string). */
export function acceptCsv(app: FastifyInstance) {
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT }, (_request, body, done) => done(null, body));
}

/**
 * Answers an applying import as NDJSON: `{ progress: { done, total } }` after each chunk written,
 * then `{ report }` (applied, or refused with its problems) or `{ error }`.
 */
export function streamImport(reply: FastifyReply, run: (onProgress: (done: number, total: number) => void) => Promise<ImportReport>, onError: (error: unknown) => void) {
  const out = new PassThrough();
  // The client gone mid-import: the import still finishes (one transaction); its lines go nowhere.
  out.on('error', () => {});
  const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  void run((done, total) => line({ progress: { done, total } }))
    .then((result) => line({ report: result }))
    .catch((error: unknown) => {
      if (!(error instanceof HttpError)) onError(error);
      line({ error: error instanceof HttpError ? error.message : 'The import failed; nothing was changed. Try again, or ask whoever runs the shop to look at its log.' });
    })
    .finally(() => out.end());
  return reply.type('application/x-ndjson; charset=utf-8').send(out);
}
