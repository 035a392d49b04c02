import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Prepared statements for PGlite, as PostgreSQL's drivers keep them per connection.
 *
 * PGlite's `query` sends every statement afresh: Parse, Describe, Bind, Describe, Execute and Sync,
 * each a separate call into the WASM backend, and PostgreSQL parses and plans the text each time.
 * On the checkout's statements that was most of their cost (measured: a one-row CTE 0.79 ms by
 * `query`, 0.29 ms as a named statement). So `query` (on the instance and in its transactions)
 * keeps up to `max` named statements, by SQL text: the first call of a text parses it once
 * (Parse, Describe: its parameter types), every call then binds and executes it in one call
 * (Bind, Describe, Execute, Sync), and PostgreSQL keeps its plan as it does for any prepared
 * statement (custom plans first, a generic one when it is as good). Answers, errors (the
 * DatabaseError with its SQLSTATE, `query` and `params`) and parameter serialisation are those of
 * `query`; the least recently used statement is closed when the cache is full.
 *
 * Only data statements (select, insert, update, delete, with) are kept: DDL and session commands
 * take `query`'s own way, and so does a call with a blob (COPY). A statement whose tables changed
 * shape since it was prepared (PostgreSQL: "cached plan must not change result type") is
 * prepared again, once.
 */
export const MAX_STATEMENTS = 300;

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** The statement must be prepared again: its tables changed shape, or it no longer exists. */
const isStale = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(message ?? ''));
};

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

interface Statement {
  name: string;
  paramTypes: number[];
}

interface ProtocolMessage {
  name: string;
  dataTypeIDs?: number[];
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface StatementCache {
  /** Statements prepared now (tests). */
  readonly size: number;
}

/** Makes `client.query` and its transactions' `query` use named statements (see above). */
export function cacheStatements(client: PGlite, max = MAX_STATEMENTS): StatementCache {
  const statements = new Map<string, Statement>();
  /** Statements to close with the next Parse (evicted from the cache). */
  const closing: string[] = [];
  let counter = 0;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `shop_${++counter}`;
    const closes = closing.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    const { messages } = await client.execProtocol(
      concat([...closes, serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
    );
    const description = (messages as ProtocolMessage[]).find((m) => m.name === 'parameterDescription');
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(text, statement);
    if (statements.size > max) {
      const [oldest] = statements;
      statements.delete(oldest![0]);
      closing.push(oldest![1].name);
    }
    return statement;
  }

  async function execute<T>(statement: Statement, params: unknown[], options: QueryOptions | undefined, syncToFs: boolean): Promise<Results<T>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
    );
    // The call's own parsers over the instance's, by prototype: PGlite's query copies the whole
    // table (hundreds of array types) into a new object on every call that brings its own.
    const parsers = options?.parsers ? Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers) : client.parsers;
    const rest = options?.parsers ? { ...options, parsers: undefined } : options;
    return parse.parseResults(messages as Parameters<typeof parse.parseResults>[0], parsers, rest)[0] as Results<T>;
  }

  /** `query` by named statements; `inTransaction`: no file sync after each (PGlite syncs after the commit). */
  function cached(fallback: Query, inTransaction: boolean): Query {
    return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      if (options?.blob || !DATA_STATEMENT.test(text)) return fallback<T>(text, params, options);
      // As PGlite's query: a top-level one waits for a transaction in progress to end.
      if (!inTransaction) {
        await client._checkReady();
        return client._runExclusiveTransaction(() => run<T>(text, params, options));
      }
      return run<T>(text, params, options);
    };

    function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
      return client._runExclusiveQuery(async () => {
        let statement = statements.get(text);
        try {
          if (statement) {
            statements.delete(text); // most recently used last
            statements.set(text, statement);
          } else {
            statement = await prepare(text, options);
          }
          try {
            return await execute<T>(statement, params, options, !inTransaction);
          } catch (error) {
            if (!isStale(error)) throw error;
            statements.delete(text);
            closing.push(statement.name);
            return await execute<T>(await prepare(text, options), params, options, !inTransaction);
          }
        } catch (error) {
          if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        }
      });
    }
  }

  const target = client as unknown as { query: Query; transaction: PGlite['transaction'] };
  target.query = cached(target.query.bind(client), false);
  const transaction = target.transaction.bind(client);
  target.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const own = tx.query.bind(tx) as Query;
      const query = cached(own, true);
      // A closed transaction's query throws as PGlite's does.
      (tx as unknown as { query: Query }).query = <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        tx.closed ? own<R>(text, params, options) : query<R>(text, params, options);
      return callback(tx);
    });

  return {
    get size() {
      return statements.size;
    },
  };
}
