import type { PGlite } from '@electric-sql/pglite';

/**
 * A clock of everything that may have changed an embedded database.
 *
 * A PGlite data folder is open in one process only (db/lock.ts) and every statement goes through
 * this instance, so the process can know, without asking the database, that nothing has changed
 * since a moment: no statement that may write has been asked for or has run since. A cache that
 * remembers the generation at which it last checked its data against the database can then answer
 * without a statement as long as the generation has not moved (catalog/search-index.ts).
 *
 * Every query, exec and transaction counts as a possible write, counted when it is asked for and
 * again when it ends (its effects are visible from the first count on, and a statement that
 * started before a reader's check may finish after it), except SQL texts declared read-only
 * (plain SELECTs this code runs; a SELECT calling a function that writes must never be declared).
 * Wrong in the safe direction only: a read that is not declared makes readers check again.
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

/** Wraps the instance's query, exec and transaction to count the operations that may write. */
export function countWrites(client: PGlite): WriteClock {
  let generation = 0;
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', Operation>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const operation = target[name].bind(client);
    target[name] = (...args: unknown[]) => {
      if (name === 'query' && typeof args[0] === 'string' && readOnlyTexts.has(args[0])) return operation(...args);
      generation++;
      return operation(...args).finally(() => {
        generation++;
      });
    };
  }
  return {
    get generation() {
      return generation;
    },
  };
}
