import { sql } from 'drizzle-orm';
import { dbKind, queryRows, type Db } from '../db/client';
import type { WriteClock } from '../db/write-clock';
import { preparedRows, type PreparedQuery } from './prepared';
import { FUZZY_WORD_THRESHOLD, MAX_FUZZY_WORDS, MAX_MATCHES, searchWords, type SearchOptions, type SearchPageDocument } from './search';
import { similarityTo, trigramSequence, trigramText, type TrigramText } from './search-trigram';

/**
 * Search without asking PostgreSQL to search: an in-process index of the search documents (table
 * product_search) in each API process, answering exactly what SQL function catalog_search answers
 * (search.ts says the rules; search-index.test.ts compares the two over many queries), then one
 * prepared statement for the page's stored items. catalog_search (a PL/pgSQL call of three staged
 * queries) cost about 1.2 ms of the database per search; the index answers in microseconds.
 *
 * What is read from PostgreSQL, never re-implemented: the documents' lexemes (the stored
 * tsvectors), the lexemes of the words typed (to_tsquery 'english', per word, cached), lower(sku).
 * What is ported: tsquery matching of a conjunction (the last word as a prefix), pg_trgm's
 * word_similarity (search-trigram.ts) and the stages' ordering.
 *
 * Kept current without trusting anyone to announce: every change to product_search stamps its row
 * with the writing transaction's id (column `changed`, a removal leaves a row in
 * product_search_gone; migration 0021). The index remembers a horizon, the oldest transaction
 * still running when it last read (pg_snapshot_xmin): every change it has not seen is stamped at
 * or above it. Each search's one statement (the page's items) also asks whether any row is stamped
 * at or above the horizon; if so the index reads those rows again and the search is answered anew.
 * So a write through any path (the back office, a CSV import, a seed, a test's UPDATE) shows in
 * the next search of every process. While the index loads (or after an error) searches go to
 * catalog_search, as do the few queries it cannot answer exactly (see `plan`).
 */

/** Product rows read per statement while loading. */
const LOAD_CHUNK = 5000;
/** More changed rows than this (or a fifth of the index) at once: load everything again. */
const MAX_INCREMENTAL = 2000;
/** Word lexemes cached (a query's words are looked up in PostgreSQL once). */
const MAX_CACHED_WORDS = 20_000;
/** Candidates the typo stage orders (catalog_search: LIMIT 400). */
const FUZZY_CANDIDATES = 400;
/** Names the typo stage compares at most (beyond, catalog_search answers: see Documents.fuzzy). */
const MAX_FUZZY_COMPARED = 1500;
/** Exact name matches below which the typo stage runs (catalog_search: exact < 10). */
const FUZZY_BELOW = 10;
/**
 * The most search documents the index holds. Past it, catalog_search answers (its GIN indexes
 * scale, the index's scans and 230 MB per process at 100,000 do not): measured on PGlite, the
 * index answered the seeded shop's 109 products 1.6-2.4 times as fast, and 100,000 generated
 * products 7 times slower (23 against 166 req/s). Where between them the two cross is not measured.
 */
export const MAX_INDEXED = 5_000;
/** How often a catalogue found too large for the index is counted again. */
const RECOUNT_MS = 60_000;

/** A query word's lexeme: `prefix` matches every lexeme that starts with it (tsquery's :*). */
interface Term {
  lexeme: string;
  prefix: boolean;
}

/** The words' lexemes as to_tsquery makes them: null for a stop word, 'complex' if not one lexeme. */
type WordLexeme = Term | null | 'complex';

interface IndexRow extends Record<string, unknown> {
  id: number;
  name: string;
  sku: string;
  score: number;
  name_lexemes: string[];
  all_lexemes: string[];
}

interface Slot {
  id: number;
  name: string;
  sku: string;
  score: number;
  nameLexemes: string[];
  allLexemes: string[];
  /** The name's trigrams (null: it has characters only PostgreSQL can classify). */
  trigrams: TrigramText | null;
}

export interface IndexSearchResult {
  ids: number[];
  nameCount: number;
  total: number | null;
  /**
   * A stage had more matches than catalog_search orders (2000 names or texts, 400 typo
   * candidates): catalog_search then orders whichever of them its scan met first, the index the
   * best of all, so the two pages may differ (their counts do not).
   */
  truncated: boolean;
}

/** Lexeme (or trigram) → the slots holding it, in no order. */
class Postings<K> {
  private readonly map = new Map<K, number[]>();
  private sortedKeys: K[] | null = null;

  add(key: K, slot: number) {
    let list = this.map.get(key);
    if (!list) {
      this.map.set(key, (list = []));
      this.sortedKeys = null;
    }
    list.push(slot);
  }

  remove(key: K, slot: number) {
    const list = this.map.get(key);
    if (!list) return;
    const at = list.indexOf(slot);
    if (at < 0) return;
    list[at] = list[list.length - 1]!;
    list.pop();
    if (list.length === 0) {
      this.map.delete(key);
      this.sortedKeys = null;
    }
  }

  get(key: K): readonly number[] | undefined {
    return this.map.get(key);
  }

  /** Every list whose key starts with `prefix` (string keys, binary search over the sorted keys). */
  withPrefix(this: Postings<string>, prefix: string): Array<readonly number[]> {
    const keys = (this.sortedKeys ??= [...this.map.keys()].sort());
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: Array<readonly number[]> = [];
    for (let i = lo; i < keys.length && keys[i]!.startsWith(prefix); i++) out.push(this.map.get(keys[i]!)!);
    return out;
  }

  get size() {
    return this.map.size;
  }
}

/** The index proper: built from rows, changed row by row. Synchronous, so a search sees one state. */
class Documents {
  readonly slots: Array<Slot | undefined> = [];
  private readonly free: number[] = [];
  readonly slotOf = new Map<number, number>();
  readonly names = new Postings<string>();
  readonly texts = new Postings<string>();
  readonly trigrams = new Postings<number>();
  /** Slots whose names hold characters pg_trgm classifies by locale (the typo stage asks PostgreSQL). */
  unsure = 0;
  private skus: Array<{ sku: string; slot: number }> | null = null;
  /** One counter per slot for intersecting postings (reset after each use). */
  private marks = new Uint8Array(0);

  constructor(private readonly separators: Set<string>) {}

  get count() {
    return this.slotOf.size;
  }

  put(row: IndexRow) {
    this.remove(row.id);
    const sequence = trigramSequence(row.name, this.separators);
    const trigrams = sequence ? trigramText(sequence) : null;
    const slot: Slot = {
      id: row.id,
      name: row.name,
      sku: row.sku,
      score: row.score,
      nameLexemes: row.name_lexemes,
      allLexemes: row.all_lexemes,
      trigrams,
    };
    const at = this.free.pop() ?? this.slots.length;
    this.slots[at] = slot;
    this.slotOf.set(row.id, at);
    for (const lexeme of slot.nameLexemes) this.names.add(lexeme, at);
    for (const lexeme of slot.allLexemes) this.texts.add(lexeme, at);
    for (const t of slot.trigrams?.distinct ?? []) this.trigrams.add(t, at);
    if (!trigrams) this.unsure++;
    this.skus = null;
  }

  remove(id: number) {
    const at = this.slotOf.get(id);
    if (at === undefined) return;
    const slot = this.slots[at]!;
    for (const lexeme of slot.nameLexemes) this.names.remove(lexeme, at);
    for (const lexeme of slot.allLexemes) this.texts.remove(lexeme, at);
    for (const t of slot.trigrams?.distinct ?? []) this.trigrams.remove(t, at);
    if (!slot.trigrams) this.unsure--;
    this.slots[at] = undefined;
    this.slotOf.delete(id);
    this.free.push(at);
    this.skus = null;
  }

  private scratch(): Uint8Array {
    if (this.marks.length < this.slots.length) this.marks = new Uint8Array(Math.max(this.slots.length, this.marks.length * 2, 64));
    return this.marks;
  }

  /** Slots whose lexemes (names or whole text) hold every term (tsquery `a & b & c:*`). */
  matching(postings: Postings<string>, terms: readonly Term[]): number[] {
    if (terms.length === 0) return [];
    const lists = terms.map((term) => (term.prefix ? postings.withPrefix(term.lexeme) : [postings.get(term.lexeme) ?? []]));
    if (lists.some((l) => l.every((p) => p.length === 0))) return [];
    if (lists.length === 1 && lists[0]!.length === 1) return [...lists[0]![0]!];
    // marks[slot] = how many of the terms so far the slot holds (a slot counts once per term).
    const marks = this.scratch();
    const touched: number[] = [];
    lists.forEach((term, t) => {
      for (const list of term) {
        for (const slot of list) {
          if (marks[slot] === t) {
            if (t === 0) touched.push(slot);
            marks[slot] = t + 1;
          }
        }
      }
    });
    const all = lists.length;
    const out: number[] = [];
    for (const slot of touched) {
      if (marks[slot] === all) out.push(slot);
      marks[slot] = 0;
    }
    return out;
  }

  /** Slots whose lower(sku) starts with `prefix` (sku ILIKE 'prefix%'). */
  skuPrefix(prefix: string): number[] {
    const skus = (this.skus ??= this.slots
      .flatMap((s, slot) => (s ? [{ sku: s.sku, slot }] : []))
      .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)));
    let lo = 0;
    let hi = skus.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (skus[mid]!.sku < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < skus.length && skus[i]!.sku.startsWith(prefix); i++) out.push(skus[i]!.slot);
    return out;
  }

  /**
   * Slots whose names are close enough to the words (word_similarity >= the threshold) for every
   * word (`all`) or for any, with each word's similarity: the trigram postings find the names that
   * share enough of a word's trigrams to possibly reach it (a similarity is at most shared / the
   * word's trigrams), then the exact similarity decides.
   */
  fuzzy(words: ReadonlyArray<ReadonlySet<number>>, all: boolean): Map<number, number[]> | null {
    let candidates: Set<number> | null = null;
    const marks = this.scratch();
    for (const word of words) {
      const need = Math.max(1, Math.ceil(word.size * FUZZY_WORD_THRESHOLD - 1e-9));
      const touched: number[] = [];
      for (const t of word) {
        for (const slot of this.trigrams.get(t) ?? []) {
          if (marks[slot] === 0) touched.push(slot);
          if (marks[slot]! < 255) marks[slot]!++;
        }
      }
      const here = new Set<number>();
      for (const slot of touched) {
        if (marks[slot]! >= need) here.add(slot);
        marks[slot] = 0;
      }
      if (!candidates) {
        candidates = here;
      } else if (all) {
        for (const slot of candidates) if (!here.has(slot)) candidates.delete(slot);
      } else {
        for (const slot of here) candidates.add(slot);
      }
    }
    // Too many names to compare one by one (a short typo in a large catalogue of similar names):
    // catalog_search's trigram index and its 400-candidate limit answer it sooner.
    if ((candidates?.size ?? 0) > MAX_FUZZY_COMPARED) return null;
    const out = new Map<number, number[]>();
    for (const slot of candidates ?? []) {
      const name = this.slots[slot]!.trigrams!;
      const sims = words.map((word) => similarityTo(word, name));
      const close = (s: number) => s >= FUZZY_WORD_THRESHOLD;
      if (all ? sims.every(close) : sims.some(close)) out.set(slot, sims);
    }
    return out;
  }
}

/** The first `n` of `slots` by `before` (a partial sort when the list is long). */
function firstBy(slots: number[], n: number, before: (a: number, b: number) => number): number[] {
  if (n <= 0) return [];
  if (slots.length <= n * 4 || slots.length < 256) return slots.sort(before).slice(0, n);
  // A max-heap (by `before`) of the n best so far.
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (before(heap[parent]!, heap[i]!) >= 0) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && before(heap[l]!, heap[worst]!) > 0) worst = l;
      if (r < heap.length && before(heap[r]!, heap[worst]!) > 0) worst = r;
      if (worst === i) return;
      [heap[worst], heap[i]] = [heap[i]!, heap[worst]!];
      i = worst;
    }
  };
  for (const slot of slots) {
    if (heap.length < n) {
      heap.push(slot);
      up(heap.length - 1);
    } else if (before(slot, heap[0]!) < 0) {
      heap[0] = slot;
      down(0);
    }
  }
  return heap.sort(before);
}

const isAscii = (s: string) => /^[\x00-\x7f]*$/.test(s);

/** A text[] parameter as one literal (both drivers take it as text). */
const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

const PAGE: PreparedQuery = {
  name: 'catalog_search_page_v1',
  readOnly: true,
  // Whether any search document changed at or after the index's horizon, and the page's documents:
  // each one's version and whether it is built (a stale one is rebuilt by the caller), and its
  // stored item unless the process holds it at that version already ($2, -1 for none): sending
  // ten items cost more than the rest of the statement.
  text: `select exists(select 1 from product_search where changed >= $3::xid8)
              or exists(select 1 from product_search_gone where changed >= $3::xid8) as stale,
            coalesce(array_agg(case when d.version is distinct from x.v then d.search_item end order by x.ord), '{}') as items,
            coalesce(array_agg(d.version order by x.ord), '{}') as versions,
            coalesce(array_agg(d.built_version is not distinct from d.version order by x.ord), '{}') as fresh
          from unnest($1::int[], $2::int[]) with ordinality as x(id, v, ord) left join product_documents d on d.product_id = x.id`,
};

/** Stored search items this process holds, by product id, with the document version they are of. */
const MAX_CACHED_ITEMS = 50_000;

interface PageRow extends Record<string, unknown> {
  stale: boolean;
  items: Array<string | null>;
  versions: Array<number | null>;
  fresh: Array<boolean | null>;
}

export interface SearchIndexOptions {
  onError?: (error: unknown) => void;
  log?: (message: string) => void;
  /** The most search documents held (MAX_INDEXED; tests set fewer). */
  maxIndexed?: number;
  /**
   * What this process hears of other processes' writes (catalog/changes.ts `heard`). On
   * PostgreSQL a page is answered from memory only with it; on PGlite this process makes every
   * change itself and its own write clock suffices.
   */
  heard?: WriteClock;
}

export interface SearchIndexStats {
  products: number;
  loadMs: number;
  heapMb: number;
}

export function createSearchIndex(db: Db, options: SearchIndexOptions = {}) {
  const maxIndexed = options.maxIndexed ?? MAX_INDEXED;
  let docs: Documents | null = null;
  /** Every change to product_search not yet read is stamped at or above this transaction id. */
  let horizon = '0';
  const separators = new Set<string>();
  const words = new Map<string, WordLexeme>();
  /**
   * The page statement sends an item only when this process does not hold it at its version.
   * `checkedAt`: the generation (`clock` below) at which the database last said it is current.
   */
  const items = new Map<number, { version: number; item: string; checkedAt: number }>();
  /**
   * Moves whenever the search documents may have changed: this process's own writes (its write
   * clock, db/write-clock.ts) and, on PostgreSQL, what it hears of others' (migration 0023's
   * NOTIFY); null: no such clock (every search asks the database). The index and each held item
   * remember the generation at which the database last said they are current.
   */
  const own = db.$writes;
  const postgres = dbKind(db) === 'postgres';
  const heard = options.heard;
  const clock = (): number | null => {
    if (!own || (postgres && !heard)) return null;
    return postgres ? own.generation + heard!.generation : own.generation;
  };
  let indexCheckedAt = -1;

  /**
   * The page's items from memory when nothing can have changed since the database last said the
   * index and each of them are current (the clock has not moved since).
   */
  function fromMemory(ids: readonly number[]): SearchPageDocument[] | null {
    const now = clock();
    if (now === null || indexCheckedAt !== now) return null;
    const out: SearchPageDocument[] = [];
    for (const id of ids) {
      const held = items.get(id);
      if (!held || held.checkedAt !== indexCheckedAt) return null;
      out.push({ id, searchItem: held.item, version: held.version, current: true });
    }
    return out;
  }
  let loading: Promise<void> | null = null;
  let refreshing: Promise<void> | null = null;
  let closed = false;
  let failedAt = 0;
  /** When the catalogue was last found larger than MAX_INDEXED (0: it was not). */
  let tooLargeAt = 0;
  let stats: SearchIndexStats | null = null;

  const snapshotXmin = async () =>
    (await queryRows<{ xmin: string }>(db, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`))[0]!.xmin;

  const rowsSelect = sql`select s.product_id as id, s.name, lower(s.sku) as sku, s.bestseller_score as score,
      tsvector_to_array(s.name_text) as name_lexemes, tsvector_to_array(s.all_text) as all_lexemes
    from product_search s`;

  /** Learns which of the names' non-ASCII characters pg_trgm takes for word separators. */
  async function learnSeparators(rows: readonly IndexRow[]): Promise<void> {
    const chars = new Set<string>();
    for (const row of rows) if (!isAscii(row.name)) for (const c of row.name) if (c > '\x7f' && !separators.has(c)) chars.add(c);
    if (chars.size === 0) return;
    // 'a' || c || 'a' is one word ("  a", " a?", ...) unless c separates two words "a" ("  a", " a ").
    const found = await queryRows<{ c: string; n: number }>(
      db,
      sql`select c, cardinality(show_trgm('a' || c || 'a')) as n from unnest(${textArray([...chars])}) c`,
    );
    for (const { c, n } of found) if (n === 2) separators.add(c);
  }

  async function load(): Promise<void> {
    const started = Date.now();
    const since = await snapshotXmin();
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from product_search`);
    if (n > maxIndexed) {
      if (!tooLargeAt) options.log?.(`search index: ${n} products, more than ${maxIndexed}: catalog_search answers`);
      tooLargeAt = Date.now();
      return;
    }
    tooLargeAt = 0;
    const rows: IndexRow[] = [];
    for (let after = 0; ; ) {
      if (closed) return;
      const chunk = await queryRows<IndexRow>(db, sql`${rowsSelect} where s.product_id > ${after} order by s.product_id limit ${LOAD_CHUNK}`);
      rows.push(...chunk);
      if (chunk.length < LOAD_CHUNK) break;
      after = chunk.at(-1)!.id;
    }
    await learnSeparators(rows);
    const built = new Documents(separators);
    for (const row of rows) built.put(row);
    if (closed) return;
    docs = built;
    horizon = since;
    const loadMs = Date.now() - started;
    stats = { products: built.count, loadMs, heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20) };
    options.log?.(`search index: ${built.count} products loaded in ${loadMs} ms`);
  }

  /** Reads the rows changed at or after the horizon into the index (or everything again). */
  async function refresh(): Promise<void> {
    const current = docs;
    if (!current) return;
    const next = await snapshotXmin();
    const [changed, gone] = await Promise.all([
      queryRows<IndexRow>(db, sql`${rowsSelect} where s.changed >= ${horizon}::xid8 order by s.product_id limit ${MAX_INCREMENTAL + 1}`),
      queryRows<{ id: number }>(db, sql`select product_id as id from product_search_gone where changed >= ${horizon}::xid8 limit ${MAX_INCREMENTAL + 1}`),
    ]);
    if (docs !== current || closed) return;
    if (changed.length + gone.length > Math.min(MAX_INCREMENTAL, Math.max(100, current.count / 5))) {
      docs = null;
      start();
      return;
    }
    await learnSeparators(changed);
    if (docs !== current || closed) return;
    for (const { id } of gone) current.remove(id);
    for (const row of changed) current.put(row);
    horizon = next;
    if (current.count > maxIndexed) {
      // Grown past what the index serves well: catalog_search answers from now on.
      docs = null;
      tooLargeAt = Date.now();
    }
  }

  function start(): void {
    if (loading || closed) return;
    loading = load()
      .catch((error: unknown) => {
        failedAt = Date.now();
        if (!closed) options.onError?.(error);
      })
      .finally(() => {
        loading = null;
      });
  }

  /** The lexemes of the words typed (the last as a prefix), from PostgreSQL once per word. */
  async function terms(typed: readonly string[]): Promise<Term[] | 'complex'> {
    const keys = typed.map((w, i) => (i === typed.length - 1 ? `${w}:*` : w));
    const missing = [...new Set(keys.filter((k) => !words.has(k)))];
    if (missing.length > 0) {
      const rows = await queryRows<{ k: string; q: string }>(
        db,
        sql`select k, to_tsquery('english'::regconfig, k)::text as q from unnest(${textArray(missing)}) k`,
      );
      if (words.size + rows.length > MAX_CACHED_WORDS) words.clear();
      for (const { k, q } of rows) words.set(k, parseLexeme(q));
    }
    const out: Term[] = [];
    for (const key of keys) {
      const lexeme = words.get(key);
      if (lexeme === 'complex' || lexeme === undefined) return 'complex';
      if (lexeme) out.push(lexeme);
    }
    return out;
  }

  /**
   * The ids of a search by catalog_search's rules (search.ts), or null when the index cannot
   * answer this one exactly (not loaded; a query with non-ASCII characters, whose case and word
   * boundaries depend on the database's locale; a word to_tsquery makes into more than one
   * lexeme; a typo search while some name has such characters, or one that would compare more
   * than MAX_FUZZY_COMPARED names).
   */
  async function plan(q: string, { offset = 0, limit, count = false }: SearchOptions): Promise<IndexSearchResult | null> {
    if (!docs || !isAscii(q)) return null;
    const typed = searchWords(q);
    const fuzzyWords = typed.filter((w) => w.length >= 2).slice(0, MAX_FUZZY_WORDS);
    const want = count ? MAX_MATCHES : Math.min(offset + limit, MAX_MATCHES);
    const skip = Math.min(offset, MAX_MATCHES);
    const found = typed.length > 0 ? await terms(typed) : null;
    if (found === 'complex') return null;
    const index = docs;
    if (!index) return null;

    const slots = index.slots;
    const byBestseller = (a: number, b: number) => slots[b]!.score - slots[a]!.score || slots[a]!.id - slots[b]!.id;
    // 1. names holding every word (the last as a prefix), or skus starting with the query.
    const names = found ? index.matching(index.names, found) : [];
    const first = new Set([...names, ...index.skuPrefix(q.toLowerCase())]);
    let truncated = first.size > MAX_MATCHES;
    let hits = firstBy([...first], want, byBestseller);
    const exact = hits.length;
    // 2. typos: names close to every word; failing that, to any word.
    if (exact < FUZZY_BELOW && hits.length < want && fuzzyWords.length > 0) {
      if (index.unsure > 0) return null;
      // Each distinct word's trigram set; `order` maps the words typed to them (a word typed twice counts twice).
      const distinctWords = [...new Set(fuzzyWords)];
      const sets = distinctWords.map((w) => new Set(trigramSequence(w)!));
      const order = fuzzyWords.map((w) => distinctWords.indexOf(w));
      const ranked = (close: Map<number, number[]>, exclude: ReadonlySet<number>, n: number) => {
        const scoreOf = new Map<number, number>();
        for (const [slot, sims] of close) {
          if (exclude.has(slot)) continue;
          // sum(word_similarity(x, name)) in float4 (sum(real) adds in real), then / n as double.
          let sum = 0;
          for (const w of order) sum = Math.fround(sum + sims[w]!);
          scoreOf.set(slot, sum / order.length);
        }
        truncated ||= scoreOf.size > FUZZY_CANDIDATES;
        return firstBy([...scoreOf.keys()], n, (a, b) => scoreOf.get(b)! - scoreOf.get(a)! || byBestseller(a, b));
      };
      const close = index.fuzzy(sets, true);
      if (!close) return null;
      hits = hits.concat(ranked(close, new Set(hits), Math.min(FUZZY_CANDIDATES, want - hits.length)));
      if (hits.length === 0 && fuzzyWords.length > 1) {
        const any = index.fuzzy(sets, false);
        if (!any) return null;
        hits = ranked(any, new Set(), Math.min(FUZZY_CANDIDATES, want));
      }
    }
    const nameHits = hits.length;
    // 3. text: name, sku and short description holding every word.
    if (hits.length < want && found) {
      const inHits = new Set(hits);
      const text = index.matching(index.texts, found).filter((slot) => !inHits.has(slot));
      truncated ||= text.length > MAX_MATCHES;
      hits = hits.concat(firstBy(text, want - hits.length, byBestseller));
    }
    return {
      ids: hits.slice(skip, skip + limit).map((slot) => slots[slot]!.id),
      nameCount: Math.max(0, Math.min(limit, nameHits - skip)),
      total: count ? hits.length : null,
      truncated,
    };
  }

  return {
    /** Starts loading (in the background); searches use catalog_search until it is done. */
    start,

    /** Resolves once loaded (or the load failed); for tests and the bench. */
    async ready(): Promise<boolean> {
      start();
      while (loading) await loading;
      return docs !== null;
    },

    stats: () => stats,

    /** The ids of a search (see `plan`), without the page's items: for the parity tests. */
    ids: plan,

    /**
     * A search's page: its ids and the page's stored items, current as of this statement, or
     * null when catalog_search must answer (see `plan`).
     */
    async search(q: string, searchOptions: SearchOptions): Promise<(IndexSearchResult & { docs: SearchPageDocument[] }) | null> {
      if (!docs) {
        // Not loaded (yet, or the last load failed more than 5 s ago: try again).
        if (!loading && Date.now() - failedAt > 5000 && Date.now() - tooLargeAt > RECOUNT_MS) start();
        return null;
      }
      for (let attempt = 0; attempt < 3; attempt++) {
        const found = await plan(q, searchOptions);
        if (!found) return null;
        const remembered = fromMemory(found.ids);
        if (remembered) return { ...found, docs: remembered };
        // Taken before the statement: a write asked for meanwhile moves the clock past it.
        const checkedAt = clock() ?? -1;
        const [row] = await preparedRows<PageRow>(db, PAGE, [
          { type: 'int[]', value: found.ids },
          { type: 'int[]', value: found.ids.map((id) => items.get(id)?.version ?? -1) },
          { type: 'text', value: horizon },
        ]);
        if (row && !row.stale) {
          indexCheckedAt = checkedAt;
          return {
            ...found,
            docs: found.ids.flatMap((id, i) => {
              const version = row.versions[i];
              if (version === null || version === undefined) return [];
              const current = row.fresh[i] === true;
              const sent = row.items[i];
              let searchItem: string | null;
              if (sent !== null && sent !== undefined) {
                searchItem = sent;
                // Only a built document's item is kept (a stale one is rebuilt by the caller).
                if (current) {
                  if (items.size >= MAX_CACHED_ITEMS) items.clear();
                  items.set(id, { version, item: sent, checkedAt });
                }
              } else {
                const held = items.get(id);
                searchItem = held && held.version === version ? held.item : null;
                if (held && searchItem !== null && current) held.checkedAt = checkedAt;
              }
              return [{ id, searchItem, version, current }];
            }),
          };
        }
        // Something changed since the index last read: read it (one refresh at a time), search again.
        refreshing ??= refresh()
          .catch((error: unknown) => {
            // The index may now be behind: catalog_search answers until it is loaded again.
            docs = null;
            failedAt = Date.now();
            if (!closed) options.onError?.(error);
          })
          .finally(() => {
            refreshing = null;
          });
        await refreshing;
        if (!docs) return null;
      }
      return null;
    },

    async close(): Promise<void> {
      closed = true;
      await loading?.catch(() => {});
      await refreshing?.catch(() => {});
    },
  };
}

/** A word's to_tsquery text: '' (a stop word), 'lexeme' or 'lexeme':*; anything else is complex. */
function parseLexeme(q: string): WordLexeme {
  if (q === '') return null;
  const match = /^'((?:[^'\\]|''|\\.)*)'(:\*)?$/.exec(q);
  if (!match) return 'complex';
  return { lexeme: match[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1'), prefix: match[2] !== undefined };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
