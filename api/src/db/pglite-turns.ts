import type { PGlite } from '@electric-sql/pglite';

/**
 * Gives the HTTP server regular turns while PGlite is busy.
 *
 * PGlite runs on the server's own thread, each statement synchronously (WASM). Node accepts at most
 * one new connection per event-loop iteration, and one iteration's poll phase runs the request of
 * every socket that has one, each to its end, database work included. Under load (50 open
 * connections) an iteration was one whole round of 50 requests, ~200 ms for searches, so a new
 * connection was accepted one per round: the 40th waited seconds for its first answer (bench:
 * search p99 3 s; no answer on an open connection over 0.4 s).
 *
 * So every top-level operation (query, exec, transaction) takes a turn from a FIFO queue whose
 * turns start from setImmediate, and an iteration runs queued operations for at most SLICE_MS
 * before yielding to the loop: the poll phase only reads requests and queues their work, and the
 * loop comes round every few ms. An operation on an idle database starts in the same iteration
 * (the check phase right after the poll that read its request), and one asked for while the
 * database is free within a running slice starts at once. Statements inside a transaction
 * use PGlite's transaction object: the transaction is one turn.
 */
export const SLICE_MS = 5;

export interface Turns {
  /** Runs `operation` in its turn. */
  run<R>(operation: () => Promise<R>): Promise<R>;
  /** Operations waiting (not counting the running one). */
  readonly waiting: number;
}

export function createTurns(sliceMs = SLICE_MS): Turns {
  const queue: Array<() => void> = [];
  let running = false;
  let scheduled = false;
  let sliceEnds = 0;
  const startNext = () => {
    const next = queue.shift();
    if (next) {
      running = true;
      next();
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      sliceEnds = performance.now() + sliceMs;
      if (!running) startNext();
    });
  };
  const release = () => {
    running = false;
    if (queue.length === 0) return;
    if (performance.now() < sliceEnds) startNext();
    else schedule();
  };
  return {
    async run<R>(operation: () => Promise<R>): Promise<R> {
      // Free and within the running slice (e.g. a request's next statement): at once.
      if (!running && queue.length === 0 && performance.now() < sliceEnds) running = true;
      else {
        await new Promise<void>((resolve) => {
          queue.push(resolve);
          if (!running) schedule();
        });
      }
      try {
        return await operation();
      } finally {
        release();
      }
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** Makes this instance's query, exec and transaction take turns (see above). */
export function takeTurns(client: PGlite, turns: Turns = createTurns()): PGlite {
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const operation = target[name].bind(client);
    target[name] = (...args: unknown[]) => turns.run(() => operation(...args));
  }
  return client;
}
