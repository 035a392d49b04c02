import Stripe from 'stripe';
import {
  PaymentProviderError,
  PaymentRequestError,
  WebhookSignatureError,
  type CreateIntentInput,
  type IntentStatus,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderRefund,
  type RefundStatus,
} from '../../provider';

/**
 * Stripe through the official SDK: PaymentIntents in GBP, amounts in pence, one create-and-confirm
 * call per payment attempt with an idempotency key (basket, amount, attempt), so a retried call
 * never charges twice. Webhooks are verified over the raw body with the endpoint's signing secret.
 * `host`/`port`/`protocol` point the SDK elsewhere (tests use a local fake Stripe server).
 */
export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  publishableKey: string | null;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Network retries of the SDK (it sends the same idempotency key on each). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

type StripeIntent = Stripe.PaymentIntent;

export function toProviderIntent(pi: StripeIntent): ProviderIntent {
  const pm = pi.payment_method;
  const card = pm && typeof pm === 'object' && pm.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null;
  const error = pi.last_payment_error;
  return {
    id: pi.id,
    status: pi.status as IntentStatus,
    amount: pi.amount,
    currency: pi.currency,
    clientSecret: pi.client_secret ?? null,
    redirectUrl: pi.next_action?.redirect_to_url?.url ?? null,
    lastError: error
      ? { code: error.code ?? 'card_declined', declineCode: error.decline_code ?? null, message: error.message ?? 'Your card was declined.' }
      : null,
    paymentMethodId: typeof pm === 'string' ? pm : (pm?.id ?? null),
    card,
    metadata: (pi.metadata ?? {}) as Record<string, string>,
  };
}

/** Everything refunded on a PaymentIntent so far (pending and succeeded refunds), pence. */
async function refundedOn(stripe: Stripe, intentId: string): Promise<number> {
  let total = 0;
  for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
    if (refund.status === 'pending' || refund.status === 'succeeded' || refund.status === 'requires_action') total += refund.amount;
  }
  return total;
}

function toProviderRefund(refund: Stripe.Refund, refundedPence: number): ProviderRefund {
  const intent = refund.payment_intent;
  return {
    id: refund.id,
    intentId: typeof intent === 'string' ? intent : (intent?.id ?? ''),
    amountPence: refund.amount,
    currency: refund.currency,
    // requires_action (some non-card methods) counts as pending: it has not finished.
    status: (refund.status === 'requires_action' || !refund.status ? 'pending' : refund.status) as RefundStatus,
    refundedPence,
    failureReason: refund.failure_reason ?? null,
  };
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider & { readonly stripe: Stripe } {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 30_000,
    appInfo: { name: 'northgate-membranes-shop' },
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  /** Stripe's errors as ours: a card error is an answer (a declined intent), not a failure. */
  function translate(error: unknown): never {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new PaymentRequestError(error.message, error.code ?? 'invalid_request');
    }
    if (error instanceof Stripe.errors.StripeError) {
      throw new PaymentProviderError(`Stripe: ${error.type}: ${error.message}`);
    }
    throw new PaymentProviderError(`Stripe: ${(error as Error)?.message ?? String(error)}`);
  }

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    returnPath: null,
    stripe,

    async createAndConfirm(input: CreateIntentInput): Promise<ProviderIntent> {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: input.currency,
            payment_method: input.paymentMethodId,
            confirm: true,
            automatic_payment_methods: { enabled: true },
            return_url: input.returnUrl,
            description: input.description,
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toProviderIntent(pi);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          // A decline: Stripe answers 402 with the intent (now requires_payment_method).
          const pi = error.payment_intent;
          const lastError = { code: error.code ?? 'card_declined', declineCode: error.decline_code ?? null, message: error.message };
          if (pi) return { ...toProviderIntent(pi), status: 'requires_payment_method', lastError };
          return {
            id: '',
            status: 'requires_payment_method',
            amount: input.amountPence,
            currency: input.currency,
            clientSecret: null,
            redirectUrl: null,
            lastError,
            paymentMethodId: input.paymentMethodId,
            card: null,
            metadata: input.metadata,
          };
        }
        return translate(error);
      }
    },

    async retrieve(intentId) {
      try {
        return toProviderIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        return translate(error);
      }
    },

    async cancel(intentId) {
      try {
        return toProviderIntent(await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: `cancel-${intentId}` }));
      } catch (error) {
        return translate(error);
      }
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.intentId,
            ...(input.amountPence !== undefined ? { amount: input.amountPence } : {}),
            ...(input.reason ? { reason: input.reason } : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toProviderRefund(refund, await refundedOn(stripe, input.intentId));
      } catch (error) {
        return translate(error);
      }
    },

    async retrieveRefund(refundId) {
      try {
        const refund = await stripe.refunds.retrieve(refundId);
        const intent = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
        return toProviderRefund(refund, intent ? await refundedOn(stripe, intent) : refund.amount);
      } catch (error) {
        return translate(error);
      }
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (!options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set: webhooks cannot be verified');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const object = (event.data as { object?: { object?: string } } | undefined)?.object;
      const intent = object?.object === 'payment_intent' ? toProviderIntent(object as unknown as StripeIntent) : null;
      return { id: event.id, type: event.type, intent };
    },
  };
}
