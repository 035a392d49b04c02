import { sql } from 'drizzle-orm';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';

/** SQL for "the product `alias` is shown on the storefront": enabled, and on the storefront's website. */
export const shown = (alias: string) => sql.raw(`${alias}.status = 1 and ${STOREFRONT_WEBSITE_ID} = any(${alias}.website_ids)`);

/** An integer[] parameter (one bind value whatever the length). */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;
