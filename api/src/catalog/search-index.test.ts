import { productSearchSchema } from '@shop/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { dbKind, queryRows } from '../db/client';
import { products } from '../db/schema';
import { seedLargeCatalogue } from '../seed/large';
import { useSeededApp } from '../seed/testing';
import { searchIds, searchWords, type SearchOptions } from './search';
import { createSearchIndex, type SearchIndex } from './search-index';
import { trigramSequence, wordSimilarity } from './search-trigram';

/**
 * The in-process search index (search-index.ts) against its judge, SQL function catalog_search:
 * the same ids in the same order, the same name counts and totals, over many queries (single and
 * several words, prefixes, typos, skus, stop words, unicode, odd characters, paging with counts),
 * on the seeded shop and on a generated catalogue; pg_trgm's word_similarity against its port;
 * and a write through any path (here a plain UPDATE nobody announces) showing in the next search.
 */
const t = useSeededApp();

const OPTIONS: SearchOptions[] = [
  { limit: 10 },
  { limit: 50 },
  { offset: 0, limit: 24, count: true },
  { offset: 5, limit: 5, count: true },
  { offset: 48, limit: 24, count: true },
];

const FIXED = [
  'membrane', 'cavity drain membrane', 'cavty drane', 'sump pump', 'twin sump', 'sump pmup', 'radon barrier', 'radon',
  'tanking slurry', 'tankng slury', 'dpc cream', 'dpc injection creme', 'butyl tape', 'butyl tap', 'drainage channel',
  'perimeter', 'fixing plugs', 'mould wash', 'anti condensation paint', 'hydrovault', 'aquaseal floor', 'drybase pump',
  'terraguard gas barrier', 'cellarmaster 20mm', 'wetstop liquid rubber', 'geotextile', 'inspection port', 'waterstop',
  'moisture meter', 'salt neutraliser', 'kelderdry mesh', 'tidemark sealing rope 10m', 'groundline top hat', 'membr', 'su',
  'hydrovault cavity drain membrain', 'radon bariier', 'sump pmup twin', 'residual damp', 'HV-CHAN', 'hv-', 'HV', 'sump pum',
  '8mm', '20', 'x', 'a', 'the', 'the pump', 'and of the', 'pump the', 'pumps', 'pumping', 'running', 'membranes',
  'zzqqxxyy', "o'brien", '%_\\', '(membrane', 'membrane & | !', 'a:*', 'null', 'pump pump', 'sump sump sump',
  'one two three four five six seven eight nine', 'café', 'membrane é', '🙂', 'Ärger', 'naïve pump', 'ⅻ', '½ membrane',
  'GEN-0001', 'gen-00', 'GEN', 'aquaseal', 'drybase submersible', 'kelderdry', 'high level alarm', 'hi lev', 'presformed',
  'condensaton', 'moistre metre', 'battery', 'batery backup', 'joint sealant', 'trade pack', 'pack of 100', 'pro',
];

/** Many queries made from the catalogue's own names and skus: words, prefixes, typos. */
async function catalogueQueries(limit: number, skuLike = '%'): Promise<string[]> {
  const rows = await queryRows<{ name: string; sku: string }>(
    t.db,
    sql`select name, sku from product_search where sku like ${skuLike} order by product_id % 97, product_id limit ${limit}`,
  );
  const out = new Set(FIXED);
  for (const { name, sku } of rows) {
    const words = searchWords(name);
    out.add(name);
    out.add(sku);
    out.add(sku.slice(0, 4));
    if (words[0]) out.add(words[0]);
    if (words.length > 1) out.add(`${words[0]} ${words[1]!.slice(0, 3)}`);
    const long = [...words].sort((a, b) => b.length - a.length)[0];
    if (long && long.length > 4) {
      out.add(long.slice(0, 4));
      out.add(`${long.slice(0, 2)}${long[3]}${long[2]}${long.slice(4)}`); // two letters swapped
      out.add(`${long.slice(0, 3)}${long.slice(4)}`); // a letter missing
      out.add(words.filter((w) => w !== long).concat(`${long}x`).join(' ')); // a letter too many
    }
  }
  return [...out];
}

async function expectParity(index: SearchIndex, queries: readonly string[]): Promise<{ answered: number; truncated: number }> {
  let answered = 0;
  let truncated = 0;
  for (const q of queries) {
    for (const options of OPTIONS) {
      const judge = await searchIds(t.db, q, options);
      const found = await index.ids(q, options);
      const ascii = /^[\x00-\x7f]*$/.test(q);
      // The index answers every ASCII query (the others go to catalog_search, the judge itself).
      if (ascii) expect({ q, options, answered: found !== null }).toEqual({ q, options, answered: true });
      if (!found) continue;
      answered++;
      const expected = { q, options, nameCount: judge.nameCount, total: judge.total };
      expect({ q, options, nameCount: found.nameCount, total: found.total }).toEqual(expected);
      if (found.truncated) truncated++;
      else expect({ q, options, ids: found.ids }).toEqual({ q, options, ids: judge.ids });
    }
  }
  return { answered, truncated };
}

describe('search index', () => {
  it('computes word_similarity exactly as pg_trgm does', async () => {
    const names = (await queryRows<{ name: string }>(t.db, sql`select name from product_search order by product_id`)).map((r) => r.name);
    const words = [...new Set((await catalogueQueries(200)).flatMap((q) => searchWords(q)).filter((w) => /^[a-z0-9]{2,}$/.test(w)))];
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i < words.length; i++) for (let j = 0; j < 6; j++) pairs.push([words[i]!, names[(i * 7 + j * 13) % names.length]!]);
    pairs.push(['ab', 'ab ab ab'], ['aaa', 'aaaa aa a'], ['sump', 'Sump-Pump (Twin) 20mm/25mm'], ['x1', 'X1 x1 X-1']);
    expect(pairs.length).toBeGreaterThan(500);
    const rows = await queryRows<{ s: number | string }>(
      t.db,
      sql`select word_similarity(p->>0, p->>1) as s from json_array_elements(${JSON.stringify(pairs)}::json) p`,
    );
    let positive = 0;
    pairs.forEach(([word, name], i) => {
      const theirs = Math.fround(Number(rows[i]!.s));
      const ours = wordSimilarity(trigramSequence(word)!, trigramSequence(name)!);
      expect({ word, name, similarity: ours }).toEqual({ word, name, similarity: theirs });
      if (theirs > 0) positive++;
    });
    expect(positive).toBeGreaterThan(pairs.length / 10);
  });

  it('answers what catalog_search answers on the seeded shop', async () => {
    const index = createSearchIndex(t.db);
    try {
      expect(await index.ready()).toBe(true);
      const queries = await catalogueQueries(1000);
      expect(queries.length).toBeGreaterThan(300);
      const { answered, truncated } = await expectParity(index, queries);
      expect(answered).toBeGreaterThan(queries.length * OPTIONS.length * 0.9);
      expect(truncated).toBe(0);
    } finally {
      await index.close();
    }
  });

  it('shows a write nobody announced in the next search, through the search route too', async () => {
    await t.app.services.searchIndex.ready();
    const route = async (q: string) =>
      productSearchSchema.parse((await t.app.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}` })).json()).items.map((i) => i.sku);
    const index = t.app.services.searchIndex;
    const viaIndex = async (q: string) => (await index.search(q, { limit: 10 }))?.ids;
    const [slurry] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, 'HV-SLURRY'));
    expect(await viaIndex('tanking slurry')).toContain(slurry!.id);
    expect(await route('tankng slury')).toContain('HV-SLURRY');

    await t.db.update(products).set({ status: 2 }).where(eq(products.sku, 'HV-SLURRY'));
    try {
      expect(await viaIndex('tanking slurry')).not.toContain(slurry!.id);
      expect(await route('tankng slury')).not.toContain('HV-SLURRY');
    } finally {
      await t.db.update(products).set({ status: 1 }).where(eq(products.sku, 'HV-SLURRY'));
    }
    expect(await viaIndex('tanking slurry')).toContain(slurry!.id);

    await t.db.update(products).set({ name: 'Quixotic Zebrawood Sealer' }).where(eq(products.sku, 'HV-SLURRY'));
    expect(await viaIndex('zebrawood')).toEqual([slurry!.id]);
    expect(await viaIndex('quixotc zebrawod')).toEqual([slurry!.id]);
    expect(await route('zebraw')).toEqual(['HV-SLURRY']);
    await t.db.update(products).set({ name: 'Hydrovault Tanking Slurry' }).where(eq(products.sku, 'HV-SLURRY'));
    expect(await viaIndex('zebrawood')).toEqual([]);
    expect(await index.ids('tanking slurry', { limit: 10 })).toMatchObject({ ids: (await searchIds(t.db, 'tanking slurry', { limit: 10 })).ids });
  });

  it('answers a repeated search without a statement while nothing changed, never with a stale item', async () => {
    await t.app.services.searchIndex.ready();
    await t.app.services.catalogChanges.ready();
    const route = async (q: string) =>
      productSearchSchema.parse((await t.app.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}` })).json()).items;
    const priceOf = async (q: string, sku: string) => (await route(q)).find((i) => i.sku === sku)?.price;
    // Statements sent to the database (PGlite: the instance's query or exec; PostgreSQL: the pool's).
    const client = t.db.$client as unknown as Record<'query' | 'exec', (...args: unknown[]) => Promise<unknown>>;
    let statements = 0;
    const originals = { query: client.query, exec: client.exec };
    for (const name of dbKind(t.db) === 'pglite' ? (['query', 'exec'] as const) : (['query'] as const)) {
      client[name] = (...args: unknown[]) => {
        statements++;
        return originals[name](...args);
      };
    }
    try {
      const before = await priceOf('tanking slurry', 'HV-SLURRY');
      expect(before).toBeDefined();
      expect((await route('sump pump')).some((i) => i.sku === 'HV-SLURRY')).toBe(false);
      // Each page checked once since the last write (the first searches wrote: rebuilt documents).
      await route('tanking slurry');
      await route('sump pump');
      statements = 0;
      expect(await priceOf('tanking slurry', 'HV-SLURRY')).toBe(before);
      await route('sump pump');
      // Nothing written since (by this process, or by another: PostgreSQL would have said): nothing to ask.
      expect(statements).toBe(0);

      // A write, then a search of another page (the index is found current again), then the
      // first page: its item must be read again, not answered from memory.
      await t.db.update(products).set({ pricePence: sql`price_pence + 100` }).where(eq(products.sku, 'HV-SLURRY'));
      await route('sump pump');
      expect(await priceOf('tanking slurry', 'HV-SLURRY')).toBe((before as number) + 1);
    } finally {
      Object.assign(client, originals);
      await t.db.update(products).set({ pricePence: sql`price_pence - 100` }).where(eq(products.sku, 'HV-SLURRY'));
    }
    expect(await priceOf('tanking slurry', 'HV-SLURRY')).toBeDefined();
  });

  it('on PostgreSQL, hears of another process\'s write to the catalogue, not of a stock change', async () => {
    if (dbKind(t.db) !== 'postgres') return; // PGlite: one process makes every change (see above)
    await t.app.services.searchIndex.ready();
    await t.app.services.catalogChanges.ready();
    const route = async (q: string) =>
      productSearchSchema.parse((await t.app.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}` })).json()).items;
    const priceOf = async (q: string) => (await route(q)).find((i) => i.sku === 'HV-SLURRY')?.price;
    // Another process: its own connection, outside this process's pool and write clock.
    const other = new pg.Client({ connectionString: (t.db.$client as pg.Pool).options.connectionString });
    await other.connect();
    const notified: string[] = [];
    other.on('notification', (m) => notified.push(m.channel));
    await other.query('LISTEN shop_search_writes');
    const heard = t.app.services.catalogChanges.heard;
    try {
      await priceOf('tanking slurry');
      const before = await priceOf('tanking slurry');

      // A checkout's stock claim changes no search item and sends no NOTIFY (a session hears its own at commit).
      await other.query(`update product_stock set qty = qty - 1 where product_id = (select id from products where sku = 'HV-SLURRY')`);
      expect(notified).toEqual([]);

      const at = heard.generation;
      await other.query(`update products set price_pence = price_pence + 100 where sku = 'HV-SLURRY'`);
      expect(notified).toEqual(['shop_search_writes']);
      for (const until = Date.now() + 2000; heard.generation === at && Date.now() < until; ) await new Promise((r) => setTimeout(r, 5));
      expect(heard.generation).toBeGreaterThan(at);
      expect(await priceOf('tanking slurry')).toBe((before as number) + 1);
    } finally {
      await other.query(`update products set price_pence = price_pence - 100 where sku = 'HV-SLURRY'`);
      await other.query(`update product_stock set qty = qty + 1 where product_id = (select id from products where sku = 'HV-SLURRY')`);
      await other.end();
    }
  });

  it('leaves a catalogue larger than it holds to catalog_search, and lets go of one that grows past it', async () => {
    const searchable = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from product_search`))[0]!.n;
    const n = await searchable();
    const tooSmall = createSearchIndex(t.db, { maxIndexed: n - 1 });
    try {
      expect(await tooSmall.ready()).toBe(false);
      expect(await tooSmall.search('membrane', { limit: 10 })).toBeNull(); // the route asks catalog_search
    } finally {
      await tooSmall.close();
    }

    await t.db.update(products).set({ status: 2 }).where(eq(products.sku, 'HV-SLURRY'));
    const index = createSearchIndex(t.db, { maxIndexed: n - 1 });
    try {
      expect(await searchable()).toBe(n - 1);
      expect(await index.ready()).toBe(true);
      expect((await index.search('membrane', { limit: 10 }))?.ids.length).toBeGreaterThan(0);
      await t.db.update(products).set({ status: 1 }).where(eq(products.sku, 'HV-SLURRY'));
      // One more searchable product than it holds: from the next search on, catalog_search answers.
      expect(await index.search('membrane', { limit: 10 })).toBeNull();
      expect(await index.ready()).toBe(false);
    } finally {
      await t.db.update(products).set({ status: 1 }).where(eq(products.sku, 'HV-SLURRY'));
      await index.close();
    }
  });

  it('answers what catalog_search answers on a generated catalogue', async () => {
    await seedLargeCatalogue(t.db, 3000);
    const index = createSearchIndex(t.db);
    try {
      expect(await index.ready()).toBe(true);
      expect(index.stats()!.products).toBeGreaterThan(2800);
      const queries = await catalogueQueries(20, 'GEN-%');
      const { answered, truncated } = await expectParity(index, queries);
      expect(answered).toBeGreaterThan(queries.length * OPTIONS.length * 0.9);
      // Generated names repeat their words: a few typos have more than 400 close names.
      expect(truncated).toBeLessThan(answered / 20);
    } finally {
      await index.close();
    }
  }, 300_000);
});
