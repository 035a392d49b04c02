/**
 * What checkout needs from a card payment provider, shaped like Stripe's PaymentIntents so the two
 * providers (Stripe, and the offline test provider that behaves like Stripe's test mode) are
 * interchangeable. Amounts are integer pence; currency 'gbp'.
 */

export type ProviderName = 'stripe' | 'test';

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

export interface PaymentProvider {
  readonly name: ProviderName;
  /** For the browser (Stripe.js); null for the test provider. */
  readonly publishableKey: string | null;
  /** Creates and confirms a payment for the amount with the payment method (one call). */
  createAndConfirm(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieve(intentId: string): Promise<ProviderIntent>;
  /** Cancels an intent that has not succeeded (throws PaymentRequestError when it has). */
  cancel(intentId: string): Promise<ProviderIntent>;
  /** Verifies a webhook's signature over its raw body and reads the event (Stripe only). */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /** Where the provider tells checkout about changes (the test provider; Stripe uses webhooks). */
  onEvent?(handler: EventHandler): void;
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
