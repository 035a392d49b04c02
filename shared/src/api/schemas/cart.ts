import { z } from './z';

/**
 * Basket calls of the /api service (spec sections 3, 4 and 7). Money in answers is pounds as
 * numbers with 2 decimals (the service keeps integer pence). Prices, VAT, delivery and totals are
 * always the server's: whatever a request says about a price is ignored.
 *
 * Who owns a basket: a guest sends `cartId` (and `customerToken` null or absent); a signed-in
 * customer sends `customerToken` and always works on their own active basket (a `cartId` sent
 * with a token is ignored). An expired or revoked token answers 401 (start a guest basket and
 * retry); a guest basket the server does not know (or that was ordered or merged) answers 404.
 */

export const configurableItemOptionSchema = z.object({
  option_id: z.union([z.string(), z.number()]),
  option_value: z.union([z.string(), z.number()]),
});

/** A chosen custom option: `option_value` is the option_type_id (a list for checkboxes) or text for 'field'. */
export const customOptionChoiceSchema = z.object({
  option_id: z.union([z.string(), z.number()]),
  option_value: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
});

/** A basket line. Configurable items carry base sku, a hyphen, then the option sku. */
export const cartItemSchema = z.object({
  item_id: z.union([z.number(), z.string()]),
  sku: z.string(),
  name: z.string(),
  /** Unit price in pounds, ex VAT (custom option prices included). */
  price: z.number(),
  qty: z.number().int(),
  image: z.string().optional().nullable(),
  option_title: z.string().optional().nullable(),
  url: z.string().optional().nullable(),
  product_option: z
    .object({
      extension_attributes: z
        .object({
          configurable_item_options: z.array(configurableItemOptionSchema).optional(),
          custom_options: z.array(customOptionChoiceSchema).optional(),
        })
        .optional(),
    })
    .optional()
    .nullable(),
  /** Unit price inc VAT. */
  price_incl_tax: z.number().optional(),
  /** price × qty, ex and inc VAT. */
  row_total: z.number().optional(),
  row_total_incl_tax: z.number().optional(),
  product_id: z.number().int().optional(),
  product_type: z.string().optional(),
  /** The configurable or grouped product the line was chosen from. */
  parent_sku: z.string().nullable().optional(),
  /** Chosen options as label/value pairs (configurable attributes, custom options). */
  options: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** A totals segment (Magento's total_segments): subtotal, shipping, tax, grand_total. */
export const totalSegmentSchema = z.object({
  code: z.enum(['subtotal', 'shipping', 'tax', 'grand_total']),
  title: z.string(),
  value: z.number(),
});

/** Basket totals in pounds. Delivery counts once a delivery method is saved (save-shipping-info). */
export const cartTotalsSchema = z.object({
  /** Goods ex VAT (after price rules), and inc VAT. */
  subtotal: z.number(),
  subtotal_incl_tax: z.number(),
  /** Delivery ex and inc VAT (0 until a method is chosen). */
  shipping: z.number(),
  shipping_incl_tax: z.number(),
  /** VAT on goods and delivery (rounded per line, then summed). */
  tax: z.number(),
  discount: z.number(),
  /** What the shopper pays: subtotal + shipping + tax - discount. */
  grand_total: z.number(),
  currency: z.literal('GBP'),
  items_qty: z.number().int(),
  total_segments: z.array(totalSegmentSchema),
  /** The chosen delivery method, if any. */
  shipping_method: z
    .object({ carrier_code: z.string(), method_code: z.string(), title: z.string() })
    .nullable(),
  free_delivery: z.object({
    /** £250 ex VAT. */
    threshold: z.number(),
    /** What is left to spend for free delivery (0 once it applies). */
    remaining: z.number(),
    qualifies: z.boolean(),
    message: z.string(),
  }),
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

/** Answer of POST /api/cart, /api/cart/add and /api/cart/remove: lines and the goods total (£ ex VAT). */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  total: z.number(),
  totals: cartTotalsSchema.optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** What the service answers for a basket (the browser may parse with the looser `cartSchema`). */
export const cartAnswerSchema = cartSchema.extend({ totals: cartTotalsSchema });
export type CartAnswer = z.infer<typeof cartAnswerSchema>;

/**
 * Answer of POST /api/cart/add: the basket, and `cartId` when this add made the guest's basket
 * (a guest's first add, sent without a cartId): keep it for the next calls.
 */
export const cartAddAnswerSchema = cartAnswerSchema.extend({ cartId: z.string().optional() });
/** The browser's parse of an add's answer (looser totals, as `cartSchema`). */
export const cartAddedSchema = cartSchema.extend({ cartId: z.string().optional() });
export type CartAdded = z.infer<typeof cartAddedSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

/** A basket id: unguessable, URL-safe (the service makes 32 random bytes, base64url). */
export const cartIdField = z
  .string({ error: 'cartId must be a basket id' })
  .trim()
  .max(100, 'cartId is not a basket id');

/** A login token, or null/absent/'' for a guest. */
export const cartCustomerTokenField = z
  .string({ error: 'customerToken must be a string' })
  .trim()
  .max(200, 'customerToken is not a login token')
  .nullish()
  .transform((v) => (v ? v : null));

/** Who is asking: `customerToken` for a customer, else `cartId` for a guest. */
export const cartOwnerSchema = z.object({
  customerToken: cartCustomerTokenField,
  cartId: cartIdField.nullish().transform((v) => (v ? v : null)),
});
export type CartOwnerRequest = z.input<typeof cartOwnerSchema>;

/** POST /api/cart */
export const cartRequestSchema = cartOwnerSchema;

export const MAX_LINE_QTY = 999;

const quantityField = z.coerce
  .number({ error: `quantity must be a whole number from 1 to ${MAX_LINE_QTY}` })
  .int(`quantity must be a whole number from 1 to ${MAX_LINE_QTY}`)
  .min(1, `quantity must be a whole number from 1 to ${MAX_LINE_QTY}`)
  .max(MAX_LINE_QTY, `quantity must be a whole number from 1 to ${MAX_LINE_QTY}`);

const productSkuField = z
  .string({ error: 'productSku is required' })
  .trim()
  .min(1, 'productSku is required')
  .max(128, 'productSku is too long');

/**
 * What was chosen on the product page. Either Magento's nesting (`extension_attributes`, as basket
 * lines carry it) or the flat form. Configurable: `configurable_item_options` [{ option_id:
 * attribute_id, option_value: value_index }] with the parent sku as productSku (or the child sku
 * itself). Grouped: `associated_sku` (the chosen item) with the grouped sku as productSku, or the
 * item's sku as productSku. Custom options: `custom_options` [{ option_id, option_value }].
 */
export const productOptionsSchema = z
  .object({
    extension_attributes: z
      .object({
        configurable_item_options: z.array(configurableItemOptionSchema).max(20).optional(),
        custom_options: z.array(customOptionChoiceSchema).max(50).optional(),
      })
      .nullish(),
    configurable_item_options: z.array(configurableItemOptionSchema).max(20).optional(),
    custom_options: z.array(customOptionChoiceSchema).max(50).optional(),
    associated_sku: z.string().trim().max(128).optional(),
  })
  .nullish();
export type ProductOptionsRequest = z.input<typeof productOptionsSchema>;

/** POST /api/cart/add */
export const cartAddRequestSchema = cartOwnerSchema.extend({
  productSku: productSkuField,
  quantity: quantityField.default(1),
  productOptions: productOptionsSchema,
});
export type CartAddRequest = z.input<typeof cartAddRequestSchema>;

/**
 * POST /api/cart/remove: lowers the line's quantity by 1, or deletes it at quantity 1 (spec
 * section 4). The line is the one with this sku (a line's `sku`), or `itemId` when given.
 * `quantity` is accepted and ignored: a remove always takes one off.
 */
export const cartRemoveRequestSchema = cartOwnerSchema.extend({
  productSku: productSkuField,
  quantity: z.unknown().optional(),
  productOptions: productOptionsSchema,
  itemId: z.coerce.number({ error: 'itemId must be a basket line id' }).int().positive().max(2147483647).optional(),
});
export type CartRemoveRequest = z.input<typeof cartRemoveRequestSchema>;

/** POST /api/cart/guest/create */
export const guestCartAnswerSchema = z.object({ cartId: z.string() });

/** POST /api/cart/mine: body { customerToken } (or the Authorization-Customer header). */
export const cartMineRequestSchema = z.object({ customerToken: cartCustomerTokenField });
export const cartWithIdSchema = cartAnswerSchema.extend({ id: z.string() });
export const cartMineAnswerSchema = z.object({
  status: z.literal('success'),
  data: z.object({ data: cartWithIdSchema }),
});
export type CartMineAnswer = z.infer<typeof cartMineAnswerSchema>;

/** POST /api/cart/merge-guest-cart */
export const mergeGuestCartRequestSchema = z.object({
  customerToken: cartCustomerTokenField,
  guestCartId: z
    .string({ error: 'guestCartId is required' })
    .trim()
    .min(1, 'guestCartId is required')
    .max(100, 'guestCartId is not a basket id'),
});
/** The customer's basket after the merge; `merged`: how many guest lines came over. */
export const mergeGuestCartAnswerSchema = cartAnswerSchema.extend({
  status: z.literal('success'),
  merged: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Delivery estimates

/**
 * POST /api/cart/estimate-shipping-methods: the address may be partial (postcode '*' while not
 * known, country GB by default).
 */
export const estimateAddressSchema = z.object({
  country_id: z
    .string({ error: 'country_id must be a country code' })
    .trim()
    .toUpperCase()
    .max(2, 'country_id must be a country code')
    .nullish()
    .transform((v) => v || 'GB'),
  postcode: z
    .string({ error: 'postcode must be text' })
    .trim()
    .max(20, 'postcode is too long')
    .nullish()
    .transform((v) => v || '*'),
  email: z.string().trim().max(254).nullish(),
  region_id: z.union([z.number(), z.string()]).nullish(),
  region: z.union([z.string(), z.object({}).passthrough()]).nullish(),
  city: z.string().max(255).nullish(),
});

export const estimateShippingRequestSchema = cartOwnerSchema.extend({
  address: estimateAddressSchema.nullish().transform((a) => a ?? { country_id: 'GB', postcode: '*' }),
});
export type EstimateShippingRequest = z.input<typeof estimateShippingRequestSchema>;

/** One delivery method offered (amount ex VAT, as goods prices are shown ex VAT). */
export const shippingEstimateSchema = z.object({
  carrier_code: z.string(),
  method_code: z.string(),
  carrier_title: z.string(),
  method_title: z.string(),
  /** Pounds ex VAT. */
  amount: z.number(),
  price_excl_tax: z.number(),
  price_incl_tax: z.number(),
  available: z.boolean(),
  error_message: z.string(),
});
export type ShippingEstimate = z.infer<typeof shippingEstimateSchema>;
export const estimateShippingAnswerSchema = z.array(shippingEstimateSchema);
