import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column of the outer query, qualified by its table's name, for a correlated subquery written
 * in sql``. In a one-table select drizzle writes `${orders.id}` as plain "id", which inside
 * `(select … from order_addresses a where a.order_id = "id")` names the subquery's own id column:
 * the subquery then matches the wrong rows (found by the refund crash test: "more than one row
 * returned by a subquery" once a shop has two orders).
 */
export function outer(column: Column): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}
