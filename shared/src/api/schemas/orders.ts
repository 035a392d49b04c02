import { z } from './z';
import { addressBaseSchema } from '../../forms/address';
import { customerTokenField } from './customer';

/** Order statuses and how the shop names them. */
export const ORDER_STATUS_LABELS = {
  pending: 'Pending',
  processing: 'Processing',
  complete: 'Complete',
  // Magento's name for an order refunded in full.
  closed: 'Closed',
  cancelled: 'Cancelled',
} as const;
export const orderStatusSchema = z.enum(['pending', 'processing', 'complete', 'closed', 'cancelled']);
export type OrderStatusCode = z.infer<typeof orderStatusSchema>;

export const ORDERS_DEFAULT_PAGE_SIZE = 10;
export const ORDERS_MAX_PAGE_SIZE = 100;

/** POST /api/orders/list */
export const ordersListRequestSchema = z.strictObject({
  customerToken: customerTokenField.optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'pageSize must be 1 or more')
    .max(ORDERS_MAX_PAGE_SIZE, `pageSize must be at most ${ORDERS_MAX_PAGE_SIZE}`)
    .default(ORDERS_DEFAULT_PAGE_SIZE),
});
export type OrdersListRequest = z.input<typeof ordersListRequestSchema>;

/** One order of My Orders. Money in pounds (2 decimals), inc VAT where it says so. */
export const orderSummarySchema = z.object({
  entity_id: z.number().int(),
  increment_id: z.string(),
  created_at: z.string(),
  status: orderStatusSchema,
  status_label: z.string(),
  /** Inc VAT. */
  grand_total: z.number(),
  currency: z.string(),
  total_qty: z.number().int(),
  /** Name of the person the order ships to. */
  ship_to: z.string().nullable(),
  /** The order's parcels so far (carrier and tracking number), oldest first (absent from an older API). */
  tracking: z.array(z.object({ carrier: z.string(), tracking_number: z.string() })).default([]),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const ordersListAnswerSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    items: z.array(orderSummarySchema),
    totalCount: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type OrdersListAnswer = z.infer<typeof ordersListAnswerSchema>;

export const orderLineSchema = z.object({
  item_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  qty_ordered: z.number().int(),
  /** Unit price ex VAT and inc VAT. */
  price: z.number(),
  price_incl_tax: z.number(),
  tax_percent: z.number(),
  tax_amount: z.number(),
  row_total: z.number(),
  row_total_incl_tax: z.number(),
  options: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An address as it was when ordered: the address base with the region's name and code; the phone may be missing. */
export const orderAddressSchema = addressBaseSchema.extend({
  telephone: z.string().nullable(),
  region: z.string().nullable(),
  region_code: z.string().nullable(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

const totalsShape = {
  currency: z.string(),
  /** Goods ex VAT. */
  subtotal: z.number(),
  discount_amount: z.number(),
  /** Shipping ex VAT. */
  shipping_amount: z.number(),
  /** VAT on goods and shipping. */
  tax_amount: z.number(),
  /** What was paid, inc VAT. */
  grand_total: z.number(),
};

/** GET /api/customer/order/{id} (the owner only). */
export const orderDetailSchema = z.object({
  entity_id: z.number().int(),
  increment_id: z.string(),
  status: orderStatusSchema,
  status_label: z.string(),
  created_at: z.string(),
  customer_email: z.string(),
  customer_firstname: z.string(),
  customer_lastname: z.string(),
  ...totalsShape,
  shipping_description: z.string(),
  shipping_method: z.object({ carrier_code: z.string(), method_code: z.string() }),
  payment: z.object({ method: z.string(), title: z.string() }),
  customer_note: z.string().nullable(),
  items: z.array(orderLineSchema),
  shipping_address: orderAddressSchema.nullable(),
  billing_address: orderAddressSchema.nullable(),
  status_history: z.array(z.object({ status: orderStatusSchema, comment: z.string().nullable(), created_at: z.string() })),
  /** Parcels sent, with carrier and tracking number (the back office ships them). */
  shipments: z
    .array(
      z.object({
        carrier: z.string(),
        tracking_number: z.string(),
        created_at: z.string(),
        items: z.array(z.object({ sku: z.string(), name: z.string(), qty: z.number().int() })),
      }),
    )
    .default([]),
  /** Messages from the shop about this order. */
  comments: z.array(z.object({ comment: z.string(), created_at: z.string() })).default([]),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export const orderDetailAnswerSchema = z.object({ status: z.literal('success'), data: orderDetailSchema });

/**
 * GET /api/order/{reference}: what the order success page shows, by the unguessable reference that
 * confirm-order answers. Deliberately little personal data: first name, masked email, delivery
 * town, outward postcode and country; no street, phone, surname or billing address.
 */
export const orderSuccessSchema = z.object({
  reference: z.string(),
  increment_id: z.string(),
  status: orderStatusSchema,
  status_label: z.string(),
  created_at: z.string(),
  customer_firstname: z.string(),
  /** j***@example.com */
  email_masked: z.string(),
  ...totalsShape,
  shipping_description: z.string(),
  payment_method_title: z.string(),
  items: z.array(orderLineSchema),
  delivery: z.object({ city: z.string(), postcode_outward: z.string(), country_id: z.string() }).nullable(),
});
export type OrderSuccess = z.infer<typeof orderSuccessSchema>;
export const orderSuccessAnswerSchema = z.object({ status: z.literal('success'), data: orderSuccessSchema });

export const orderIdParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'id must be an order id' }).int('id must be an order id').positive('id must be an order id').max(2147483647, 'id must be an order id'),
});
export const orderReferenceParamsSchema = z.strictObject({
  ref: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'ref must be an order reference'),
});

/** Title shown for a payment method code. */
export const PAYMENT_METHOD_TITLES: Record<string, string> = {
  stripe_payments: 'Credit / debit card',
  paypal_express: 'PayPal',
  checkmo: 'Cheque / money order',
  banktransfer: 'Bank transfer',
};
/** Title shown for a card payment that came from a wallet (the payment method's type). */
export const WALLET_TITLES: Record<string, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  link: 'Link',
  amazon_pay: 'Amazon Pay',
  paypal: 'PayPal',
  /** The offline test provider's express wallet. */
  test_wallet: 'Express wallet (test)',
};
/** What an order was paid with: the wallet when the card came from one, else the method's title. */
export function paymentMethodTitle(code: string, paymentMethodType?: string | null): string {
  const wallet = paymentMethodType ? WALLET_TITLES[paymentMethodType] : undefined;
  if (wallet && code === 'stripe_payments') return wallet;
  return PAYMENT_METHOD_TITLES[code] ?? code;
}
