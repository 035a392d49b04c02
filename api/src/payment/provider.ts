import type { FastifyBaseLogger } from 'fastify';
import type { PaymentConfigAnswer, PaymentProviderName } from '@shop/shared/schemas';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DomainPlugin } from '../domain';

/**
 * What checkout (and the back office's refunds) need from a card payment provider, shaped like
 * Stripe's PaymentIntents and Refunds so every provider is interchangeable. Each provider is a
 * folder of its own, `payment/providers/<name>/`, registered in `payment/providers/index.ts`
 * (README, "Adding a payment provider"). Amounts are integer pence; currency 'gbp'.
 */

/** The provider names, one list in the shared contract (`PAYMENT_PROVIDERS` of @shop/shared). */
export type ProviderName = PaymentProviderName;

/** Stripe's PaymentIntent statuses. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface IntentError {
  code: string;
  declineCode?: string | null;
  message: string;
}

export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  /** Pence. */
  amount: number;
  currency: string;
  clientSecret: string | null;
  /** Where the shopper completes an extra step (3-D Secure), when status is requires_action. */
  redirectUrl: string | null;
  /** Why the last attempt failed (declined, authentication failed). */
  lastError: IntentError | null;
  paymentMethodId: string | null;
  card: { brand: string; last4: string } | null;
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amountPence: number;
  currency: 'gbp';
  paymentMethodId: string;
  /** 'card', 'apple_pay', 'google_pay'... (informational: wallets give card payment methods). */
  paymentMethodType: string;
  /** The same key always answers the same intent: a retried call never charges twice. */
  idempotencyKey: string;
  /** Absolute URL (Stripe) or path (test provider) the extra step returns to. */
  returnUrl: string;
  description: string;
  receiptEmail: string | null;
  metadata: Record<string, string>;
}

/** A provider event (a Stripe webhook event, or the test provider's own), about one intent. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

export type EventHandler = (provider: ProviderName, event: ProviderEvent) => Promise<unknown>;

/** The request was refused for something the shopper sent (an unknown payment method...). */
export class PaymentRequestError extends Error {
  override name = 'PaymentRequestError';
  constructor(
    message: string,
    readonly code: string = 'invalid_request',
  ) {
    super(message);
  }
}

/** The provider could not be reached or failed: the outcome is unknown; retry with the same key. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/** A webhook whose signature does not verify (forged, tampered, too old, wrong secret). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface RefundInput {
  /** The provider's payment (PaymentIntent id) to refund. */
  intentId: string;
  /** Pence; omitted: everything not refunded yet (a full refund). */
  amountPence?: number;
  /** The same key always answers the same refund: a retried call never refunds twice. */
  idempotencyKey: string;
  reason?: 'requested_by_customer' | 'duplicate' | 'fraudulent';
  metadata?: Record<string, string>;
}

/** Stripe's Refund statuses ('requires_action' is not used by card refunds). */
export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface ProviderRefund {
  id: string;
  intentId: string;
  /** Pence: this refund's amount. */
  amountPence: number;
  currency: string;
  status: RefundStatus;
  /** Pence: everything refunded on the payment so far (pending and succeeded refunds, this one included). */
  refundedPence: number;
  /** Why a refund failed, when it did. */
  failureReason: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** For the browser (Stripe.js); null for the test provider. */
  readonly publishableKey: string | null;
  /**
   * Where its extra step (3-D Secure) always returns, a path of the shop (the test provider's bank
   * page is the shop's own); null: the browser's return URL on the shop's origin (Stripe).
   */
  readonly returnPath: string | null;
  /** Creates and confirms a payment for the amount with the payment method (one call). */
  createAndConfirm(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieve(intentId: string): Promise<ProviderIntent>;
  /** Cancels an intent that has not succeeded (throws PaymentRequestError when it has). */
  cancel(intentId: string): Promise<ProviderIntent>;
  /**
   * Refunds all or part of a succeeded payment, once per idempotency key (a repeated call answers
   * the first refund). Throws PaymentRequestError (see REFUND_CODES) when it cannot be done as
   * asked (codes as Stripe's: `amount_too_large` for more than is left to refund,
   * `charge_not_refundable` for a payment that has not succeeded, `resource_missing`), and
   * PaymentProviderError when the outcome is unknown (retry with the same key).
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** A refund as it stands now (a pending refund settles later). */
  retrieveRefund(refundId: string): Promise<ProviderRefund>;
  /** Verifies a webhook's signature over its raw body and reads the event (Stripe only). */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /** Where the provider tells checkout about changes (the test provider; Stripe uses webhooks). */
  onEvent?(handler: EventHandler): void;
}

/** What a provider's folder gets to build its provider (payment/providers/<name>/index.ts). */
export interface ProviderDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * A payment provider's folder, `payment/providers/<name>/`, exports one of these from its
 * index.ts, and `payment/providers/index.ts` lists it under its name (one line).
 */
export interface PaymentProviderModule<P extends PaymentProvider = PaymentProvider> {
  readonly name: ProviderName;
  /** Whether it takes the shop's payments with this config; the first enabled in PAYMENT_PROVIDERS' order wins. */
  enabled(config: Config): boolean;
  create(deps: ProviderDeps): P;
  /**
   * Its own routes under /api/payment/<name>/ (a webhook, the test provider's stand-ins), mounted
   * whichever provider is active; `active` is null when another provider takes payments (the
   * routes then answer 404 saying so).
   */
  routes?(active: P | null): DomainPlugin;
  /** What GET /api/payment/config tells the browser beyond the provider's name and key. */
  browserConfig?(provider: P): Partial<Pick<PaymentConfigAnswer, 'testCards'>>;
  /** Start-up warnings about its settings (logged once). */
  warnings?(config: Config): string[];
}

/** A user-facing message for a provider error code (when the provider gave none). */
export const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  payment_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
