import { dbKind, type Db } from '../db/client';
import { declareReadOnly } from '../db/write-clock';

/**
 * Named prepared statements for the catalogue's hottest reads (product detail, URL resolve).
 * Planning a query with a dozen sub-selects costs several times more than running it, so the
 * plan is made once per database session and reused:
 * - PostgreSQL: node-postgres prepares a named statement once per pooled connection.
 * - PGlite (one session per process): `PREPARE name(types) AS ...` once, then `EXECUTE name(...)`
 *   with the arguments written as SQL literals (EXECUTE takes no bind parameters).
 *
 * Only integer, integer[] and text arguments are supported; text literals are quoted by doubling
 * single quotes (standard_conforming_strings is on in every supported PostgreSQL) and may not
 * contain NUL (the route schemas reject it).
 */

export type PreparedArg = { type: 'int'; value: number } | { type: 'int[]'; value: readonly number[] } | { type: 'text'; value: string };

export interface PreparedQuery {
  /**
   * Unique statement name, e.g. 'catalog_product_rows_v1' (change the version when the text
   * changes). Without a name the statement is planned at every call with its actual arguments:
   * right for queries whose best plan depends on them (search: a rare word wants the GIN index,
   * a common one an ordered scan), which a prepared statement's generic plan cannot know.
   */
  name?: string;
  /** SQL with $1, $2... placeholders; argument types are declared by `args` of the first call. */
  text: string;
  /**
   * Settings the statement needs in its session (e.g. a pg_trgm threshold), applied once per
   * session with SET. The catalogue's pool connections and PGlite session are this API's own.
   */
  settings?: Record<string, string>;
  /**
   * A plain read (a SELECT that calls nothing that writes): declared read-only, so it does not
   * move the database's write clock (db/write-clock.ts). On PGlite it is sent as it is (the
   * instance prepares every data statement once: db/pglite-statements.ts).
   */
  readOnly?: true;
}

interface QueryConfig {
  name?: string;
  text: string;
  values: unknown[];
}
interface PooledClient {
  query(config: QueryConfig | string): Promise<{ rows: unknown[] }>;
  release(): void;
}
interface Pool {
  query(config: QueryConfig): Promise<{ rows: unknown[] }>;
  connect(): Promise<PooledClient>;
}
interface PgliteClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown>;
}

/** Per PGlite instance: the statements prepared (or being prepared) in its session. */
const preparedIn = new WeakMap<object, Map<string, Promise<unknown>>>();

function literal(arg: PreparedArg): string {
  switch (arg.type) {
    case 'int':
      if (!Number.isSafeInteger(arg.value)) throw new Error('prepared query: int argument is not an integer');
      return `${arg.value}::integer`;
    case 'int[]':
      for (const n of arg.value) if (!Number.isSafeInteger(n)) throw new Error('prepared query: int[] argument holds a non-integer');
      return `'{${arg.value.join(',')}}'::integer[]`;
    case 'text':
      if (arg.value.includes('\u0000')) throw new Error('prepared query: text argument contains NUL');
      return `'${arg.value.replace(/'/g, "''")}'::text`;
  }
}

const pgType = (arg: PreparedArg) => (arg.type === 'int' ? 'integer' : arg.type === 'int[]' ? 'integer[]' : 'text');

/** Sessions (pooled connections, PGlite instances) and the settings already applied in them. */
const settingsIn = new WeakMap<object, Set<string>>();

function settingStatements(query: PreparedQuery, session: object): string[] {
  if (!query.settings) return [];
  let applied = settingsIn.get(session);
  if (!applied) settingsIn.set(session, (applied = new Set()));
  const statements: string[] = [];
  for (const [name, value] of Object.entries(query.settings)) {
    if (!/^[a-z_.]+$/.test(name) || !/^[\w.]+$/.test(value)) throw new Error(`prepared query: bad setting ${name}`);
    const key = `${name}=${value}`;
    if (applied.has(key)) continue;
    applied.add(key);
    statements.push(`SET ${name} = ${value}`);
  }
  return statements;
}

/** Runs a prepared query with these arguments and answers its rows. */
export async function preparedRows<T>(db: Db, query: PreparedQuery, args: readonly PreparedArg[]): Promise<T[]> {
  const client = db.$client as unknown as object;
  for (const arg of args) literal(arg); // the same checks whichever way the arguments travel
  const values = args.map((a) => (a.type === 'int[]' ? `{${a.value.join(',')}}` : a.value));
  if (query.readOnly) declareReadOnly(query.text);
  const config: QueryConfig = { ...(query.name ? { name: query.name } : {}), text: query.text, values };
  if (dbKind(db) === 'postgres') {
    const pool = client as Pool;
    if (!query.settings) return (await pool.query(config)).rows as T[];
    const connection = await pool.connect();
    try {
      for (const statement of settingStatements(query, connection)) await connection.query(statement);
      return (await connection.query(config)).rows as T[];
    } finally {
      connection.release();
    }
  }
  const pglite = client as PgliteClient;
  for (const statement of settingStatements(query, client)) await pglite.exec(statement);
  if (query.readOnly) {
    return (await pglite.query(query.text, values)).rows as T[];
  }
  const name = query.name;
  if (!name) return (await pglite.query(query.text, values)).rows as T[];
  let prepared = preparedIn.get(client);
  if (!prepared) preparedIn.set(client, (prepared = new Map()));
  let ready = prepared.get(name);
  if (!ready) {
    ready = pglite.exec(`PREPARE ${name}(${args.map(pgType).join(', ')}) AS ${query.text}`);
    prepared.set(name, ready);
    ready.catch(() => prepared!.delete(name));
  }
  await ready;
  const result = await pglite.query(`EXECUTE ${name}(${args.map(literal).join(', ')})`);
  return result.rows as T[];
}
