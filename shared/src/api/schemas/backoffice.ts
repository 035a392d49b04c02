import { z } from 'zod';
import { emailSchema, newPasswordSchema, PASSWORD_MAX_LENGTH } from '../../forms/account';
import { orderStatusSchema } from './orders';

export * from './backoffice-content';
export * from './backoffice-structure';

/**
 * `@shop/shared/backoffice`: the back office's calls (`/admin-api/...` on the API, reached only
 * through the back office's own server, never through the storefront's /api proxy). The API
 * validates with these schemas and the back-office app parses its answers with them. No
 * storefront app imports this module.
 */

export const STAFF_ROLES = ['owner', 'orders', 'catalogue', 'content'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRoleName = z.infer<typeof staffRoleSchema>;

/** What a role may use: the API checks it on every route; the app hides what a role may not use. */
export const BACKOFFICE_AREAS = ['dashboard', 'orders', 'customers', 'messages', 'catalogue', 'content', 'staff', 'activity'] as const;
export type BackofficeArea = (typeof BACKOFFICE_AREAS)[number];
export const ROLE_AREAS: Record<StaffRoleName, readonly BackofficeArea[]> = {
  owner: BACKOFFICE_AREAS,
  orders: ['dashboard', 'orders', 'customers', 'messages'],
  catalogue: ['dashboard', 'catalogue'],
  content: ['dashboard', 'content'],
};
export const mayUse = (role: StaffRoleName, area: BackofficeArea) => ROLE_AREAS[role].includes(area);

export const BACKOFFICE_MESSAGES = {
  noPermission: 'You do not have permission to do this.',
  signedOut: 'Your session has ended. Please sign in again.',
  badSignIn: 'The email, password or code is not right.',
  badCode: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  setupLinkInvalid: 'This set-up link is not valid or has expired. Ask the shop owner for a new one.',
  csrf: 'This page is out of date. Reload it and try again.',
} as const;

export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');

/** An idempotency key the app makes when a form opens: sending it twice does the action once. */
export const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, _ or -');

/* --------------------------------------------------------------------------------- staff */

export const staffMemberSchema = z.object({ id: z.number().int(), email: z.string(), role: staffRoleSchema });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const sessionAnswerSchema = z.object({ staff: staffMemberSchema, csrfToken: z.string(), areas: z.array(z.enum(BACKOFFICE_AREAS)) });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
  code: totpCodeSchema,
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const setupInfoAnswerSchema = z.object({ email: z.string(), role: staffRoleSchema });
export const setupPasswordRequestSchema = z.object({ password: newPasswordSchema });
export const setupPasswordAnswerSchema = z.object({
  /** Base32, to type into an authenticator app. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (SVG markup made by the API). */
  qrSvg: z.string(),
});
export type SetupPasswordAnswer = z.infer<typeof setupPasswordAnswerSchema>;
export const setupConfirmRequestSchema = z.object({ code: totpCodeSchema });

export const staffListAnswerSchema = z.object({
  items: z.array(staffMemberSchema.extend({ status: z.enum(['invited', 'active', 'disabled']), created_at: z.string() })),
});

/* --------------------------------------------------------------------------------- activity */

export const activityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  staff: z.string().max(254).optional(),
  action: z.string().max(60).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(60).optional(),
});
export const activityEntrySchema = z.object({
  id: z.number().int(),
  staff_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityAnswerSchema = z.object({ items: z.array(activityEntrySchema), totalCount: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/* --------------------------------------------------------------------------------- orders */

export const PAYMENT_STATES = ['paid', 'unpaid'] as const;
export const paymentStateSchema = z.enum(PAYMENT_STATES);

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

export const adminOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(120).optional(),
  status: orderStatusSchema.optional(),
  payment: paymentStateSchema.optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/** Money in pence: the app formats it with the storefront's pricing helpers. */
export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  created_at: z.string(),
  status: orderStatusSchema,
  payment_state: paymentStateSchema,
  email: z.string(),
  name: z.string(),
  postcode: z.string().nullable(),
  grand_total_pence: z.number().int(),
  tax_pence: z.number().int(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export const adminOrdersAnswerSchema = z.object({
  items: z.array(adminOrderSummarySchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const adminAddressSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  company: z.string().nullable(),
  street: z.array(z.string()),
  city: z.string(),
  region: z.string().nullable(),
  postcode: z.string(),
  country_id: z.string(),
  telephone: z.string().nullable(),
});

export const adminOrderDetailSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  created_at: z.string(),
  status: orderStatusSchema,
  payment_state: paymentStateSchema,
  email: z.string(),
  customer: z.object({ id: z.number().int().nullable(), firstname: z.string(), lastname: z.string(), guest: z.boolean() }),
  subtotal_pence: z.number().int(),
  discount_pence: z.number().int(),
  shipping_pence: z.number().int(),
  tax_pence: z.number().int(),
  grand_total_pence: z.number().int(),
  shipping_description: z.string(),
  customer_note: z.string().nullable(),
  payment: z.object({
    method: z.string(),
    title: z.string(),
    provider: z.string().nullable(),
    reference: z.string().nullable(),
    paid_pence: z.number().int(),
    /** Refunded or being refunded (requested, pending and succeeded refunds). */
    refunded_pence: z.number().int(),
    /** Each refund, oldest first; 'pending' until the provider confirms it (reconciliation settles it). */
    refunds: z.array(
      z.object({
        id: z.number().int(),
        amount_pence: z.number().int(),
        status: z.enum(['requested', 'pending', 'succeeded', 'failed', 'canceled']),
        failure_reason: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
  lines: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      name: z.string(),
      qty: z.number().int(),
      qty_shipped: z.number().int(),
      unit_price_pence: z.number().int(),
      vat_pence: z.number().int(),
      row_total_pence: z.number().int(),
      options: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
  shipping_address: adminAddressSchema.nullable(),
  billing_address: adminAddressSchema.nullable(),
  shipments: z.array(
    z.object({
      id: z.number().int(),
      carrier: z.string(),
      tracking_number: z.string(),
      created_at: z.string(),
      lines: z.array(z.object({ line_id: z.number().int(), sku: z.string(), name: z.string(), qty: z.number().int() })),
    }),
  ),
  /** Status changes and staff comments, oldest first. */
  history: z.array(
    z.object({
      kind: z.enum(['status', 'comment']),
      status: orderStatusSchema.nullable(),
      comment: z.string().nullable(),
      visible_to_customer: z.boolean(),
      by: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  can_ship: z.boolean(),
  can_cancel: z.boolean(),
  /** Something paid is left to refund. */
  can_refund: z.boolean(),
  /** Paid and refunded in full: nothing more happens to this order. */
  closed: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const shipRequestSchema = z.object({
  requestKey: requestKeySchema,
  carrier: z.string().trim().min(1, 'Enter the carrier.').max(60),
  trackingNumber: z
    .string()
    .trim()
    .min(3, 'Enter the tracking number.')
    .max(60)
    .regex(/^[A-Za-z0-9 -]+$/, 'A tracking number has only letters, digits, spaces and dashes.'),
  lines: z
    .array(z.object({ lineId: z.number().int().positive(), qty: z.number().int().positive().max(100000) }))
    .min(1, 'Choose at least one line to ship.')
    .max(500),
});
export type ShipRequest = z.infer<typeof shipRequestSchema>;

export const commentRequestSchema = z.object({
  requestKey: requestKeySchema,
  body: z.string().trim().min(1, 'Write the comment.').max(4000),
  notifyCustomer: z.boolean(),
});
export type CommentRequest = z.infer<typeof commentRequestSchema>;

export const cancelRequestSchema = z.object({
  requestKey: requestKeySchema,
  reason: z.string().trim().max(1000).optional(),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

/**
 * A refund: either an amount (pence) or lines and quantities (their price as paid, VAT and any
 * discount included); `includeDelivery` adds the order's delivery charge to either.
 */
export const refundRequestSchema = z
  .object({
    requestKey: requestKeySchema,
    amountPence: z.number().int().positive('Enter an amount of at least 1p.').max(100_000_000).optional(),
    lines: z
      .array(z.object({ lineId: z.number().int().positive(), qty: z.number().int().positive().max(100000) }))
      .min(1, 'Choose at least one line to refund.')
      .max(500)
      .optional(),
    includeDelivery: z.boolean().default(false),
    reason: z.string().trim().max(1000).optional(),
  })
  .refine((r) => (r.amountPence === undefined) !== (r.lines === undefined) || (r.amountPence === undefined && r.lines === undefined && r.includeDelivery), {
    message: 'Refund either an amount or lines (or the delivery alone), not both.',
    path: ['amountPence'],
  });
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** The answer of every order action: the order as it is now, and whether this call did it. */
export const orderActionAnswerSchema = z.object({ done: z.boolean(), order: adminOrderDetailSchema });

/* --------------------------------------------------------------------------------- dashboard */

export const dashboardAnswerSchema = z.object({
  today: z.object({ orders: z.number().int(), revenue_pence: z.number().int() }),
  last30: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue_pence: z.number().int() })),
  waitingToShip: z.number().int(),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswerSchema>;

/* --------------------------------------------------------------------------------- customers */

export const adminCustomersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(120).optional(),
});
const adminCustomerSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  created_at: z.string(),
  disabled: z.boolean(),
  orders: z.number().int(),
});
export const adminCustomersAnswerSchema = z.object({
  items: z.array(adminCustomerSummarySchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const adminCustomerDetailSchema = adminCustomerSummarySchema.extend({
  addresses: z.array(adminAddressSchema.extend({ id: z.number().int(), default_billing: z.boolean(), default_shipping: z.boolean() })),
  recent_orders: z.array(adminOrderSummarySchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;
export const customerActionRequestSchema = z.object({ requestKey: requestKeySchema });
export const customerActionAnswerSchema = z.object({ done: z.boolean(), customer: adminCustomerDetailSchema });

/* --------------------------------------------------------------------------------- messages */

export const adminMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  state: z.enum(['open', 'handled', 'all']).default('open'),
});
export const adminMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
  replies: z.array(z.object({ by: z.string(), body: z.string(), created_at: z.string() })),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;
export const adminMessagesAnswerSchema = z.object({
  items: z.array(adminMessageSchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const messageReplyRequestSchema = z.object({ requestKey: requestKeySchema, body: z.string().trim().min(1, 'Write the reply.').max(4000) });
export const messageHandledRequestSchema = z.object({ requestKey: requestKeySchema, handled: z.boolean() });
export const messageActionAnswerSchema = z.object({ done: z.boolean(), message: adminMessageSchema });

/* --------------------------------------------------------------------------------- products (catalogue) */

export const PRODUCT_TYPES = ['simple', 'configurable', 'grouped'] as const;
export const STOCK_STATES = ['in_stock', 'out_of_stock'] as const;

export const adminProductsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  /** Part of the name or SKU. */
  q: z.string().trim().max(120).optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
  /** in_stock: flagged in stock with a quantity above 0; out_of_stock: the others. */
  stock: z.enum(STOCK_STATES).optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  /** A category id: the products placed in it. */
  category: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuerySchema>;

export const adminProductSummarySchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  type_id: z.enum(PRODUCT_TYPES),
  enabled: z.boolean(),
  /** 1: not shown on its own (a configurable product's variant); 4: catalogue and search. */
  visibility: z.number().int(),
  price_pence: z.number().int(),
  /** The special price in effect today (null: none, or outside its dates). */
  special_price_pence: z.number().int().nullable(),
  qty: z.number().int(),
  stock_state: z.enum(STOCK_STATES),
  url_key: z.string(),
  updated_at: z.string(),
});
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;
export const adminProductsAnswerSchema = z.object({
  items: z.array(adminProductSummarySchema),
  totalCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A date as the back office sends it: YYYY-MM-DD (a day in the shop's time zone, Europe/London). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Enter a real date.');

export const adminProductDetailSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  type_id: z.enum(PRODUCT_TYPES),
  visibility: z.number().int(),
  enabled: z.boolean(),
  price_pence: z.number().int(),
  /** The special price staff set (in effect or waiting for its dates), and its dates. */
  special_price_pence: z.number().int().nullable(),
  special_from: z.string().nullable(),
  special_to: z.string().nullable(),
  /** Whether the special price applies today. */
  special_price_active: z.boolean(),
  qty: z.number().int(),
  is_in_stock: z.boolean(),
  url_key: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  /** The product's page on the storefront (null: none, e.g. disabled or a variant). */
  storefront_path: z.string().nullable(),
  /** Old addresses that answer 301 to this product's page. */
  old_paths: z.array(z.string()),
  /** Rich text (HTML as stored: sanitised by the storefront's sanitiser); '' for none. */
  short_description: z.string(),
  description: z.string(),
  /** Tier (group) prices, by group then quantity; customer_group_id 32000 is every group. */
  tier_prices: z.array(z.object({ customer_group_id: z.number().int(), qty: z.number().int(), price_pence: z.number().int() })),
  /** Related and up-sell products, in their order on the storefront. */
  related: z.array(z.object({ sku: z.string(), name: z.string(), enabled: z.boolean() })),
  upsell: z.array(z.object({ sku: z.string(), name: z.string(), enabled: z.boolean() })),
  /** The categories the product is in, and its position in each (the listing's default order). */
  categories: z.array(z.object({ category_id: z.number().int(), position: z.number().int() })),
  /** When it was last saved: a save sends it back, and is refused (409) if the product changed since. */
  updated_at: z.string(),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

/** The words of the product form's checks: the API answers them (400, naming the field) and the form shows them under the field. */
export const PRODUCT_MESSAGES = {
  name: 'Enter the product name.',
  priceBelowZero: 'The price cannot be below zero.',
  price: 'Enter the price in pounds, e.g. 12.50.',
  specialBelowZero: 'The special price cannot be below zero.',
  specialAbovePrice: 'The special price cannot be above the price.',
  specialDatesWithoutPrice: 'Enter a special price for these dates, or clear the dates.',
  specialDatesOrder: 'The end date cannot be before the start date.',
  qty: 'Enter the stock quantity as a whole number of 0 or more.',
  urlKey: 'A URL key has only lower-case letters, digits and single hyphens, e.g. cavity-drain-membrane.',
  urlKeyTaken: 'This URL key is already used by another page of the shop.',
  notFound: 'This product does not exist.',
  isInStock: 'Say whether the product is in stock: 1 (yes) or 0 (no).',
  enabled: 'Say whether the product is enabled: 1 (enabled) or 2 (disabled).',
  sku: 'A SKU has letters, digits, dots, underscores and hyphens only (at most 64), e.g. HV-CDM-20.',
  skuTaken: 'This SKU is already used by another product.',
  duplicateSimpleOnly: 'Only a simple product can be duplicated.',
  descriptionLong: 'This text is too long (at most 100,000 characters).',
  visibility: 'Choose a visibility: Not Visible Individually, Catalog, Search, or Catalog, Search.',
  tierGroup: 'Choose a customer group.',
  tierQty: 'Enter the quantity as a whole number of 1 or more.',
  tierPriceBelowZero: 'A tier price cannot be below zero.',
  tierNotBelowPrice: 'A tier price must be below the product’s price.',
  tierRepeated: 'There is already a tier price for this group and quantity.',
  tierAllGroupsQty1: 'For quantity 1 and all groups, change the price instead.',
  tooMany: 'At most 100 rows.',
  linkSku: 'Enter a product’s SKU.',
  linkUnknown: 'No product has this SKU.',
  linkSelf: 'A product cannot be linked to itself.',
  linkRepeated: 'This product is already in the list.',
  categoryUnknown: 'This category does not exist.',
  categoryRepeated: 'This category is already chosen.',
  categoryPosition: 'Enter the position as a whole number of 0 or more.',
  stale: 'Someone else changed this product since you opened it. Reload to see their changes.',
} as const;

/** Magento's four visibilities: where a product is shown on its own. */
export const VISIBILITIES = [
  { id: 1, label: 'Not Visible Individually' },
  { id: 2, label: 'Catalog' },
  { id: 3, label: 'Search' },
  { id: 4, label: 'Catalog, Search' },
] as const;

export const urlKeySchema = z
  .string({ error: PRODUCT_MESSAGES.urlKey })
  .trim()
  .min(1, PRODUCT_MESSAGES.urlKey)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, PRODUCT_MESSAGES.urlKey);
export const skuSchema = z
  .string({ error: PRODUCT_MESSAGES.sku })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, PRODUCT_MESSAGES.sku);

const MAX_PENCE = 100_000_000;

/** The edit form's fields (also a CSV row's, and a new product's): their rules are `productRules`. */
const productFieldsSchema = z.object({
  name: z.string({ error: PRODUCT_MESSAGES.name }).trim().min(1, PRODUCT_MESSAGES.name).max(255),
  pricePence: z.number({ error: PRODUCT_MESSAGES.price }).int(PRODUCT_MESSAGES.price).min(0, PRODUCT_MESSAGES.priceBelowZero).max(MAX_PENCE),
  specialPricePence: z.number({ error: PRODUCT_MESSAGES.price }).int(PRODUCT_MESSAGES.price).min(0, PRODUCT_MESSAGES.specialBelowZero).max(MAX_PENCE).nullable(),
  specialFrom: isoDateSchema.nullable(),
  specialTo: isoDateSchema.nullable(),
  qty: z.number({ error: PRODUCT_MESSAGES.qty }).int(PRODUCT_MESSAGES.qty).min(0, PRODUCT_MESSAGES.qty).max(10_000_000),
  isInStock: z.boolean({ error: PRODUCT_MESSAGES.isInStock }),
  enabled: z.boolean({ error: PRODUCT_MESSAGES.enabled }),
  urlKey: urlKeySchema,
  /** Empty: the storefront uses the product's name. */
  metaTitle: z.string().trim().max(255),
  metaDescription: z.string().trim().max(1000),
});
type ProductFields = z.infer<typeof productFieldsSchema>;
const productRules = (p: ProductFields, ctx: z.RefinementCtx) => {
  if (p.specialPricePence !== null && p.specialPricePence > p.pricePence) {
    ctx.addIssue({ code: 'custom', path: ['specialPricePence'], message: PRODUCT_MESSAGES.specialAbovePrice });
  }
  if (p.specialPricePence === null && (p.specialFrom !== null || p.specialTo !== null)) {
    ctx.addIssue({ code: 'custom', path: ['specialPricePence'], message: PRODUCT_MESSAGES.specialDatesWithoutPrice });
  }
  if (p.specialFrom !== null && p.specialTo !== null && p.specialTo < p.specialFrom) {
    ctx.addIssue({ code: 'custom', path: ['specialTo'], message: PRODUCT_MESSAGES.specialDatesOrder });
  }
};

/** A CSV row's fields of an existing product (the form's fields a CSV has columns for). */
export const productRowSchema = productFieldsSchema.superRefine(productRules);
export type ProductRow = z.infer<typeof productRowSchema>;

/** Magento's "all groups" in a tier price (shared/src/pricing/rules.ts ALL_GROUPS). */
const ALL_GROUPS_ID = 32000;
const TIER_GROUPS = [0, 1, 2, 3, ALL_GROUPS_ID];
const richTextSchema = z.string().max(100_000, PRODUCT_MESSAGES.descriptionLong);
const linkListSchema = z
  .array(z.string({ error: PRODUCT_MESSAGES.linkSku }).trim().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, PRODUCT_MESSAGES.linkSku))
  .max(100, PRODUCT_MESSAGES.tooMany);

/**
 * The edit form's save: the fields above, the rich text, tier prices, related and up-sell SKUs
 * (in order), visibility, categories with positions, and the `updatedAt` the form was loaded
 * with (a save over a newer version is refused with 409). Whole lists: what is sent is what is kept.
 */
export const productSaveRequestSchema = productFieldsSchema
  .extend({
    updatedAt: z.string({ error: PRODUCT_MESSAGES.stale }).min(1, PRODUCT_MESSAGES.stale).max(40),
    /**
     * The stock quantity the form was opened with. Orders change stock without making the form
     * stale, so the save writes `qty` only when staff changed it (qty ≠ qtyWas): an unchanged
     * field never puts back stock that orders have taken since.
     */
    qtyWas: z.number({ error: PRODUCT_MESSAGES.qty }).int(PRODUCT_MESSAGES.qty).min(0, PRODUCT_MESSAGES.qty).max(10_000_000),
    shortDescription: richTextSchema,
    description: richTextSchema,
    visibility: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: PRODUCT_MESSAGES.visibility }),
    tierPrices: z
      .array(
        z.object({
          customerGroupId: z.number({ error: PRODUCT_MESSAGES.tierGroup }).int().refine((g) => TIER_GROUPS.includes(g), PRODUCT_MESSAGES.tierGroup),
          qty: z.number({ error: PRODUCT_MESSAGES.tierQty }).int(PRODUCT_MESSAGES.tierQty).min(1, PRODUCT_MESSAGES.tierQty).max(1_000_000, PRODUCT_MESSAGES.tierQty),
          pricePence: z.number({ error: PRODUCT_MESSAGES.price }).int(PRODUCT_MESSAGES.price).min(0, PRODUCT_MESSAGES.tierPriceBelowZero).max(MAX_PENCE),
        }),
      )
      .max(100, PRODUCT_MESSAGES.tooMany),
    related: linkListSchema,
    upsell: linkListSchema,
    categories: z
      .array(
        z.object({
          categoryId: z.number({ error: PRODUCT_MESSAGES.categoryUnknown }).int().positive(PRODUCT_MESSAGES.categoryUnknown).max(2_147_483_647, PRODUCT_MESSAGES.categoryUnknown),
          position: z.number({ error: PRODUCT_MESSAGES.categoryPosition }).int(PRODUCT_MESSAGES.categoryPosition).min(0, PRODUCT_MESSAGES.categoryPosition).max(1_000_000, PRODUCT_MESSAGES.categoryPosition),
        }),
      )
      .max(200, PRODUCT_MESSAGES.tooMany),
  })
  .superRefine((p, ctx) => {
    productRules(p, ctx);
    const tiers = new Set<string>();
    p.tierPrices.forEach((tier, i) => {
      // A quantity-1 tier for every group is the price itself; for one group it overrides the price for that group (spec section 6).
      if (tier.qty === 1 && tier.customerGroupId === ALL_GROUPS_ID) {
        ctx.addIssue({ code: 'custom', path: ['tierPrices', i, 'qty'], message: PRODUCT_MESSAGES.tierAllGroupsQty1 });
      }
      if (tier.pricePence >= p.pricePence) {
        ctx.addIssue({ code: 'custom', path: ['tierPrices', i, 'pricePence'], message: PRODUCT_MESSAGES.tierNotBelowPrice });
      }
      const key = `${tier.customerGroupId}:${tier.qty}`;
      if (tiers.has(key)) ctx.addIssue({ code: 'custom', path: ['tierPrices', i, 'qty'], message: PRODUCT_MESSAGES.tierRepeated });
      tiers.add(key);
    });
    for (const list of ['related', 'upsell'] as const) {
      const seen = new Set<string>();
      p[list].forEach((sku, i) => {
        if (seen.has(sku.toLowerCase())) ctx.addIssue({ code: 'custom', path: [list, i], message: PRODUCT_MESSAGES.linkRepeated });
        seen.add(sku.toLowerCase());
      });
    }
    const categories = new Set<number>();
    p.categories.forEach((c, i) => {
      if (categories.has(c.categoryId)) ctx.addIssue({ code: 'custom', path: ['categories', i, 'categoryId'], message: PRODUCT_MESSAGES.categoryRepeated });
      categories.add(c.categoryId);
    });
  });
export type ProductSaveRequest = z.infer<typeof productSaveRequestSchema>;

/** The save request that keeps a product as it is (change what you need on top of it). */
export const saveRequestOf = (p: AdminProductDetail): ProductSaveRequest => ({
  updatedAt: p.updated_at,
  qtyWas: p.qty,
  shortDescription: p.short_description,
  description: p.description,
  visibility: p.visibility as ProductSaveRequest['visibility'],
  tierPrices: p.tier_prices.map((t) => ({ customerGroupId: t.customer_group_id, qty: t.qty, pricePence: t.price_pence })),
  related: p.related.map((l) => l.sku),
  upsell: p.upsell.map((l) => l.sku),
  categories: p.categories.map((c) => ({ categoryId: c.category_id, position: c.position })),
  name: p.name,
  pricePence: p.price_pence,
  specialPricePence: p.special_price_pence,
  specialFrom: p.special_from,
  specialTo: p.special_to,
  qty: p.qty,
  isInStock: p.is_in_stock,
  enabled: p.enabled,
  urlKey: p.url_key,
  metaTitle: p.meta_title ?? '',
  metaDescription: p.meta_description ?? '',
});
export const productSaveAnswerSchema = z.object({ product: adminProductDetailSchema });

/* --------------------------------------------------------------------------------- products: new, duplicate, CSV */

/** A new simple product: the edit form's fields and its SKU. */
export const productCreateRequestSchema = productFieldsSchema.extend({ sku: skuSchema }).superRefine(productRules);
export type ProductCreateRequest = z.infer<typeof productCreateRequestSchema>;
/** A copy of a simple product under a new SKU and URL key; it starts disabled. */
export const productDuplicateRequestSchema = z.object({ sku: skuSchema, urlKey: urlKeySchema });
export type ProductDuplicateRequest = z.infer<typeof productDuplicateRequestSchema>;

/** The categories a product list may be filtered by: id and its path of names. */
export const adminCategoryOptionsSchema = z.object({ items: z.array(z.object({ id: z.number().int(), label: z.string() })) });

/** One problem of a CSV file: its row (1 is the header, 2 the first product) and column. */
export const importProblemSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;
/** What an import found (dry run) or did (applied): nothing is applied while there is a problem. */
export const importReportSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  problems: z.array(importProblemSchema),
  /** Problems beyond the first 1000 are counted, not listed. */
  moreProblems: z.number().int(),
  applied: z.boolean(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
/** The lines of an applying import's answer (NDJSON): progress, then the report or the error. */
export const importProgressLineSchema = z.union([
  z.object({ progress: z.object({ done: z.number().int(), total: z.number().int() }) }),
  z.object({ report: importReportSchema }),
  z.object({ error: z.string() }),
]);
