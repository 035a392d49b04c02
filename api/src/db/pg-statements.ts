import pg from 'pg';

/**
 * PostgreSQL's counterpart of pglite-statements.ts: every select, insert, update, delete and
 * with-statement the API sends runs as a named prepared statement, so each pooled connection
 * parses and plans a text once and later calls send only Bind and Execute.
 *
 * drizzle sends every query unnamed (Parse, Bind, Execute each time): a guest checkout's 30-odd
 * statements were parsed and planned again on every call, a large part of PostgreSQL's CPU per
 * checkout. node-postgres keeps a connection's named statements itself (it sends Parse only the
 * first time a name is used on a connection); this gives each distinct text one name, the same on
 * every connection.
 *
 * Bounded: the first MAX_NAMED distinct texts are named (a process's statements are a fixed set of
 * shapes, a few hundred, and the busy ones come early); any further text runs unnamed, as before,
 * so a connection never holds more than MAX_NAMED prepared statements.
 *
 * Not for a pooler in transaction mode (PgBouncer), which cannot keep named statements: set
 * PG_NAMED_STATEMENTS=0 there. A prepared statement's result columns are fixed: drizzle names its
 * columns, so a migration adding columns does not disturb one (a `select *` of our own would).
 */
export const MAX_NAMED = 1000;

const NAMED = /^\s*(select|insert|update|delete|with)\b/i;
const SEVERAL = /;\s*\S/;

export function statementNamer(max = MAX_NAMED) {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    const known = names.get(text);
    if (known) return known;
    // A text of several statements (a migration's) cannot be prepared: it runs unnamed.
    if (names.size >= max || !NAMED.test(text) || SEVERAL.test(text)) return undefined;
    const name = `shop_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

/** A pg.Client class (Pool's `Client` option) whose unnamed statements get names from `nameFor`. */
export function namingClient(nameFor: (text: string) => string | undefined): typeof pg.Client {
  // pg.Client's own query, looked up at each call (a test may wrap it to watch every statement).
  const query = (self: pg.Client, ...args: unknown[]) => (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(self, args);
  class NamingClient extends pg.Client {}
  // Overridden on the prototype: pg's query has many overloads, and drizzle calls it with a config
  // object ({ text, rowMode, types }) and the values.
  Object.defineProperty(NamingClient.prototype, 'query', {
    value: function (this: pg.Client, config: unknown, ...rest: unknown[]) {
      // (Not a Submittable, such as a cursor: it is passed on as it is.)
      if (config && typeof config === 'object' && !(config as pg.QueryConfig).name && typeof (config as { submit?: unknown }).submit !== 'function') {
        const text = (config as pg.QueryConfig).text;
        const name = typeof text === 'string' ? nameFor(text) : undefined;
        if (name) return query(this, { ...(config as pg.QueryConfig), name }, ...rest);
      }
      return query(this, config, ...rest);
    },
    writable: true,
    configurable: true,
  });
  return NamingClient;
}
