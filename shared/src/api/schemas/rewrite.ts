import { z } from './z';

/**
 * Answer of GET /api/url-rewrites/resolve?path= : what a URL path of the shop is.
 * A 404 answer means the path is not a page of the shop.
 */
export const resolvedPathSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('product'), id: z.number().int(), sku: z.string(), url: z.string() }),
  z.object({ type: z.literal('category'), id: z.number().int(), url: z.string() }),
  z.object({ type: z.literal('cms-page'), identifier: z.string(), url: z.string() }),
  /** An old path that moved: redirect (301) to `target`. */
  z.object({ type: z.literal('redirect'), target: z.string(), status: z.literal(301) }),
]);
export type ResolvedPath = z.infer<typeof resolvedPathSchema>;
