import { z } from './z';
import { PAYMENT_PROVIDERS } from '../../payment/providers';
import { addressRulesSchema, checkAddressRules } from '../../forms/address';
import { findCountry, findRegion } from '../../forms/countries';
import { ACCOUNT_MESSAGES, ADDRESS_MESSAGES as M } from '../../forms/messages';
import { cartAnswerSchema, cartOwnerSchema } from './cart';

/**
 * Checkout and payment calls (spec sections 4 and 7): save-shipping-info, save-payment-info,
 * confirm-order, and the payment calls (config, test payment methods, completing a payment that
 * needed an extra step, cancelling one, Stripe's webhook). Money in answers is pounds (2 decimals);
 * `amount` values sent to a payment provider are pence.
 */

/** The payment method codes the shop takes (spec: default stripe_payments). */
export const PAYMENT_METHOD_CODES = ['stripe_payments'] as const;
export const DEFAULT_PAYMENT_METHOD = 'stripe_payments';

export const checkoutEmailField = z
  .string({ error: ACCOUNT_MESSAGES.requiredField })
  .trim()
  .min(1, ACCOUNT_MESSAGES.requiredField)
  .max(254, ACCOUNT_MESSAGES.emailInvalid)
  .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** Street lines: a list (spec) or one string; only non-empty lines are kept, at most two. */
const streetField = z
  .union([z.array(z.string({ error: M.streetRequired })), z.string()], { error: M.streetRequired })
  .transform((value) => (Array.isArray(value) ? value : [value]).map((line) => line.trim()).filter(Boolean))
  .refine((lines) => lines.length > 0, { message: M.streetRequired, path: [0] })
  .refine((lines) => lines.length <= 2, { message: 'At most 2 street lines' })
  .refine((lines) => lines.every((line) => line.length <= 255), { message: 'Please use at most 255 characters' });

/** The region as text ('West Yorkshire') or as the account store answers it ({ region, region_code, region_id }). */
const regionField = z
  .union([
    z.string().trim().max(255),
    z.object({
      region: z.string().trim().max(255).nullish(),
      region_code: z.string().trim().max(20).nullish(),
      region_id: z.union([z.number(), z.string()]).nullish(),
    }),
  ])
  .nullish();

/** The checkout address's fields: the address rules, with the street, country and region as checkout takes them, and the email. */
export const checkoutAddressFieldsSchema = z.object(
  {
    ...addressRulesSchema.shape,
    street: streetField,
    country_id: addressRulesSchema.shape.country_id.transform((v) => v.toUpperCase()),
    region: regionField,
    email: z.string().trim().max(254).nullish(),
  },
  { error: 'address is required' },
);

/**
 * A checkout address (shipping or billing), validated with the address form's rules and
 * messages (names, phone pattern, street line 1, city, UK postcode for GB, country GB or US).
 * Differences from the account form: `telephone` may come as `phone` (the checkout state's name);
 * the region is optional (a wallet address often has no county, and UK delivery does not need
 * one) but when given as region_id it must be one of the country's; `email` rides along.
 */
export const checkoutAddressSchema = z
  .preprocess(
    (value) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const v = value as Record<string, unknown>;
      const withPhone = v.telephone === undefined && v.phone !== undefined ? { ...v, telephone: v.phone } : v;
      return withPhone.country_id === undefined || withPhone.country_id === null || withPhone.country_id === ''
        ? { ...withPhone, country_id: 'GB' }
        : withPhone;
    },
    checkoutAddressFieldsSchema,
  )
  .superRefine((value, ctx) => {
    // The form's rules, except that a missing region is allowed (see above).
    checkAddressRules({ ...value, region_id: value.region_id ?? (findCountry(value.country_id)?.regions[0]?.id ?? null) }, ctx);
    if (value.postcode === '*') ctx.addIssue({ code: 'custom', path: ['postcode'], message: M.postcodeRequired });
    if (value.email) {
      const email = checkoutEmailField.safeParse(value.email);
      if (!email.success) ctx.addIssue({ code: 'custom', path: ['email'], message: ACCOUNT_MESSAGES.emailInvalid });
    }
  })
  .transform((value) => {
    const regionText = typeof value.region === 'string' ? value.region : (value.region?.region ?? null);
    const known = findRegion(value.country_id, value.region_id);
    return {
      ...value,
      region_id: known?.id ?? null,
      region: known?.name ?? (regionText || null),
      region_code: known?.code ?? null,
      email: value.email ? value.email.toLowerCase() : null,
    };
  });
export type CheckoutAddressInput = z.input<typeof checkoutAddressSchema>;
export type CheckoutAddress = z.output<typeof checkoutAddressSchema>;

/** A billing address for confirm-order: email required (unless save-payment-info saved one). */
export const billingAddressSchema = checkoutAddressSchema;

export const shippingMethodSchema = z.object(
  {
    carrierCode: z.string({ error: 'carrierCode is required' }).trim().min(1, 'carrierCode is required').max(50),
    methodCode: z.string({ error: 'methodCode is required' }).trim().min(1, 'methodCode is required').max(50),
  },
  { error: 'shippingMethod is required' },
);

const commentField = z
  .string({ error: 'comment must be text' })
  .trim()
  .max(1000, 'Please keep the comment under 1000 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/cart/save-shipping-info */
export const saveShippingInfoRequestSchema = cartOwnerSchema.extend({
  address: checkoutAddressSchema,
  shippingMethod: shippingMethodSchema,
  comment: commentField,
  /** Optional here (confirm-order sends it too): saved when given. */
  billingAddress: checkoutAddressSchema.nullish(),
});
export type SaveShippingInfoRequest = z.input<typeof saveShippingInfoRequestSchema>;

const paymentMethodCodeField = z.enum(PAYMENT_METHOD_CODES, {
  error: `paymentMethod must be ${PAYMENT_METHOD_CODES.join(' or ')}`,
});

/** POST /api/cart/save-payment-info: paymentMethod as a code or as { method }. */
export const savePaymentInfoRequestSchema = cartOwnerSchema.extend({
  paymentMethod: z
    .union([paymentMethodCodeField, z.object({ method: paymentMethodCodeField })], {
      error: `paymentMethod must be ${PAYMENT_METHOD_CODES.join(' or ')}`,
    })
    .nullish()
    .transform((v) => (v ? (typeof v === 'string' ? v : v.method) : DEFAULT_PAYMENT_METHOD)),
  email: checkoutEmailField,
  comment: commentField,
  billingAddress: checkoutAddressSchema.nullish(),
});
export type SavePaymentInfoRequest = z.input<typeof savePaymentInfoRequestSchema>;

export const paymentMethodSchema = z.object({ code: z.string(), title: z.string() });

/** Answer of save-shipping-info and save-payment-info: the basket with delivery now counted. */
export const checkoutStepAnswerSchema = z.object({
  status: z.literal('success'),
  cart: cartAnswerSchema,
  payment_methods: z.array(paymentMethodSchema),
});
export type CheckoutStepAnswer = z.infer<typeof checkoutStepAnswerSchema>;

/** A payment method id: Stripe's pm_... (Stripe.js createPaymentMethod) or the test provider's. */
export const paymentMethodIdField = z
  .string({ error: 'payment.piPaymentMethodId is required' })
  .trim()
  .min(1, 'payment.piPaymentMethodId is required')
  .max(255)
  .regex(/^pm_[A-Za-z0-9_]+$/, 'payment.piPaymentMethodId must be a payment method id (pm_...)');

/** POST /api/cart/confirm-order */
export const confirmOrderRequestSchema = cartOwnerSchema.extend({
  payment: z.object(
    {
      method: paymentMethodCodeField.nullish().transform((v) => v ?? DEFAULT_PAYMENT_METHOD),
      piPaymentMethodId: paymentMethodIdField,
      /** 'card', or the wallet the card came from ('apple_pay', 'google_pay'...). */
      paymentMethodType: z
        .string()
        .trim()
        .max(50)
        .regex(/^[a-z_]*$/, 'payment.paymentMethodType must be like card or apple_pay')
        .nullish()
        .transform((v) => v || 'card'),
    },
    { error: 'payment is required' },
  ),
  billingAddress: billingAddressSchema.nullish(),
  /** Optional: where the extra payment step returns to (must be on the shop's origin). */
  returnUrl: z.string().trim().max(2000).nullish(),
  comment: commentField,
});
export type ConfirmOrderRequest = z.input<typeof confirmOrderRequestSchema>;

/**
 * Answer of confirm-order and of payment/complete.
 * - 'succeeded': paid; 'processing': the provider is still settling it. Either way the order is
 *   placed: store `orderId` (the unguessable reference: GET /api/order/{orderId}) and go to the
 *   success page.
 * - 'requires_action': the card needs an extra step (3-D Secure). With Stripe, run
 *   `stripe.handleNextAction({ clientSecret })` or go to `redirectUrl`; with the test provider go
 *   to `redirectUrl` (/payment-complete?...). Then POST /api/payment/complete.
 * A declined card answers 402 with the bank's message, and the basket is left as it was.
 */
export const orderPlacedAnswerSchema = z.object({
  status: z.enum(['succeeded', 'processing', 'requires_action']),
  /** The unguessable order reference for the success page (same as orderRef). */
  orderId: z.string(),
  orderRef: z.string(),
  /** The order number shown to the shopper ('100000001'). */
  orderNumber: z.string(),
  paymentIntentId: z.string().nullable(),
  /** Pounds, what is (being) charged. */
  amount: z.number(),
  currency: z.literal('GBP'),
  redirectUrl: z.string().nullable(),
  clientSecret: z.string().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS),
});
export type OrderPlacedAnswer = z.infer<typeof orderPlacedAnswerSchema>;
export const confirmOrderAnswerSchema = orderPlacedAnswerSchema;

// ---------------------------------------------------------------------------------------------
// Payment calls

/** GET /api/payment/config: which provider takes payments, and Stripe's publishable key. */
export const paymentConfigAnswerSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
  currency: z.literal('gbp'),
  country: z.literal('GB'),
  /** Test provider only: the cards it knows, for hints on the card form. */
  testCards: z.array(z.object({ number: z.string(), description: z.string() })).optional(),
});
export type PaymentConfigAnswer = z.infer<typeof paymentConfigAnswerSchema>;

/** POST /api/payment/test/payment-methods: the test provider's stripe.createPaymentMethod. */
export const testPaymentMethodRequestSchema = z.object({
  type: z.literal('card', { error: "type must be 'card'" }).default('card'),
  card: z.object(
    {
      number: z.string({ error: 'Your card number is incomplete.' }).max(40, 'Your card number is invalid.'),
      exp_month: z.coerce.number({ error: "Your card's expiration date is incomplete." }).int("Your card's expiration date is incomplete."),
      exp_year: z.coerce.number({ error: "Your card's expiration year is incomplete." }).int("Your card's expiration year is incomplete."),
      cvc: z.string({ error: "Your card's security code is incomplete." }).max(10, "Your card's security code is invalid."),
    },
    { error: 'card is required' },
  ),
  /** When the card comes from the express wallet sheet. */
  wallet: z.enum(['apple_pay', 'google_pay', 'link']).nullish(),
  billing_details: z
    .object({
      name: z.string().max(255).nullish(),
      email: z.string().max(254).nullish(),
      phone: z.string().max(40).nullish(),
    })
    .passthrough()
    .nullish(),
});
export type TestPaymentMethodRequest = z.input<typeof testPaymentMethodRequestSchema>;

export const testPaymentMethodAnswerSchema = z.object({
  id: z.string(),
  object: z.literal('payment_method'),
  type: z.literal('card'),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    wallet: z.object({ type: z.string() }).nullable(),
  }),
});
export type TestPaymentMethodAnswer = z.infer<typeof testPaymentMethodAnswerSchema>;

export const paymentIntentIdField = z
  .string({ error: 'paymentIntentId is required' })
  .trim()
  .min(1, 'paymentIntentId is required')
  .max(255)
  .regex(/^pi_[A-Za-z0-9_]+$/, 'paymentIntentId must be a payment intent id (pi_...)');

/** POST /api/payment/test/authenticate: the test provider's 3-D Secure page (complete or fail). */
export const testAuthenticateRequestSchema = z.object({
  paymentIntentId: paymentIntentIdField,
  outcome: z.enum(['complete', 'fail'], { error: "outcome must be 'complete' or 'fail'" }),
});
export const testAuthenticateAnswerSchema = z.object({
  paymentIntentId: z.string(),
  status: z.string(),
  /** Where the bank page sends the shopper back to. */
  returnUrl: z.string(),
});

/**
 * POST /api/payment/complete: after the extra step (the /payment-complete page, with Stripe's
 * `payment_intent` query parameter). Answers like confirm-order; a failed step answers 402 and
 * gives the basket back.
 */
export const paymentCompleteRequestSchema = z.object({
  paymentIntentId: paymentIntentIdField,
  customerToken: z.string().nullish(),
  cartId: z.string().nullish(),
});

/** POST /api/payment/cancel-payment-intent: the shopper gave up on the extra step. */
export const cancelPaymentIntentRequestSchema = z.object({
  paymentIntentId: paymentIntentIdField,
  customerToken: z.string().nullish(),
  cartId: z.string().nullish(),
});
export const cancelPaymentIntentAnswerSchema = z.object({
  status: z.enum(['canceled', 'succeeded', 'processing']),
  paymentIntentId: z.string(),
  message: z.string(),
  /** The order, when the payment had already gone through (it cannot be cancelled). */
  orderId: z.string().nullable(),
});

/** POST /api/payment/stripe/webhook */
export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  outcome: z.string(),
});

/**
 * Why a basket line cannot be bought: the words confirm-order refuses it with (409), which the
 * checkout page also shows as soon as it sees the product's stock.
 */
export const STOCK_MESSAGES = {
  outOfStock: (name: string) => `Sorry, ${name} is out of stock.`,
  onlyInStock: (name: string, n: number) => `Sorry, we only have ${n} of ${name} left in stock. Please change the quantity in your basket.`,
} as const;
