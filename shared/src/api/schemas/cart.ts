import { z } from 'zod';

export const configurableItemOptionSchema = z.object({
  option_id: z.union([z.string(), z.number()]),
  option_value: z.union([z.string(), z.number()]),
});

/** A basket line. Configurable items carry base sku, a hyphen, then the option sku. */
export const cartItemSchema = z.object({
  item_id: z.union([z.number(), z.string()]),
  sku: z.string(),
  name: z.string(),
  /** Unit price in pounds, ex VAT. */
  price: z.number(),
  qty: z.number().int(),
  image: z.string().optional().nullable(),
  option_title: z.string().optional().nullable(),
  url: z.string().optional().nullable(),
  product_option: z
    .object({
      extension_attributes: z
        .object({ configurable_item_options: z.array(configurableItemOptionSchema).optional() })
        .optional(),
    })
    .optional()
    .nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** Answer of POST /api/cart, /api/cart/add and /api/cart/remove: lines and the goods total (£ ex VAT). */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  total: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;
