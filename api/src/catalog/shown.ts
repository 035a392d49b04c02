import { sql } from 'drizzle-orm';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';

/** The condition "the product `alias` is shown on the storefront" as text: enabled, and on the storefront's website. */
export const shownText = (alias: string) => `${alias}.status = 1 and ${STOREFRONT_WEBSITE_ID} = any(${alias}.website_ids)`;

/** The same condition as SQL for the query builder. */
export const shown = (alias: string) => sql.raw(shownText(alias));

/** An integer[] parameter (one bind value whatever the length). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
