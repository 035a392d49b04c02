import {
  apiRequest,
  type addressFormToInput,
  type RegisterRequest,
  type UpdateMeRequest,
} from '@shop/shared';
import { addressBookAnswerSchema, billingAgreementsAnswerSchema, booleanAnswerSchema, captchaAnswerSchema, customerGetAnswerSchema, customerReviewsAnswerSchema, customerSubscriptionsAnswerSchema, downloadableProductsAnswerSchema, emailSubscriptionsAnswerSchema, newsletterAnswerSchema, orderDetailAnswerSchema, ordersListAnswerSchema, statusMessageAnswerSchema, updateMeAnswerSchema } from '@shop/shared/schemas';

/** An address as add-address / update-address take it (built by @shop/shared's addressFormToInput). */
type AddressBody = ReturnType<typeof addressFormToInput>;

/** Every call of the account area (spec section 7), typed by @shop/shared's schemas. */
export const accountApi = {
  register: (body: RegisterRequest) => apiRequest('/register', { body, schema: statusMessageAnswerSchema }),
  updateMe: (body: UpdateMeRequest) => apiRequest('/update/me', { body, schema: updateMeAnswerSchema }),
  newsletter: (body: { email: string; firstName?: string; lastName?: string; isSubscribed: boolean; customerToken?: string }) =>
    apiRequest('/contact/newsletter', { body, schema: newsletterAnswerSchema }),

  addAddress: (customerToken: string, address: AddressBody) =>
    apiRequest('/customer/me/add-address', { body: { customerToken, address }, schema: addressBookAnswerSchema }),
  updateAddress: (customerToken: string, address: AddressBody) =>
    apiRequest('/customer/me/update-address', { body: { customerToken, address }, schema: addressBookAnswerSchema }),
  deleteAddress: (customerToken: string, addressId: number) =>
    apiRequest('/customer/me/delete-address', { body: { customerToken, addressId }, schema: addressBookAnswerSchema }),

  orders: (customerToken: string, page: number, pageSize: number) =>
    apiRequest('/orders/list', { body: { customerToken, page, pageSize }, schema: ordersListAnswerSchema }),
  order: (customerToken: string, orderId: string) =>
    apiRequest(`/customer/order/${encodeURIComponent(orderId)}`, {
      headers: { Authorization: `Bearer ${customerToken}` },
      schema: orderDetailAnswerSchema,
    }),

  captcha: () => apiRequest('/customer/captcha', { method: 'POST', schema: captchaAnswerSchema }),
  verifyCaptcha: (token: string, answer: string) =>
    apiRequest('/customer/verify-recaptcha', { body: { token, answer }, schema: booleanAnswerSchema }),
  forgotPassword: (email: string, captchaToken: string) =>
    apiRequest('/customer/forgot-password', { body: { email, captchaToken }, schema: statusMessageAnswerSchema }),
  resetTokenValidate: (customerId: string, resetToken: string) =>
    apiRequest('/customer/reset-token-validate', { body: { customerId, resetToken }, schema: booleanAnswerSchema }),
  customerGet: (customerId: string, resetToken: string) =>
    apiRequest('/customer/get', { body: { customerId, resetToken }, schema: customerGetAnswerSchema }),
  resetPassword: (body: { email: string; password: string; resetToken: string; customerId: string }) =>
    apiRequest('/customer/reset-password', { body, schema: statusMessageAnswerSchema }),

  /** Email Notifications: the login token, or the signed token of a mail's unsubscribe link. */
  emailSubscriptions: (who: { customerToken?: string; unsubscribeToken?: string }) =>
    apiRequest('/customer/get-email-subscriptions', { body: who, schema: emailSubscriptionsAnswerSchema }),
  saveEmailSubscriptions: (
    who: { customerToken?: string; unsubscribeToken?: string },
    subscriptions: { eventCode: string; isSubscribed: boolean }[],
  ) => apiRequest('/customer/save-email-subscriptions', { body: { ...who, subscriptions }, schema: emailSubscriptionsAnswerSchema }),

  billingAgreements: (customerToken: string) =>
    apiRequest('/customer/billing-agreements', { body: { customerToken }, schema: billingAgreementsAnswerSchema }),
  subscriptions: (customerToken: string) =>
    apiRequest('/customer/subscriptions', { body: { customerToken }, schema: customerSubscriptionsAnswerSchema }),
  downloads: (customerToken: string) =>
    apiRequest('/customer/downloadable-products', { body: { customerToken }, schema: downloadableProductsAnswerSchema }),
  reviews: (customerToken: string, page: number, pageSize = 10) =>
    apiRequest('/customer/reviews', { body: { customerToken, page, pageSize }, schema: customerReviewsAnswerSchema }),
};

/** The server's message of a failed call (ApiError carries it), else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message && !error.message.startsWith('Request to ') && !error.message.startsWith('Unexpected answer')
    ? error.message
    : fallback;
}
