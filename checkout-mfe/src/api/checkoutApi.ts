import { z } from 'zod';
import { apiRequest, type CartOwner } from '@shop/shared';
import { cartSchema } from '@shop/shared/schemas';
import {
  cancelPaymentIntentAnswerSchema,
  checkoutStepAnswerSchema,
  confirmOrderAnswerSchema,
  estimateShippingAnswerSchema,
  orderSuccessAnswerSchema,
  ordersListAnswerSchema,
  paymentConfigAnswerSchema,
  testAuthenticateAnswerSchema,
  testPaymentMethodAnswerSchema,
  type CheckoutAddressInput,
  type ConfirmOrderRequest,
  type TestPaymentMethodRequest,
} from '@shop/shared/schemas';

/**
 * The calls the checkout remote makes (spec section 7), typed with the API's own schemas. Money
 * in answers is pounds; prices and totals are always the server's.
 */

/** The address part of an estimate: postcode '*' while not known. */
export interface EstimateAddress {
  country_id: string;
  postcode: string;
  email?: string | null;
  city?: string | null;
  region_id?: number | null;
}

export const checkoutApi = {
  paymentConfig: () => apiRequest('/payment/config', { schema: paymentConfigAnswerSchema }),

  cart: (owner: CartOwner) => apiRequest('/cart', { body: owner, schema: cartSchema }),

  estimateShipping: (owner: CartOwner, address: EstimateAddress, signal?: AbortSignal) =>
    apiRequest('/cart/estimate-shipping-methods', {
      body: { ...owner, address },
      schema: estimateShippingAnswerSchema,
      ...(signal ? { signal } : {}),
    }),

  saveShippingInfo: (
    owner: CartOwner,
    body: {
      address: CheckoutAddressInput;
      shippingMethod: { carrierCode: string; methodCode: string };
      comment?: string | null;
      billingAddress?: CheckoutAddressInput | null;
    },
  ) => apiRequest('/cart/save-shipping-info', { body: { ...owner, ...body }, schema: checkoutStepAnswerSchema }),

  savePaymentInfo: (
    owner: CartOwner,
    body: { paymentMethod: string; email: string; comment?: string | null; billingAddress?: CheckoutAddressInput | null },
  ) => apiRequest('/cart/save-payment-info', { body: { ...owner, ...body }, schema: checkoutStepAnswerSchema }),

  confirmOrder: (owner: CartOwner, body: Omit<ConfirmOrderRequest, 'customerToken' | 'cartId'>) =>
    apiRequest('/cart/confirm-order', { body: { ...owner, ...body }, schema: confirmOrderAnswerSchema }),

  /** The offline test provider's stand-in for stripe.createPaymentMethod. */
  createTestPaymentMethod: (body: TestPaymentMethodRequest) =>
    apiRequest('/payment/test/payment-methods', { body, schema: testPaymentMethodAnswerSchema }),

  /** The offline test provider's bank page: complete or fail the extra step. */
  testAuthenticate: (paymentIntentId: string, outcome: 'complete' | 'fail') =>
    apiRequest('/payment/test/authenticate', { body: { paymentIntentId, outcome }, schema: testAuthenticateAnswerSchema }),

  /** After the extra step: answers like confirm-order (402 when it failed; the basket is given back). */
  completePayment: (paymentIntentId: string, owner: CartOwner) =>
    apiRequest('/payment/complete', { body: { paymentIntentId, ...owner }, schema: confirmOrderAnswerSchema }),

  cancelPaymentIntent: (paymentIntentId: string, owner: CartOwner) =>
    apiRequest('/payment/cancel-payment-intent', { body: { paymentIntentId, ...owner }, schema: cancelPaymentIntentAnswerSchema }),

  orderSuccess: (reference: string) => apiRequest(`/order/${encodeURIComponent(reference)}`, { schema: orderSuccessAnswerSchema }),

  ordersList: (customerToken: string, pageSize = 20) =>
    apiRequest('/orders/list', { body: { customerToken, page: 1, pageSize }, schema: ordersListAnswerSchema }),
};

export type PaymentConfig = z.infer<typeof paymentConfigAnswerSchema>;
