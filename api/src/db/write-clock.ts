import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * A clock of what this process may have changed in the database.
 *
 * A cache that remembers the generation at which it last checked its data against the database
 * can answer without a statement while the generation has not moved (catalog/search-index.ts).
 *
 * Every operation counts as a possible write, when it is asked for and again when it ends (its
 * effects may be visible from the first count on, and one that started before a reader's check may
 * finish after it), except SQL texts declared read-only (plain SELECTs this code runs; a SELECT
 * calling a function that writes must never be declared). Wrong in the safe direction only: a read
 * that is not declared makes readers check again.
 *
 * - PGlite: a data folder is open in one process only (db/lock.ts) and every statement passes this
 *   instance's query, exec or transaction, so the clock sees every change there is.
 * - PostgreSQL: the pool's queries and its clients' (transactions) are counted; other processes'
 *   writes are not, so a cache there also follows what they announce (catalog/changes.ts).
 */
export interface WriteClock {
  /** Moves whenever the database may have changed. */
  readonly generation: number;
}

const readOnlyTexts = new Set<string>();

/** Declares an SQL text (exactly as it is sent) a read that changes nothing. */
export function declareReadOnly(text: string): void {
  readOnlyTexts.add(text);
}

type Operation = (...args: unknown[]) => Promise<unknown>;

/** The SQL text of a query call: `query(text, ...)` or `query({ text, ... })`. */
function textOf(args: unknown[]): string | undefined {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string') return (first as { text: string }).text;
  return undefined;
}

function createCounter() {
  let generation = 0;
  return {
    clock: {
      get generation() {
        return generation;
      },
    } satisfies WriteClock,
    /**
     * Wraps `target[name]` so each call not declared read-only counts (see above). `inherited`:
     * call the prototype's method as it is at each call (pg's clients; a test may patch it).
     */
    wrap(target: Record<string, Operation>, name: string, readsText: boolean, inherited = false): void {
      const operation = inherited
        ? (...args: unknown[]) => (Object.getPrototypeOf(target) as Record<string, Operation>)[name]!.apply(target, args)
        : target[name]!.bind(target);
      target[name] = (...args: unknown[]) => {
        if (readsText) {
          const text = textOf(args);
          if (text !== undefined && readOnlyTexts.has(text)) return operation(...args);
        }
        generation++;
        // A callback-style call (pg's query(text, values, callback)) answers no promise: it ends
        // when its callback is called.
        const last = args.length - 1;
        // (Only a query's last function is its callback: a transaction's is its work.)
        const callback = readsText ? args[last] : undefined;
        if (typeof callback === 'function') {
          args[last] = (...results: unknown[]) => {
            generation++;
            return (callback as (...r: unknown[]) => unknown)(...results);
          };
        }
        const result = operation(...args) as Promise<unknown> | undefined;
        if (typeof callback === 'function') return result as Promise<unknown>;
        if (!result || typeof result.finally !== 'function') {
          generation++; // a submittable (a cursor): its end is not seen here
          return result as Promise<unknown>;
        }
        return result.finally(() => {
          generation++;
        });
      };
    },
  };
}

/** Counts the operations on this PGlite instance (see above). */
export function countPgliteWrites(client: PGlite): WriteClock {
  const counter = createCounter();
  const target = client as unknown as Record<string, Operation>;
  counter.wrap(target, 'query', true);
  counter.wrap(target, 'exec', false);
  counter.wrap(target, 'transaction', false);
  return counter.clock;
}

/** Counts the queries of this pool and of the clients it hands out (transactions; see above). */
export function countPoolWrites(pool: pg.Pool): WriteClock {
  const counter = createCounter();
  const target = pool as unknown as Record<string, Operation>;
  counter.wrap(target, 'query', true);
  const wrapped = new WeakSet<object>();
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient>;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    const wrapClient = (client: pg.PoolClient) => {
      if (!wrapped.has(client)) {
        wrapped.add(client);
        counter.wrap(client as unknown as Record<string, Operation>, 'query', true, true);
      }
      return client;
    };
    const callback = args[0];
    if (typeof callback === 'function') {
      return connect((error: unknown, client: pg.PoolClient | undefined, done: unknown) =>
        (callback as (...a: unknown[]) => void)(error, client ? wrapClient(client) : client, done),
      );
    }
    return connect().then(wrapClient);
  };
  return counter.clock;
}
