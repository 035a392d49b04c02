import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client';
import * as schema from '../db/schema';
import { buildSeed, describeSeed, SEED_VERSION, type SeedBuild, type SeedRows } from './build';

/**
 * Loading the seeded shop: its rows into the database (one transaction, batched inserts) and its
 * generated media (SVG pictures, PDF datasheets) into the media directory.
 */

/** app_meta key recording which seed the database holds. */
export const SEED_META_KEY = 'seed';

/** Serialises seeding between API instances starting together on one PostgreSQL. */
const SEED_LOCK_KEY = 7_310_002;

/** Rows per INSERT (PostgreSQL allows 65,535 bind parameters per statement). */
const BATCH = 500;

let cached: SeedBuild | undefined;
/** The seed's rows and files (built once per process: the build is pure). */
export function seedBuild(): SeedBuild {
  return (cached ??= buildSeed());
}

/** Tables the seed fills, parents before children; deleted in the reverse order. */
const SEEDED_TABLES: Array<[keyof SeedRows, PgTable]> = [
  ['categories', schema.categories],
  ['products', schema.products],
  ['productStock', schema.productStock],
  ['productCategories', schema.productCategories],
  ['productMedia', schema.productMedia],
  ['productTierPrices', schema.productTierPrices],
  ['productOptions', schema.productOptions],
  ['productOptionValues', schema.productOptionValues],
  ['productConfigurableOptions', schema.productConfigurableOptions],
  ['productConfigurableLinks', schema.productConfigurableLinks],
  ['productLinks', schema.productLinks],
  ['productDownloads', schema.productDownloads],
  ['featuredProducts', schema.featuredProducts],
  ['urlRewrites', schema.urlRewrites],
  ['cmsPages', schema.cmsPages],
  ['blogAuthors', schema.blogAuthors],
  ['blogPosts', schema.blogPosts],
  ['blogPostProducts', schema.blogPostProducts],
  ['storeReviews', schema.storeReviews],
  ['productReviews', schema.productReviews],
];

/** Tables with identity ids whose sequences must move past the explicit ids the seed inserts. */
const IDENTITY_TABLES = [
  'categories',
  'products',
  'product_media',
  'product_tier_prices',
  'product_options',
  'product_option_values',
  'product_configurable_options',
  'product_downloads',
  'featured_products',
  'url_rewrites',
  'cms_pages',
  'blog_authors',
  'blog_posts',
  'store_reviews',
  'product_reviews',
];

export interface SeedResult {
  seeded: boolean;
  reason: string;
  ms: number;
  counts?: ReturnType<typeof describeSeed>;
}

/** Inserts rows in batches of BATCH (one statement per batch). */
export async function insertBatched(db: Pick<Db, 'insert'>, table: PgTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(table).values(rows.slice(i, i + BATCH) as never);
  }
}

/** Moves each identity sequence past the largest id in its table. */
export async function syncIdentitySequences(db: Db, tables: readonly string[] = IDENTITY_TABLES): Promise<void> {
  for (const table of tables) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
      ),
    );
  }
}

async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*) from products)::int + (select count(*) from categories)::int + (select count(*) from cms_pages)::int as n`,
  );
  return (row?.n ?? 0) === 0;
}

/**
 * Loads the seeded shop when the catalogue is empty (no products, categories or CMS pages), in
 * one transaction, recording the seed version in app_meta. Does nothing on a database that
 * already has a catalogue. `force` first deletes the catalogue, content and reviews.
 */
export async function seedDatabase(db: Db, options: { force?: boolean } = {}): Promise<SeedResult> {
  const started = Date.now();
  if (!options.force && !(await catalogueIsEmpty(db))) {
    return { seeded: false, reason: 'the catalogue is not empty', ms: Date.now() - started };
  }
  const { rows } = seedBuild();
  const done = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (options.force) {
      for (const [, table] of [...SEEDED_TABLES].reverse()) await tx.delete(table);
    } else {
      const [row] = await queryRows<{ n: number }>(tx as unknown as Db, sql`select count(*)::int as n from products`);
      if ((row?.n ?? 0) > 0) return false; // another instance seeded while we waited for the lock
    }
    for (const [key, table] of SEEDED_TABLES) {
      await insertBatched(tx, table, rows[key] as Record<string, unknown>[]);
    }
    await syncIdentitySequences(tx as unknown as Db);
    const value = { version: SEED_VERSION, kind: 'shop', ...describeSeed(rows) };
    await tx
      .insert(schema.appMeta)
      .values({ key: SEED_META_KEY, value })
      .onConflictDoUpdate({ target: schema.appMeta.key, set: { value, updatedAt: new Date() } });
    return true;
  });
  return done
    ? { seeded: true, reason: options.force ? 'forced' : 'the catalogue was empty', ms: Date.now() - started, counts: describeSeed(rows) }
    : { seeded: false, reason: 'seeded by another instance', ms: Date.now() - started };
}

/** Which seed the database holds (from app_meta), if any. */
export async function seedState(db: Db): Promise<{ version: number; kind: string } | undefined> {
  const [row] = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEED_META_KEY));
  return row?.value as { version: number; kind: string } | undefined;
}

/** Name of the file in the media directory that records which media were generated. */
export const MEDIA_MARKER = '.seed-media';

/**
 * Writes the seed's generated media (pictures, datasheets) under `mediaDir` unless a marker shows
 * the same files are already there. Cheap when up to date (one small read), so every instance can
 * call it at start: media never depends on which instance seeded the database.
 */
export function ensureSeedMedia(mediaDir: string): { written: number; ms: number } {
  const started = Date.now();
  const { media } = seedBuild();
  const hash = createHash('sha256');
  for (const [file, content] of [...media].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(file);
    hash.update(content);
  }
  const digest = hash.digest('hex');
  const marker = path.join(mediaDir, MEDIA_MARKER);
  try {
    if (fs.readFileSync(marker, 'utf8').trim() === digest) return { written: 0, ms: Date.now() - started };
  } catch {
    /* no marker yet */
  }
  for (const [file, content] of media) {
    const target = path.join(mediaDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
  fs.writeFileSync(marker, `${digest}\n`);
  return { written: media.size, ms: Date.now() - started };
}
