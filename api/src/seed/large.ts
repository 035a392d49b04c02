import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { closeDb, openDb, queryRows, type Db } from '../db/client';
import { migrateDb } from '../db/migrate';
import { appMeta } from '../db/schema';
import { refreshProductDocuments } from '../catalog/documents';
import { ensureSeedMedia, seedDatabase, syncIdentitySequences } from './seed';

/**
 * A large catalogue for benchmarks: `npm run seed:large -- --products 100000` (from the repo root,
 * or `npm run seed:large -w @shop/api -- --products 100000`). Loads the seeded shop first if the
 * database is empty, then adds generated products (sku GEN-000001...) spread over the shop's
 * categories, each with stock, two pictures, a URL rewrite and (every fourth) trade tier prices;
 * every 50th is disabled and every 97th is not on website 2, like a real catalogue.
 *
 * The rows are generated inside the database (generate_series), 10,000 per statement, so 100k
 * products take seconds on PostgreSQL and well under a minute on PGlite. Run it against its own
 * DATA_DIR (or DATABASE_URL): `DATA_DIR=data-large npm run seed:large -- --products 100000`.
 * Running it again with the same count does nothing; another count replaces the generated rows.
 */

const CHUNK = 10_000;
export const LARGE_META_KEY = 'seed-large';

/** Invented brands of the generated range. */
const BRANDS = ['Aquaseal', 'Drybase', 'Terraguard', 'Cellarmaster', 'Wetstop', 'Groundline', 'Stratavent', 'Basecourse', 'Kelderdry', 'Tidemark', 'Hydrovault', 'Northgate'];

/** [noun, category id, picture of a seeded product of that kind, short description] */
const NOUNS: Array<[string, number, string, string]> = [
  ['Cavity Drain Membrane', 103, 'hv-cdm8-1', 'A studded HDPE membrane that drains water from basement walls to a sump.'],
  ['Floor Membrane', 103, 'hv-cdm20-1', 'A high-flow studded membrane laid under screeds over wet floor slabs.'],
  ['Mesh Membrane', 103, 'hv-cdm-mesh-1', 'A plasterable studded membrane that isolates finishes from damp and salts.'],
  ['Sump Pump System', 105, 'hv-sump-twin-1', 'A sump chamber with automatic pumps for drained basements.'],
  ['Submersible Pump', 105, 'hv-pump-v2-1', 'A submersible pump with a float switch for basement sumps.'],
  ['Battery Backup Unit', 105, 'hv-batt-1', 'Keeps a sump pumping through a power cut.'],
  ['High-Level Alarm', 105, 'hv-alarm-1', 'Sounds when water in a sump rises too high.'],
  ['Perimeter Drainage Channel', 106, 'hv-chan-perim-1', 'Slotted channel that carries water from wall membranes to the sump.'],
  ['Inspection Port', 106, 'hv-inspect-1', 'Floor-level access for flushing drainage channel.'],
  ['Drainage Sheet', 106, 'hv-ext-drain-1', 'A drainage sheet with geotextile for retaining walls.'],
  ['Tanking Slurry', 107, 'hv-slurry-1', 'A cementitious waterproof coating for walls and floors below ground.'],
  ['Liquid Rubber Coating', 107, 'hv-liquid-1', 'A seamless elastomeric waterproof membrane applied by brush or roller.'],
  ['Hydrophilic Waterstop', 107, 'hv-waterstop-1', 'Swells in contact with water to seal concrete joints.'],
  ['Plugging Mortar', 107, 'hv-plug-mortar-1', 'Rapid-setting cement that stops running leaks.'],
  ['Joint Sealant', 107, 'ng-pu-sealant-1', 'A flexible sealant for movement joints.'],
  ['DPC Injection Cream', 102, 'hv-dpc-cream-1', 'Silane cream injected into mortar to stop rising damp.'],
  ['Damp Proof Course', 102, 'hv-dpc-roll-1', 'A polyethylene damp proof course for new walls and reveals.'],
  ['Damp Proof Membrane', 102, 'hv-dpm-1200-1', 'A polythene membrane laid under concrete floors.'],
  ['Salt Neutraliser', 102, 'hv-salt-1', 'Treats ground salts in masonry before replastering.'],
  ['Water Repellent Cream', 102, 'hv-masonry-cream-1', 'Makes brick and stone water repellent while letting it breathe.'],
  ['Radon Barrier', 109, 'hv-radon-barrier-1', 'A radon-resistant membrane that is also the damp proof membrane.'],
  ['Gas Barrier', 109, 'hv-gas-barrier-1', 'A membrane that resists methane, carbon dioxide and radon.'],
  ['Top Hat Pipe Seal', 109, 'hv-tophat-1', 'Seals a membrane around a service pipe.'],
  ['Butyl Tape', 108, 'hv-tape-butyl-1', 'Double-sided tape for sealing membrane laps.'],
  ['Sealing Rope', 108, 'hv-seal-rope-1', 'Butyl rope that fills stud profiles at laps and junctions.'],
  ['Fixing Plugs', 108, 'hv-plug-1', 'Sealed plugs for fixing cavity drain membranes.'],
  ['Preformed Corners', 108, 'hv-corner-1', 'Preformed membrane corners for watertight junctions.'],
  ['Mould Wash', 110, 'ng-mould-wash-1', 'Kills black mould and spores before redecorating.'],
  ['Anti-Condensation Paint', 110, 'ng-anti-condensation-1', 'A thermal paint that reduces condensation and mould.'],
  ['Moisture Meter', 110, 'ng-moisture-meter-1', 'Measures moisture in timber and masonry.'],
];

const VARIANTS = ['8mm', '20mm', '3mm', '1.0m x 20m', '2.0m x 20m', '5 Litres', '25kg', '600ml', 'Pack of 100', 'Grey', 'White', 'Black', '110mm', '32mm', '10m', '25m', 'Trade Pack', 'Pro'];

const textArray = (items: readonly string[]) => `{${items.map((s) => `"${s.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;

export interface LargeResult {
  generated: number;
  ms: number;
  skipped: boolean;
}

/** Adds `count` generated products to a database (seeding the shop first when it is empty). */
export async function seedLargeCatalogue(db: Db, count: number, log: (message: string) => void = () => {}): Promise<LargeResult> {
  const started = Date.now();
  await seedDatabase(db);
  const [meta] = await queryRows<{ value: { products: number } }>(db, sql`select value from app_meta where key = ${LARGE_META_KEY}`);
  if (meta?.value.products === count) return { generated: 0, ms: Date.now() - started, skipped: true };

  log('removing earlier generated products');
  await db.execute(sql`delete from url_rewrites where entity_type = 'product' and entity_id in (select id from products where sku like 'GEN-%')`);
  await db.execute(sql`delete from products where sku like 'GEN-%'`);
  const [base] = await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from products`);
  const baseId = base!.id;

  const brands = textArray(BRANDS);
  const nouns = textArray(NOUNS.map((n) => n[0]));
  const nounCategories = `{${NOUNS.map((n) => n[1]).join(',')}}`;
  const nounImages = textArray(NOUNS.map((n) => n[2]));
  const nounShort = textArray(NOUNS.map((n) => n[3]));
  const variants = textArray(VARIANTS);

  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into products (id, sku, name, type_id, status, visibility, website_ids, price_pence, special_price_pence,
                              url_key, image, attrs, weight_grams, bestseller_score, created_at, updated_at)
        select ${baseId}::int + g,
          'GEN-' || lpad(g::text, 6, '0'),
          x.brand || ' ' || x.noun || ' ' || x.variant || ' ' || upper(left(x.brand, 2)) || '-' || (1000 + g % 9000),
          'simple',
          case when g % 50 = 0 then 2 else 1 end,
          4,
          case when g % 97 = 0 then '{1}'::int[] else '{1,2}'::int[] end,
          x.price,
          case when g % 13 = 0 then (x.price * 0.9)::int end,
          lower(regexp_replace(x.brand || '-' || x.noun || '-' || x.variant, '[^A-Za-z0-9]+', '-', 'g')) || '-' || g,
          '/media/catalog/product/' || x.image || '.svg',
          jsonb_build_object(
            'short_description', x.short,
            'description', '<p>' || x.short || ' Made by ' || x.brand || '.</p>',
            'meta_title', x.brand || ' ' || x.noun || ' ' || x.variant,
            'model', upper(left(x.brand, 2)) || '-' || (1000 + g % 9000),
            'manufacturer', case when x.brand = 'Hydrovault' then '4' when x.brand = 'Northgate' then '499' else '4' end,
            'size', x.variant,
            'country_of_manufacture', case when g % 3 = 0 then 'DE' else 'GB' end),
          500 + (g * 37) % 30000,
          (g * 7919) % 1000,
          now() - make_interval(days => g % 1500),
          now()
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (
          select (${brands}::text[])[1 + g % ${BRANDS.length}] as brand,
                 (${nouns}::text[])[1 + (g / ${BRANDS.length}) % ${NOUNS.length}] as noun,
                 (${nounImages}::text[])[1 + (g / ${BRANDS.length}) % ${NOUNS.length}] as image,
                 (${nounShort}::text[])[1 + (g / ${BRANDS.length}) % ${NOUNS.length}] as short,
                 (${variants}::text[])[1 + (g / ${BRANDS.length * NOUNS.length}) % ${VARIANTS.length}] as variant,
                 300 + (g * 7717) % 60000 as price
        ) x`);
      const range = sql`p.id between ${baseId + from} and ${baseId + to}`;
      await tx.execute(sql`insert into product_stock (product_id, qty, is_in_stock)
        select p.id, (p.id * 37) % 250, (p.id * 37) % 250 > 0 from products p where ${range}`);
      await tx.execute(sql`insert into product_categories (category_id, product_id, position)
        select (${nounCategories}::int[])[1 + ((p.id - ${baseId}) / ${BRANDS.length}) % ${NOUNS.length}], p.id, p.id - ${baseId}
        from products p where ${range}`);
      await tx.execute(sql`insert into product_media (product_id, file, label, position, types)
        select p.id, p.image, p.name, 1, '{image,small_image,thumbnail}'::text[] from products p where ${range}`);
      await tx.execute(sql`insert into product_media (product_id, file, label, position, types)
        select p.id, replace(p.image, '-1.svg', '-2.svg'), p.name || ', picture 2', 2, '{}'::text[] from products p where ${range}`);
      await tx.execute(sql`insert into product_tier_prices (product_id, customer_group_id, qty, value_pence)
        select p.id, 2, q.qty, (p.price_pence * q.factor)::int from products p
        cross join (values (1, 0.9), (10, 0.85)) as q(qty, factor)
        where ${range} and p.id % 4 = 0`);
      await tx.execute(sql`insert into url_rewrites (entity_type, entity_id, request_path, target_path, redirect_type)
        select 'product', p.id, p.url_key, 'catalog/product/view/id/' || p.id, 0 from products p where ${range}`);
    });
    log(`generated ${to} of ${count} products (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await syncIdentitySequences(db);
  await db.execute(sql`analyze`);
  const value = { products: count, generatedAt: new Date().toISOString() };
  await db
    .insert(appMeta)
    .values({ key: LARGE_META_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
  return { generated: count, ms: Date.now() - started, skipped: false };
}

function parseCount(argv: string[]): number {
  const i = argv.indexOf('--products');
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--products='))?.split('=')[1];
  const count = raw === undefined ? 100_000 : Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
    throw new Error('--products must be a whole number from 1 to 2000000');
  }
  return count;
}

async function main() {
  const count = parseCount(process.argv.slice(2));
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await migrateDb(db);
    ensureSeedMedia(config.mediaDir);
    const where = config.databaseUrl ? 'DATABASE_URL' : `${config.dataDir}/pglite`;
    console.log(`generating ${count} products into ${where}`);
    const result = await seedLargeCatalogue(db, count, (m) => console.log(m));
    console.log(result.skipped ? `already holds ${count} generated products` : `done in ${(result.ms / 1000).toFixed(1)} s`);
    const started = Date.now();
    const rebuilt = await refreshProductDocuments(db, (m) => console.log(m));
    console.log(`product documents: ${rebuilt} rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await closeDb(db);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
