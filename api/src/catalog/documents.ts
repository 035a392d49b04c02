import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { CategorySort } from '@shop/shared/schemas';
import { searchItemAnswer } from './answers';
import { listingPageStatement, listingPageTextStatement, type ListingPageRow, type ListingPageTextRow } from './category-listing';
import { preparedRows, type PreparedQuery } from './prepared';
import { searchIds } from './search';
import type { SearchIndex } from './search-index';
import { intArray } from './shown';
import { CATALOG_LIMITS, createCatalogService, type CatalogService } from './service';
import { createCatalogStore } from './store';

/**
 * The catalogue's read model (table product_documents, see schema.ts): each product's page answer,
 * listing item and search item as JSON text, so a product page is one indexed lookup whose text
 * is sent as it is; a category page is one statement over category_listings (category-listing.ts)
 * joined to these documents; search finds its ids by its rules (search.ts) and sends the stored
 * items. Triggers raise a document's `version` in the transaction of every catalogue write; a
 * document is current while `built_version = version`. A stale or missing one is built here with
 * the catalogue service (the same code that answered before the read model existed) and written
 * back only if its version did not move meanwhile, so a write that lands during a rebuild is never
 * hidden by it.
 */

interface DocumentRow extends BuiltDocument {
  current: boolean;
}

const DOCUMENTS_SELECT = `select d.product_id as id, p.info, d.list_item as "listItem", d.search_item as "searchItem", d.version,
      d.built_version is not distinct from d.version as current
    from product_documents d left join product_pages p on p.product_id = d.product_id`;

const DOCUMENTS: PreparedQuery = {
  name: 'catalog_documents_v3',
  text: `${DOCUMENTS_SELECT} where d.product_id = any($1::int[])`,
};

/**
 * One product's documents (a product page). A statement of its own, since with `any($1)` each
 * call's plan (one id) looks cheaper than the generic plan (an array of unknown length), so
 * PostgreSQL planned it again at every call: 0.06 ms of planning for 0.03 ms of execution. With
 * `= $1` every plan is alike and it keeps one per session.
 */
export const DOCUMENT: PreparedQuery = {
  name: 'catalog_document_v1',
  text: `${DOCUMENTS_SELECT} where d.product_id = $1::int`,
};

/** Documents rebuilt per statement when refreshing many. */
const BATCH = 500;

export interface BuiltDocument {
  id: number;
  version: number;
  info: string | null;
  listItem: string | null;
  searchItem: string | null;
}

/** Query of a category page or a search, as the routes take them. */
export interface PageQuery {
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** `searchIndex`: this process's search index (search-index.ts); without it, or while it loads, catalog_search answers. */
export function createProductDocuments(db: Db, service: CatalogService, searchIndex?: SearchIndex) {
  /** Builds the documents of these products (read at these versions) from the catalogue tables. */
  async function build(rows: ReadonlyArray<{ id: number; version: number }>): Promise<BuiltDocument[]> {
    const ids = rows.map((r) => r.id);
    const [infos, items] = await Promise.all([service.productInfos(ids), service.listItems(ids)]);
    const itemById = new Map(items.map((item) => [item.id, item]));
    return rows.map(({ id, version }) => {
      const info = infos.get(id);
      const item = itemById.get(id);
      return {
        id,
        version,
        info: info ? JSON.stringify(info) : null,
        listItem: item ? JSON.stringify(item) : null,
        searchItem: item ? JSON.stringify(searchItemAnswer(item)) : null,
      };
    });
  }

  /** Stores built documents whose version is still the one they were built from. */
  async function store(docs: readonly BuiltDocument[]): Promise<void> {
    if (docs.length === 0) return;
    await queryRows(
      db,
      // The page answer is written only with a document still at its version, in the same statement.
      // A document another transaction holds is skipped, never waited for: that transaction is a
      // catalogue write (or a stock claim) that will raise its version anyway, and a rebuild that
      // waited while holding other documents could close a circle of waits (a deadlock).
      sql`with u as (
            select * from json_to_recordset(${JSON.stringify(docs.map((d) => ({ id: d.id, version: d.version, info: d.info, item: d.listItem, search: d.searchItem })))}::json)
              as u(id integer, version integer, info text, item text, search text)
          ), free as materialized (
            select d.product_id from product_documents d join u on u.id = d.product_id and d.version = u.version
            order by d.product_id for update of d skip locked
          ), stored as (
            update product_documents d set list_item = u.item, search_item = u.search, built_version = u.version
            from u where d.product_id = u.id and d.version = u.version and d.product_id = any(array(select product_id from free))
            returning d.product_id
          )
          insert into product_pages (product_id, info)
          select u.id, u.info from u join stored on stored.product_id = u.id
          on conflict (product_id) do update set info = excluded.info`,
    );
  }

  /** Builds and stores the stale ones among these documents: the built ones by id. */
  async function rebuilt(rows: ReadonlyArray<{ id: number; version: number; current: boolean }>): Promise<Map<number, BuiltDocument>> {
    const stale = rows.filter((r) => !r.current);
    if (stale.length === 0) return new Map();
    const built = await build(stale);
    await store(built);
    return new Map(built.map((doc) => [doc.id, doc]));
  }

  /** Current documents of these ids (rebuilding stale ones); ids without a product are left out. */
  async function documents(ids: readonly number[]): Promise<Map<number, BuiltDocument>> {
    const rows =
      ids.length === 0
        ? []
        : ids.length === 1
          ? await preparedRows<DocumentRow>(db, DOCUMENT, [{ type: 'int', value: ids[0]! }])
          : await preparedRows<DocumentRow>(db, DOCUMENTS, [{ type: 'int[]', value: ids }]);
    const byId = new Map<number, BuiltDocument>(rows.map((r) => [r.id, r]));
    for (const [id, doc] of await rebuilt(rows)) byId.set(id, doc);
    return byId;
  }

  return {
    build,
    store,

    /** The product page answer as JSON text, or null when the product has no page. */
    async info(id: number): Promise<string | null> {
      return (await documents([id])).get(id)?.info ?? null;
    },

    /** Listing items (JSON text) of the shown products among `ids`, in the order of `ids`. */
    async listItems(ids: readonly number[]): Promise<string[]> {
      const docs = await documents(ids);
      return ids.flatMap((id) => {
        const item = docs.get(id)?.listItem;
        return item ? [item] : [];
      });
    },

    /**
     * GET /categories/:id/products as JSON text (the keys in the order of the service's
     * categoryProducts, which answers the same from the tables), or null for an unknown or
     * inactive category.
     */
    async categoryPage(categoryId: number, query: PageQuery & { sort?: CategorySort | undefined }): Promise<string | null> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? CATALOG_LIMITS.categoryPageSize;
      const sort = query.sort ?? 'position';
      const args = [
        { type: 'int', value: categoryId },
        { type: 'int', value: pageSize },
        // A page past the end is empty whatever its number: keep the offset within an integer.
        { type: 'int', value: Math.min((page - 1) * pageSize, 2 ** 31 - 1) },
      ] as const;
      const answer = (category: { name: string; urlPath: string; total: number }, items: string) =>
        `{"category":${JSON.stringify({ id: categoryId, name: category.name, url: `/${category.urlPath}` })},"items":[${items}],` +
        `"page":${page},"pageSize":${pageSize},"totalCount":${category.total},"sort":${JSON.stringify(sort)}}`;

      // Usually every document of the page is current: one row with the items already joined.
      const [text] = await preparedRows<ListingPageTextRow>(db, listingPageTextStatement(sort), args);
      if (!text) return null;
      if (text.stale === 0) return answer(text, text.items ?? '');

      // A stale document on the page: read it row by row and rebuild the stale ones.
      const rows = await preparedRows<ListingPageRow>(db, listingPageStatement(sort), args);
      const first = rows[0];
      if (!first) return null;
      const listed = rows.flatMap((r) => (r.id !== null && r.version !== null ? [{ id: r.id, version: r.version, current: r.current === true, listItem: r.listItem }] : []));
      const fresh = await rebuilt(listed);
      const items = listed.flatMap((r) => {
        const item = fresh.has(r.id) ? fresh.get(r.id)!.listItem : r.listItem;
        return item ? [item] : [];
      });
      return answer(first, items.join(','));
    },

    /**
     * GET /products/search as JSON text: the ids by search's rules (search.ts: from the search
     * index when it can answer, else catalog_search), the items stored.
     * Suggestions (`limit`), or with `page`/`pageSize` one page and the count of every match.
     */
    async search(q: string, query: PageQuery & { limit?: number | undefined } = {}): Promise<string> {
      const paged = query.page !== undefined || query.pageSize !== undefined;
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? CATALOG_LIMITS.searchPageSize;
      const options = paged ? { offset: (page - 1) * pageSize, limit: pageSize, count: true } : { limit: query.limit ?? CATALOG_LIMITS.searchLimit };
      const { ids, total, docs: rows } = (await searchIndex?.search(q, options)) ?? (await searchIds(db, q, options));
      const docs = new Map<number, Pick<BuiltDocument, 'searchItem'>>(rows.map((r) => [r.id, r]));
      for (const [id, doc] of await rebuilt(rows)) docs.set(id, doc);
      const items = ids.flatMap((id) => {
        const item = docs.get(id)?.searchItem;
        return item ? [item] : [];
      });
      const more = paged ? `,"page":${page},"pageSize":${pageSize},"totalCount":${total ?? items.length}` : '';
      return `{"q":${JSON.stringify(q)},"items":[${items.join(',')}]${more}}`;
    },

    /** Rebuilds every stale document (after a seed or a bulk load); answers how many. */
    async refreshAll(log: (message: string) => void = () => {}): Promise<number> {
      let done = 0;
      for (;;) {
        const stale = await queryRows<{ id: number; version: number }>(
          db,
          sql`select product_id as id, version from product_documents
              where built_version is distinct from version order by product_id limit ${BATCH}`,
        );
        if (stale.length === 0) return done;
        await store(await build(stale));
        done += stale.length;
        if (done % 10_000 < BATCH) log(`product documents: ${done} rebuilt`);
        // A document whose version moved during its build stays stale: a later pass takes it.
      }
    },
  };
}

export type ProductDocuments = ReturnType<typeof createProductDocuments>;

/** Rebuilds every stale product document of this database (after a seed or a bulk load). */
export async function refreshProductDocuments(db: Db, log?: (message: string) => void): Promise<number> {
  return createProductDocuments(db, createCatalogService(createCatalogStore(db))).refreshAll(log);
}
