/**
 * Support for bench/api-load.ts (not used by the service): loads the shop into the benchmark's
 * database (the seed, and with `products` the generated large catalogue) before the API starts,
 * and answers what the benchmark may request, read straight from the tables: every product that
 * has a page, and URL paths that resolve. Every target answers 200, so any other status under load
 * is a failure of the API, not of the benchmark.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDb, dbKind, openPglite, openPostgres, queryRows, type Db } from '../db/client';
import { vacuum } from '../db/maintenance';
import { migrateDb } from '../db/migrate';
import { refreshProductDocuments } from '../catalog/documents';
import { seedLargeCatalogue } from './large';
import { seedDatabase } from './seed';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';

export interface CatalogueBenchTargets {
  /** Ids of every product with a page (enabled, on the storefront), in id order. */
  productIds: number[];
  /** URL paths that resolve (a shown product, an active category or CMS page, a 301). */
  paths: string[];
}

async function open({ dataDir, databaseUrl }: { dataDir: string; databaseUrl: string | undefined }): Promise<Db> {
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  await migrateDb(db);
  return db;
}

export async function prepareCatalogueBench(options: {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Generated products to add to the seeded shop (0: the seeded shop alone). */
  products: number;
  log?: (message: string) => void;
}): Promise<CatalogueBenchTargets> {
  const db = await open(options);
  try {
    await seedDatabase(db);
    if (options.products > 0) await seedLargeCatalogue(db, options.products, options.log);
    await refreshProductDocuments(db, options.log);
    // The state a running shop reaches a few minutes after a bulk load (autovacuum on PostgreSQL,
    // the API's own VACUUM on PGlite): visibility maps set, so listing pages are index-only reads.
    await vacuum(db);
    // And its changed pages written out now (PostgreSQL writes them at the next checkpoint, up to
    // 5 minutes later: a 100k load is over 1 GB, written in the middle of a measurement).
    if (dbKind(db) === 'postgres') {
      await db.execute(sql`checkpoint`).catch((error: unknown) => options.log?.(`no checkpoint (${(error as Error).message}): figures may include the load's write-back`));
    }
    const products = await queryRows<{ id: number }>(
      db,
      sql`select id from products where status = 1 and ${STOREFRONT_WEBSITE_ID} = any(website_ids) order by id`,
    );
    const paths = await queryRows<{ path: string }>(
      db,
      sql`select r.request_path as path from url_rewrites r
            left join products p on r.entity_type = 'product' and p.id = r.entity_id
            left join categories c on r.entity_type = 'category' and c.id = r.entity_id
            left join cms_pages cp on r.entity_type = 'cms-page' and cp.id = r.entity_id
          where r.redirect_type = 301
             or (p.status = 1 and ${STOREFRONT_WEBSITE_ID} = any(p.website_ids))
             or c.is_active or cp.is_active
          order by r.id`,
    );
    return { productIds: products.map((r) => r.id), paths: paths.map((r) => r.path) };
  } finally {
    await closeDb(db);
  }
}
