import { z } from 'zod';

/** What the add needs to know of a product beyond its listing: its required custom options. */
export const productOptionsSchema = z.object({ options: z.array(z.object({ is_require: z.boolean() })) });
