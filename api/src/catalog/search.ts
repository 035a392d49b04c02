import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { intArray, shown } from './shown';
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

/** The indexed full-text expression (see migration *_catalog_search.sql): keep them identical. */
const fullText = sql`to_tsvector('english'::regconfig, p.name || ' ' || p.sku || ' ' || coalesce(p.attrs->>'short_description', ''))`;

/** Word similarity (0–1) a query word needs with a word of the name to count as a (fuzzy) match. */
export const FUZZY_WORD_THRESHOLD = 0.45;

const searchable = sql`${shown('p')} and p.visibility in (3, 4)`;

/** At most this many matches of a stage are ordered (a common word matches thousands of names). */
const STAGE_CANDIDATES = 2000;
/** How many name candidates the typo stage ranks at most. */
const TYPO_CANDIDATES = 400;
/** Names with typos are looked for only when fewer names than this hold the words themselves. */
const TYPO_STAGE_BELOW = 10;
/** The most matches one search counts and pages through (a stage orders at most STAGE_CANDIDATES). */
export const MAX_MATCHES = STAGE_CANDIDATES;

/**
 * Settings of the search transaction: pg_trgm's word threshold looser than its 0.6, so a word with
 * a typo or two still matches; and index (bitmap) scans only. Without the last two the planner,
 * unable to tell how many names a prefix like 'geotex:*' matches, may walk every product in
 * best-seller order computing its text vector: seconds on a large catalogue instead of a few ms.
 */
const SEARCH_SETTINGS = sql.raw(
  `select set_config('pg_trgm.word_similarity_threshold', '${FUZZY_WORD_THRESHOLD}', true), ` +
    `set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
);

/**
 * Search stage 1, names: products whose name holds every word (`tsquery`, the last word as a
 * prefix) or whose sku starts with the query, best sellers first.
 */
function searchNames(tsquery: string, skuPrefix: string, limit: number): SQL {
  return sql`select c.id from (
      select p.id, p.bestseller_score from products p
      where ${searchable}
        and (to_tsvector('english'::regconfig, p.name) @@ to_tsquery('english'::regconfig, ${tsquery}) or p.sku ilike ${skuPrefix})
      limit ${STAGE_CANDIDATES}
    ) c
    order by c.bestseller_score desc, c.id asc
    limit ${limit}`;
}

/**
 * Search stage 2, names with typos: products each of whose `words` is close (trigrams) to a word of
 * the name (mode 'all'), or any of them is (mode 'any'), closest first, leaving out `exclude`.
 */
function searchTypos(mode: 'all' | 'any', words: string[], exclude: number[], limit: number): SQL {
  const fuzzy = sql.join(words.map((w) => sql`${w}::text <% p.name`), mode === 'all' ? sql` and ` : sql` or `);
  const score = sql`(${sql.join(words.map((w) => sql`word_similarity(${w}::text, c.name)`), sql` + `)}) / ${words.length}`;
  return sql`select c.id from (
      select p.id, p.name, p.bestseller_score from products p
      where ${searchable} and (${fuzzy}) and p.id <> all(${intArray(exclude)})
      limit ${TYPO_CANDIDATES}
    ) c
    order by ${score} desc, c.bestseller_score desc, c.id asc
    limit ${limit}`;
}

/** Search stage 3, text: products whose name, sku and short description hold every word. */
function searchText(tsquery: string, exclude: number[], limit: number): SQL {
  return sql`select c.id from (
      select p.id, p.bestseller_score from products p
      where ${searchable} and ${fullText} @@ to_tsquery('english'::regconfig, ${tsquery}) and p.id <> all(${intArray(exclude)})
      limit ${STAGE_CANDIDATES}
    ) c
    order by c.bestseller_score desc, c.id asc
    limit ${limit}`;
}

/**
 * Search among shown, search-visible products, in stages: names that hold every word (best
 * sellers first); then, when fewer than TYPO_STAGE_BELOW names matched, names close to every
 * word (typos, closest first; failing that, close to any word); then products whose short
 * description or sku has every word. So name matches always come before the others, and the
 * set of matches does not depend on how many are asked for: page 3 follows page 2.
 *
 * `offset`/`limit` choose the rows; with `count` every match is found (up to MAX_MATCHES) to
 * say how many there are, else the stages stop once `offset + limit` are found. Answers the ids of
 * the page in order, and how many of them (from the first) matched by name.
 */
export async function searchIds<T = undefined>(
  db: Db,
  q: string,
  { offset = 0, limit, count = false }: SearchOptions,
  /**
   * Reads what the page needs in the same transaction (on PGlite every query outside it waits
   * its turn behind every other request again; its settings hold for this read too).
   */
  readPage?: (tx: Db, pageIds: number[]) => Promise<T>,
): Promise<{ ids: number[]; nameCount: number; total: number | null; page: T | undefined }> {
  const words = searchWords(q);
  const fuzzyWords = words.filter((w) => w.length >= 2).slice(0, 6);
  const tsquery = prefixTsquery(words);
  const want = count ? MAX_MATCHES : Math.min(offset + limit, MAX_MATCHES);
  const stages = await db.transaction(async (tx) => {
    const run = async (query: SQL) => (await queryRows<{ id: number }>(tx as unknown as Db, query)).map((r) => r.id);
    await tx.execute(SEARCH_SETTINGS); // one round trip, like three SET LOCALs
    const ids: number[] = [];
    const seen = new Set<number>();
    const add = (found: number[]) => {
      for (const id of found) {
        if (ids.length >= want || seen.has(id)) continue;
        seen.add(id);
        ids.push(id);
      }
    };
    add(await run(searchNames(tsquery, `${escapeLike(q)}%`, want)));
    const exact = ids.length;
    if (exact < TYPO_STAGE_BELOW && ids.length < want && fuzzyWords.length > 0) {
      add(await run(searchTypos('all', fuzzyWords, ids, Math.min(TYPO_CANDIDATES, want - ids.length))));
      // Nothing is close to every word (a badly mistyped one, e.g. 'sump pmup'): any word will do.
      if (ids.length === 0 && fuzzyWords.length > 1) add(await run(searchTypos('any', fuzzyWords, ids, Math.min(TYPO_CANDIDATES, want))));
    }
    const nameCount = ids.length;
    if (ids.length < want && tsquery) add(await run(searchText(tsquery, [...ids], want - ids.length)));
    const pageIds = ids.slice(offset, offset + limit);
    return { ids, pageIds, nameCount, page: readPage ? await readPage(tx as unknown as Db, pageIds) : undefined };
  });
  return {
    ids: stages.pageIds,
    nameCount: Math.max(0, Math.min(limit, stages.nameCount - offset)),
    total: count ? stages.ids.length : null,
    page: stages.page,
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
