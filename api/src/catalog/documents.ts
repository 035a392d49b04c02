import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { preparedRows, type PreparedQuery } from './prepared';
import { createCatalogService, type CatalogService } from './service';
import { createCatalogStore } from './store';

/**
 * The catalogue's read model (table product_documents, see schema.ts): each product's page answer
 * and listing item as JSON text, so a product page is one indexed lookup whose text is sent as
 * it is. Triggers raise a document's `version` in the transaction of every catalogue write; a
 * document is current while `built_version = version`. A stale or missing one is built here with
 * the catalogue service (the same code that answered before the read model existed) and written
 * back only if its version did not move meanwhile, so a write that lands during a rebuild is never
 * hidden by it.
 */

interface DocumentRow {
  id: number;
  info: string | null;
  listItem: string | null;
  version: number;
  current: boolean;
}

const DOCUMENTS: PreparedQuery = {
  name: 'catalog_documents_v1',
  text: `select product_id as id, info, list_item as "listItem", version, built_version is not distinct from version as current
    from product_documents where product_id = any($1::int[])`,
};

/** Documents rebuilt per statement when refreshing many. */
const BATCH = 500;

export interface BuiltDocument {
  id: number;
  version: number;
  info: string | null;
  listItem: string | null;
}

export function createProductDocuments(db: Db, service: CatalogService) {
  /** Builds the documents of these products (read at these versions) from the catalogue tables. */
  async function build(rows: ReadonlyArray<{ id: number; version: number }>): Promise<BuiltDocument[]> {
    const ids = rows.map((r) => r.id);
    const [infos, items] = await Promise.all([service.productInfos(ids), service.listItems(ids)]);
    const itemById = new Map(items.map((item) => [item.id, item]));
    return rows.map(({ id, version }) => {
      const info = infos.get(id);
      const item = itemById.get(id);
      return { id, version, info: info ? JSON.stringify(info) : null, listItem: item ? JSON.stringify(item) : null };
    });
  }

  /** Stores built documents whose version is still the one they were built from. */
  async function store(docs: readonly BuiltDocument[]): Promise<void> {
    if (docs.length === 0) return;
    await queryRows(
      db,
      sql`update product_documents d set info = u.info, list_item = u.item, built_version = u.version
          from json_to_recordset(${JSON.stringify(docs.map((d) => ({ id: d.id, version: d.version, info: d.info, item: d.listItem })))}::json)
            as u(id integer, version integer, info text, item text)
          where d.product_id = u.id and d.version = u.version`,
    );
  }

  /** Current documents of these ids (rebuilding stale ones); ids without a product are left out. */
  async function documents(ids: readonly number[]): Promise<Map<number, DocumentRow>> {
    const rows = ids.length === 0 ? [] : await preparedRows<DocumentRow>(db, DOCUMENTS, [{ type: 'int[]', value: ids }]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const stale = rows.filter((r) => !r.current);
    if (stale.length > 0) {
      const built = await build(stale);
      await store(built);
      for (const doc of built) byId.set(doc.id, { ...doc, current: true });
    }
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
