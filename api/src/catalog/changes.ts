import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { dbKind, type Db, type DbExecutor } from '../db/client';
import type { WriteClock } from '../db/write-clock';

/**
 * Catalogue changes, told to every API process on the database (every worker of every instance),
 * so each drops what it cached at once instead of waiting for its caches to expire.
 *
 * A write announces its change inside its own transaction with `pg_notify`: PostgreSQL delivers it
 * to every session that LISTENs on the channel when (and only if) the transaction commits, so no
 * process hears of a change it could not read yet, nor of one rolled back. On PostgreSQL each
 * process listens on a connection of its own (outside the pool); on PGlite, which one process
 * owns, the same NOTIFY reaches the process's own listener (PGlite's `listen`). A listening
 * connection that drops is opened again (backoff up to 5 s); whatever was announced meanwhile is
 * unknown, so listeners then hear `{ all: true }`.
 */
export const CATALOG_CHANNEL = 'shop_catalog_changes';
/**
 * Sent by the database itself (migration 0024's triggers), empty, when a transaction that changed
 * the search documents or a product document's content commits, whoever wrote: see `heard`.
 */
export const SEARCH_CHANNEL = 'shop_search_writes';

export interface CatalogChange {
  /** The products whose answers changed (their pages, listings, search results, baskets). */
  productIds?: number[];
  /** Categories whose answers changed (the menu, their pages). */
  categoryIds?: number[];
  /** Content answers changed (CMS pages, advice posts, reviews). */
  content?: boolean;
  /** Anything may have changed (a listening connection was lost and found again). */
  all?: boolean;
}

export type CatalogChangeListener = (change: CatalogChange) => void;

export interface CatalogChanges {
  /** In the writing transaction: every process hears of it once that transaction commits. */
  announce(tx: DbExecutor, change: CatalogChange): Promise<void>;
  /**
   * After the writing transaction committed: this process's listeners hear of it at once, so the
   * writer's next read is current (other processes hear the NOTIFY a few ms later).
   */
  committed(change: CatalogChange): void;
  /** Calls `listener` for every change this process hears of; answers the unsubscribe. */
  subscribe(listener: CatalogChangeListener): () => void;
  /**
   * Moves with every change this process hears of (either channel, and its own announcements),
   * and at every reading while it is not listening (nothing heard can then be trusted): a cache
   * that also counts its own process's writes (db/write-clock.ts) knows nothing changed while both
   * stand still (catalog/search-index.ts). A NOTIFY arrives a few ms after its commit.
   */
  readonly heard: WriteClock;
  /** Resolves once this process listens (tests wait for it before writing). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** At most 8000 bytes fit in a NOTIFY payload: a change of more products says "all". */
const MAX_IDS = 500;

export function createCatalogChanges(db: Db, options: { databaseUrl?: string | undefined; onError?: (error: unknown) => void } = {}): CatalogChanges {
  const listeners = new Set<CatalogChangeListener>();
  let heard = 0;
  /** Listening now (a notification sent while not would never arrive). */
  let connected = false;
  const deliver = (payload: string | undefined) => {
    heard++;
    let change: CatalogChange;
    try {
      change = payload ? (JSON.parse(payload) as CatalogChange) : { all: true };
    } catch {
      change = { all: true };
    }
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        options.onError?.(error);
      }
    }
  };

  let closed = false;
  let stop: () => Promise<void> = async () => {};
  let listening: Promise<void>;

  if (dbKind(db) === 'pglite') {
    const pglite = db.$client as PGlite;
    listening = Promise.all([
      pglite.listen(CATALOG_CHANNEL, deliver),
      pglite.listen(SEARCH_CHANNEL, () => {
        heard++;
      }),
    ]).then((unlisten) => {
      connected = true;
      heard++;
      stop = async () => {
        connected = false;
        if (!pglite.closed) for (const u of unlisten) await u();
      };
    });
  } else {
    const url = options.databaseUrl ?? (db.$client as pg.Pool).options.connectionString;
    if (!url) throw new Error('catalogue changes: no database URL to listen on');
    let client: pg.Client | null = null;
    let retryMs = 100;
    let timer: NodeJS.Timeout | undefined;
    let first = true;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url, application_name: 'shop-api-listen' });
      next.on('notification', (message) => {
        if (message.channel === CATALOG_CHANNEL) deliver(message.payload);
        else if (message.channel === SEARCH_CHANNEL) heard++;
      });
      const lost = (error?: unknown) => {
        if (error) options.onError?.(error);
        if (client !== next) return;
        client = null;
        connected = false;
        next.removeAllListeners('end');
        next.end().catch(() => {});
        if (!closed) timer = setTimeout(() => void connect().catch(retry), retryMs);
      };
      next.on('error', lost);
      next.on('end', () => lost());
      await next.connect();
      await next.query(`LISTEN ${CATALOG_CHANNEL}; LISTEN ${SEARCH_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      connected = true;
      heard++;
      retryMs = 100;
      // Found again after a loss: what was announced meanwhile never reached us.
      if (!first) deliver(undefined);
      first = false;
    };
    const retry = (error: unknown) => {
      options.onError?.(error);
      retryMs = Math.min(retryMs * 2, 5000);
      if (!closed) timer = setTimeout(() => void connect().catch(retry), retryMs);
    };
    listening = connect().catch(retry);
    stop = async () => {
      clearTimeout(timer);
      const open = client;
      client = null;
      connected = false;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => {});
      }
    };
  }
  listening.catch((error: unknown) => options.onError?.(error));

  return {
    async announce(tx, change) {
      const ids = change.productIds ?? [];
      const payload = change.all || ids.length > MAX_IDS ? { all: true } : { ...change, productIds: ids };
      await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${JSON.stringify(payload)})`);
    },
    committed(change) {
      deliver(JSON.stringify(change));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    heard: {
      get generation() {
        return connected ? heard : ++heard;
      },
    },
    ready: () => listening,
    async close() {
      closed = true;
      listeners.clear();
      await listening.catch(() => {});
      await stop();
    },
  };
}
