import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Facts about the database itself, keyed by name (e.g. 'seed': which seed version was loaded).
 * Not domain data: domains keep their tables in `src/<domain>/schema.ts`.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
