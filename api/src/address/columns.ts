import { integer, jsonb, text } from 'drizzle-orm/pg-core';
import type { BuildColumns, InferModelFromColumns } from 'drizzle-orm';

/**
 * The columns of an address, defined once: the address book (customer/schema.ts,
 * customer_addresses) and the addresses of an order (orders/schema.ts, order_addresses) spread
 * them into their tables. Column names and types are exactly what migrations 0004 created, so
 * using the helper changed nothing in the database. A new address field is one line here (then
 * generate a migration) and two in ./mapper.ts.
 *
 * `street` holds only the non-empty lines (1 or 2). The region is kept by id and, as it was named
 * when saved, by name and code. order_addresses overrides `telephone` to allow NULL (insertOrder
 * takes an address without a phone).
 */
export const addressColumns = () => ({
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  company: text('company'),
  telephone: text('telephone').notNull(),
  street: jsonb('street').$type<string[]>().notNull(),
  city: text('city').notNull(),
  regionId: integer('region_id'),
  region: text('region'),
  regionCode: text('region_code'),
  postcode: text('postcode').notNull(),
  countryId: text('country_id').notNull(),
});

/** An address as its columns hold it (a row of either table, its address part). */
export type AddressRow = InferModelFromColumns<BuildColumns<'address', ReturnType<typeof addressColumns>, 'pg'>>;
