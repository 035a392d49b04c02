import { z } from './z';
import { addressBaseSchema, addressInputSchema } from '../../forms/address';
import { emailSchema, newPasswordSchema, PASSWORD_MAX_LENGTH } from '../../forms/account';
import { ACCOUNT_MESSAGES } from '../../forms/messages';

/* ------------------------------------------------------------------ answers: the customer */

/** A saved address (the address base, with its ids, the region as an object and the defaults). */
export const addressSchema = z.object({
  id: z.number().int().optional(),
  customer_id: z.number().int().optional(),
  ...addressBaseSchema.shape,
  company: z.string().optional().nullable(),
  region: z
    .object({ region: z.string().nullable().optional(), region_code: z.string().nullable().optional(), region_id: z.number().int().nullable().optional() })
    .optional()
    .nullable(),
  region_id: z.number().int().optional().nullable(),
  default_billing: z.boolean().optional(),
  default_shipping: z.boolean().optional(),
  /** `address_label` when the customer gave the address a name. */
  custom_attributes: z.array(z.object({ attribute_code: z.string(), value: z.string() })).optional(),
});
export type Address = z.infer<typeof addressSchema>;

/** The signed-in customer (`data.data` of POST /api/me). */
export const customerSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** 1 General, 2 Trade, 3 Wholesale (shared/src/pricing/rules.ts). Set by the shop, never by a client. */
  group_id: z.number().int(),
  created_at: z.string().optional(),
  /** Ids (as strings) of the default billing / shipping address, when set. */
  default_billing: z.string().optional(),
  default_shipping: z.string().optional(),
  addresses: z.array(addressSchema),
  /** `company_name` when the customer gave a company. */
  custom_attributes: z.array(z.object({ attribute_code: z.string(), value: z.string() })).optional(),
  extension_attributes: z.object({ is_subscribed: z.boolean() }).partial().optional(),
});
export type Customer = z.infer<typeof customerSchema>;

/* ------------------------------------------------------------------ shared pieces */

/** The login token in a body. Calls also accept `Authorization: Bearer` / `Authorization-Customer: Bearer`. */
export const customerTokenField = z.string().trim().min(1, ACCOUNT_MESSAGES.sessionExpired).max(200, ACCOUNT_MESSAGES.sessionExpired);

/** A customer id as a number or a numeric string ('12'). */
export const customerIdField = z
  .union([z.number().int().positive(), z.string().trim().regex(/^\d{1,10}$/, 'must be a customer id')])
  .transform((v) => Number(v));

const secretField = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(200);

export const statusMessageAnswerSchema = z.object({ status: z.literal('success'), message: z.string() });
export type StatusMessageAnswer = z.infer<typeof statusMessageAnswerSchema>;

const nameField = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(255, 'Please use at most 255 characters');

/* ------------------------------------------------------------------ requests and answers */

/** POST /api/register */
export const registerRequestSchema = z.strictObject({
  firstname: nameField('First Name'),
  lastname: nameField('Last Name'),
  company: z.string().trim().max(255).nullish(),
  email: emailSchema,
  password: newPasswordSchema,
  newsletter: z.boolean().optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /api/login */
export const loginRequestSchema = z.strictObject({
  username: z
    .string({ error: ACCOUNT_MESSAGES.requiredField })
    .trim()
    .min(1, ACCOUNT_MESSAGES.requiredField)
    .max(254, ACCOUNT_MESSAGES.invalidCredentials)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: ACCOUNT_MESSAGES.requiredField }).min(1, ACCOUNT_MESSAGES.requiredField).max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.invalidCredentials),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginAnswerSchema = z.object({
  status: z.literal('success'),
  data: z.object({ token: z.string(), expires_at: z.string() }),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/logout, POST /api/me and the customer lists: the token in the body or a header. */
export const customerTokenRequestSchema = z.strictObject({ customerToken: customerTokenField.optional() });

/** POST /api/me */
export const meAnswerSchema = z.object({ status: z.literal('success'), data: z.object({ data: customerSchema }) });
export type MeAnswer = z.infer<typeof meAnswerSchema>;

/** POST /api/update/me: changing email or password needs currentPassword. */
export const updateMeRequestSchema = z.strictObject({
  customerToken: customerTokenField.optional(),
  firstname: nameField('First Name').optional(),
  lastname: nameField('Last Name').optional(),
  email: emailSchema.optional(),
  company: z.string().trim().max(255).nullish(),
  newPassword: newPasswordSchema.optional(),
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type UpdateMeRequest = z.input<typeof updateMeRequestSchema>;

/** After a password change every token is revoked; `data.token` is the new one for this browser. */
export const updateMeAnswerSchema = statusMessageAnswerSchema.extend({
  data: z.object({ token: z.string().optional() }).optional(),
});

/** POST /api/customer/me/add-address and update-address (update needs address.id). */
export const addressRequestSchema = z.strictObject({
  customerToken: customerTokenField.optional(),
  address: addressInputSchema,
});
export type AddressRequest = z.input<typeof addressRequestSchema>;

/** POST /api/customer/me/delete-address */
export const deleteAddressRequestSchema = z.strictObject({
  customerToken: customerTokenField.optional(),
  addressId: z.number().int().positive(),
});

export const addressBookAnswerSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ customer: customerSchema }),
});
export type AddressBookAnswer = z.infer<typeof addressBookAnswerSchema>;

/** GET /api/customer/addresses */
export const addressesAnswerSchema = z.object({ status: z.literal('success'), addresses: z.array(addressSchema) });

/** POST /api/customer/captcha: a challenge drawn by the server (SVG, no text in it). */
export const captchaAnswerSchema = z.object({
  id: z.string(),
  /** data:image/svg+xml;base64,... 220x80, to draw on the form's canvas. */
  image: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  expires_in: z.number().int(),
});
export type CaptchaAnswer = z.infer<typeof captchaAnswerSchema>;

/** POST /api/customer/verify-recaptcha: token is the challenge id, answer what was typed. */
export const verifyCaptchaRequestSchema = z.strictObject({
  token: secretField('token'),
  answer: z.string({ error: ACCOUNT_MESSAGES.invalidCaptcha }).trim().max(20),
});

export const booleanAnswerSchema = z.boolean();

/** POST /api/customer/forgot-password: captchaToken is a challenge solved with verify-recaptcha. */
export const forgotPasswordRequestSchema = z.strictObject({
  email: emailSchema,
  captchaToken: z.string({ error: ACCOUNT_MESSAGES.invalidCaptcha }).trim().min(1, ACCOUNT_MESSAGES.invalidCaptcha).max(100),
});

/** POST /api/customer/reset-password */
export const resetPasswordRequestSchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  resetToken: secretField('resetToken'),
  customerId: customerIdField.optional(),
});

/** POST /api/customer/reset-token-validate */
export const resetTokenValidateRequestSchema = z.strictObject({
  customerId: customerIdField,
  resetToken: secretField('resetToken'),
});

/** POST /api/customer/get: needs the reset token of that customer (or their login token). */
export const customerGetRequestSchema = z.strictObject({
  customerId: customerIdField,
  resetToken: z.string().trim().max(200).optional(),
  customerToken: customerTokenField.optional(),
});
export const customerGetAnswerSchema = z.union([
  z.literal(false),
  z.object({ id: z.number().int(), firstname: z.string(), email: z.string() }),
]);

/** POST /api/contact/newsletter */
export const newsletterRequestSchema = z.strictObject({
  email: emailSchema,
  firstName: z.string().trim().max(255).nullish(),
  lastName: z.string().trim().max(255).nullish(),
  isSubscribed: z.boolean({ error: 'isSubscribed must be true or false' }),
  customerToken: customerTokenField.optional(),
  /** From the link in a newsletter mail: lets a guest unsubscribe. */
  unsubscribeToken: z.string().trim().max(500).optional(),
});
export const newsletterAnswerSchema = z.object({
  success: z.literal(true),
  error: z.null(),
  /** pending: a confirmation mail was sent (guests). */
  status: z.enum(['subscribed', 'pending', 'unsubscribed']),
  message: z.string(),
});
export type NewsletterAnswer = z.infer<typeof newsletterAnswerSchema>;

/** Follow-up email notifications a shopper can turn off (Email Notifications page). */
export const EMAIL_EVENTS = [
  { code: 'abandoned_cart', label: 'Reminders about items left in your basket' },
  { code: 'order_status', label: 'Updates about your orders' },
  { code: 'review_request', label: 'Requests to review products you bought' },
  { code: 'product_tips', label: 'Installation tips for products you bought' },
] as const;
export const emailEventCodeSchema = z.enum(EMAIL_EVENTS.map((e) => e.code) as [string, ...string[]], {
  error: 'Unknown eventCode',
});

/** get/save-email-subscriptions: the login token or a signed unsubscribe token; customerId alone is refused. */
export const emailSubscriptionsRequestSchema = z.strictObject({
  customerId: customerIdField.optional(),
  customerToken: customerTokenField.optional(),
  unsubscribeToken: z.string().trim().max(500).optional(),
});
export const saveEmailSubscriptionsRequestSchema = emailSubscriptionsRequestSchema.extend({
  subscriptions: z
    .array(z.strictObject({ eventCode: emailEventCodeSchema, isSubscribed: z.boolean() }))
    .min(1)
    .max(20),
});
export const emailSubscriptionSchema = z.object({ eventCode: z.string(), label: z.string(), isSubscribed: z.boolean() });
export const emailSubscriptionsAnswerSchema = z.object({
  status: z.literal('success'),
  /** The address these settings are for, masked (j***@example.com). */
  email: z.string(),
  data: z.array(emailSubscriptionSchema),
});
export type EmailSubscriptionsAnswer = z.infer<typeof emailSubscriptionsAnswerSchema>;

/* ------------------------------------------------------------------ account lists */

export const billingAgreementSchema = z.object({
  id: z.number().int(),
  method: z.string(),
  method_title: z.string(),
  reference_id: z.string(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const customerSubscriptionSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.literal('GBP'),
  interval: z.string(),
  current_period_end: z.string().nullable(),
  created_at: z.string(),
});
export const downloadableProductSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_increment_id: z.string(),
  title: z.string(),
  file_name: z.string(),
  created_at: z.string(),
  /** null: unlimited. */
  downloads_remaining: z.number().int().nullable(),
  /** available once the order is paid (processing or complete). */
  status: z.enum(['available', 'pending', 'expired']),
  /** A signed link valid for one hour, for this customer only; null unless available. */
  url: z.string().nullable(),
});

export const listAnswerSchema = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal('success'), data: z.object({ items: z.array(item), totalCount: z.number().int() }) });

export const billingAgreementsAnswerSchema = listAnswerSchema(billingAgreementSchema);
export const customerSubscriptionsAnswerSchema = listAnswerSchema(customerSubscriptionSchema);
export const downloadableProductsAnswerSchema = listAnswerSchema(downloadableProductSchema);
export type BillingAgreement = z.infer<typeof billingAgreementSchema>;
export type CustomerSubscription = z.infer<typeof customerSubscriptionSchema>;
export type DownloadableProduct = z.infer<typeof downloadableProductSchema>;

/* ------------------------------------------------------------------ My Product Reviews */

/** POST /api/customer/reviews: the customer's own reviews, newest first (default page 1, 10 a page, max 50). */
export const customerReviewsRequestSchema = z.strictObject({
  customerToken: customerTokenField.optional(),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100000).default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize must be 1 or more').max(50, 'pageSize must be at most 50').default(10),
});

export const customerReviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_sku: z.string(),
  product_name: z.string(),
  product_url_key: z.string(),
  nickname: z.string(),
  title: z.string(),
  detail: z.string(),
  rating: z.number().int().min(1).max(5),
  /** pending until the shop approves it; only approved reviews are shown on the product. */
  /** rejected: staff did not publish it (the back office's review moderation). */
  status: z.enum(['pending', 'approved', 'rejected']),
  /** The customer bought this product (an order of theirs that was paid). */
  verified_purchase: z.boolean(),
  created_at: z.string(),
});
export type CustomerReview = z.infer<typeof customerReviewSchema>;
export const customerReviewsAnswerSchema = listAnswerSchema(customerReviewSchema);

/** POST /api/customer/reviews/add: any enabled product, once per product; it starts pending. */
export const addReviewRequestSchema = z.strictObject({
  customerToken: customerTokenField.optional(),
  sku: z.string({ error: 'sku is required' }).trim().min(1, 'sku is required').max(64),
  nickname: z.string().trim().min(1, 'Nickname is required').max(60).optional(),
  title: z.string({ error: 'Summary is required' }).trim().min(1, 'Summary is required').max(120, 'Please use at most 120 characters'),
  detail: z.string({ error: 'Review is required' }).trim().min(1, 'Review is required').max(5000, 'Please use at most 5000 characters'),
  rating: z.number({ error: 'Please choose a rating from 1 to 5 stars' }).int('Please choose a rating from 1 to 5 stars').min(1, 'Please choose a rating from 1 to 5 stars').max(5, 'Please choose a rating from 1 to 5 stars'),
});
export type AddReviewRequest = z.input<typeof addReviewRequestSchema>;
export const addReviewAnswerSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ review: customerReviewSchema }),
});
