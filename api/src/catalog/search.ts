import { sql, type SQL } from 'drizzle-orm';
import { preparedRows, type Db } from '../db/client';
import type { ProductListRow } from './list-row';

/**
 * Product search and its ranking: which shown, search-visible products match what a shopper
 * typed, and in what order. The catalogue store's `search` runs it.
 */

export interface SearchRow extends ProductListRow {
  nameMatch: boolean;
}

export interface SearchOptions {
  offset?: number;
  limit: number;
  /** Find every match (up to MAX_MATCHES) to say how many there are. */
  count?: boolean;
}

/** Word similarity (0–1) a query word needs with a word of the name to count as a (fuzzy) match (catalog_search's setting). */
export const FUZZY_WORD_THRESHOLD = 0.45;

/** At most this many matches of a stage are ordered (a common word matches thousands of names). */
const STAGE_CANDIDATES = 2000;
/** The most matches one search counts and pages through (a stage orders at most STAGE_CANDIDATES). */
export const MAX_MATCHES = STAGE_CANDIDATES;
/** Fuzzy words a search compares at most (catalog_search pads to this many). */
export const MAX_FUZZY_WORDS = 6;

/** The stored search item of a page's product, as catalog_search answers it with the page. */
export interface SearchPageDocument {
  id: number;
  searchItem: string | null;
  version: number;
  current: boolean;
}

interface SearchCallRow extends Record<string, unknown> {
  page_ids: number[];
  name_count: number;
  total: number;
  items: Array<string | null>;
  versions: Array<number | null>;
  fresh: Array<boolean | null>;
}

/** A text[] parameter of words (letters and digits only, each quoted so a word like "null" stays a word). */
const textArray = (words: readonly string[]) => sql`${`{${words.map((w) => `"${w.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;

/**
 * Search among shown, search-visible products, in stages: names that hold every word (best
 * sellers first); then, when fewer than 10 names matched, names close to every word (typos,
 * closest first; failing that, close to any word); then products whose short description or sku
 * has every word. So name matches always come before the others, and the set of matches does not
 * depend on how many are asked for: page 3 follows page 2.
 *
 * The stages run in the database in one call, SQL function catalog_search (migration 0015), over
 * the search documents (table product_search, kept by a trigger on products): one round trip, no
 * transaction, and on PostgreSQL a named prepared statement whose stages PL/pgSQL plans once per
 * connection. It answers the page's stored search items with it (`docs`, in page order).
 *
 * `offset`/`limit` choose the rows; with `count` every match is found (up to MAX_MATCHES) to
 * say how many there are, else the stages stop once `offset + limit` are found. Answers the ids of
 * the page in order, and how many of them (from the first) matched by name.
 */
export async function searchIds(
  db: Db,
  q: string,
  { offset = 0, limit, count = false }: SearchOptions,
): Promise<{ ids: number[]; nameCount: number; total: number | null; docs: SearchPageDocument[] }> {
  const words = searchWords(q);
  const fuzzyWords = words.filter((w) => w.length >= 2).slice(0, MAX_FUZZY_WORDS);
  const want = count ? MAX_MATCHES : Math.min(offset + limit, MAX_MATCHES);
  // A page past the end is empty whatever its number: keep the offset within an integer.
  const skip = Math.min(offset, MAX_MATCHES);
  const [row] = await preparedRows<SearchCallRow>(
    db,
    'catalog_search_v1',
    sql`select page_ids, name_count, total, items, versions, fresh
        from catalog_search(${prefixTsquery(words)}::text, ${`${escapeLike(q)}%`}::text, ${textArray(fuzzyWords)}, ${want}::int, ${skip}::int, ${limit}::int)`,
  );
  const ids = row?.page_ids ?? [];
  return {
    ids,
    nameCount: row?.name_count ?? 0,
    total: count ? (row?.total ?? 0) : null,
    docs: ids.flatMap((id, i) =>
      row!.versions[i] === null || row!.versions[i] === undefined
        ? []
        : [{ id, searchItem: row!.items[i] ?? null, version: row!.versions[i]!, current: row!.fresh[i] === true }],
    ),
  };
}

/** searchIds with the listing rows of the page, built from the tables. */
export async function searchProducts(
  db: Db,
  listRowsByIds: (ids: readonly number[]) => Promise<ProductListRow[]>,
  q: string,
  options: SearchOptions,
): Promise<{ rows: SearchRow[]; total: number | null }> {
  const { ids, nameCount, total } = await searchIds(db, q, options);
  const rows = new Map((await listRowsByIds(ids)).map((r) => [r.id, r]));
  return {
    rows: ids.flatMap((id, i) => {
      const row = rows.get(id);
      return row ? [{ ...row, nameMatch: i < nameCount }] : [];
    }),
    total,
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}


/** The words of what a shopper typed: letters and digits, lower case, at most 8. */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * The text of a tsquery from the words a shopper typed: every word must match, the last one as a
 * prefix (they are still typing): 'cavity & drain & membr:*'. Words are letters and digits only,
 * so the text is always a well-formed tsquery ('' when there are no words).
 */
export function prefixTsquery(words: readonly string[]): string {
  if (words.length === 0) return '';
  return [...words.slice(0, -1), `${words.at(-1)}:*`].join(' & ');
}
