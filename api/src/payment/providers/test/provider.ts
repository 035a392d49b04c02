import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cardBrand, cardDigits, cardProblems } from '@shop/shared/payment/card';
import type { Db } from '../../../db/client';
import { faultPoint } from '../../../faults';
import { badRequest } from '../../../http-errors';
import {
  DECLINE_MESSAGES,
  PaymentRequestError,
  type CreateIntentInput,
  type EventHandler,
  type IntentError,
  type IntentStatus,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderRefund,
  type RefundStatus,
} from '../../provider';
import { testPaymentIntents, testPaymentMethods, testPaymentRefunds } from './schema';

/**
 * The offline test provider: behaves like Stripe's test mode with no network, so the storefront's
 * card form and express wallet sheet run end to end. Its state (payment methods, intents, their
 * idempotency keys) lives in the database, like Stripe's lives at Stripe, so it works across
 * restarts and several API instances.
 *
 * Cards (Stripe's test numbers; any future expiry, any 3-digit CVC, 4 for Amex):
 * 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0025 0000 3155 needs
 * authentication (3-D Secure) first. See TEST_CARDS for the rest. Stripe's test payment method ids
 * (pm_card_visa, pm_card_chargeDeclined, pm_card_authenticationRequired...) work too.
 */

export type TestScenario =
  | 'succeed'
  | 'decline'
  | 'insufficient_funds'
  | 'lost_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'authenticate'
  | 'live_card';

export const TEST_CARDS: ReadonlyArray<{ number: string; scenario: TestScenario; description: string }> = [
  { number: '4242424242424242', scenario: 'succeed', description: 'Visa: succeeds' },
  { number: '4000056655665556', scenario: 'succeed', description: 'Visa debit: succeeds' },
  { number: '5555555555554444', scenario: 'succeed', description: 'Mastercard: succeeds' },
  { number: '2223003122003222', scenario: 'succeed', description: 'Mastercard (2-series): succeeds' },
  { number: '5200828282828210', scenario: 'succeed', description: 'Mastercard debit: succeeds' },
  { number: '378282246310005', scenario: 'succeed', description: 'American Express: succeeds' },
  { number: '4000002500003155', scenario: 'authenticate', description: 'Needs 3-D Secure authentication, then succeeds' },
  { number: '4000002760003184', scenario: 'authenticate', description: 'Always needs 3-D Secure authentication' },
  { number: '4000000000003220', scenario: 'authenticate', description: '3-D Secure 2: needs authentication' },
  { number: '4000000000000002', scenario: 'decline', description: 'Declined (generic decline)' },
  { number: '4000000000009995', scenario: 'insufficient_funds', description: 'Declined: insufficient funds' },
  { number: '4000000000009987', scenario: 'lost_card', description: 'Declined: lost card' },
  { number: '4000000000000069', scenario: 'expired_card', description: 'Declined: expired card' },
  { number: '4000000000000127', scenario: 'incorrect_cvc', description: 'Declined: incorrect CVC' },
];

/** Stripe's own test payment method ids. */
const KNOWN_PAYMENT_METHODS: Record<string, { brand: string; last4: string; scenario: TestScenario }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', scenario: 'succeed' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', scenario: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', scenario: 'succeed' },
  pm_card_amex: { brand: 'amex', last4: '8431', scenario: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', scenario: 'decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', scenario: 'insufficient_funds' },
  pm_card_chargeDeclinedLostCard: { brand: 'visa', last4: '9987', scenario: 'lost_card' },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', scenario: 'expired_card' },
  pm_card_chargeDeclinedIncorrectCvc: { brand: 'visa', last4: '0127', scenario: 'incorrect_cvc' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', scenario: 'authenticate' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', scenario: 'authenticate' },
};

const DECLINES: Partial<Record<TestScenario, IntentError>> = {
  decline: { code: 'card_declined', declineCode: 'generic_decline', message: DECLINE_MESSAGES.card_declined! },
  insufficient_funds: { code: 'card_declined', declineCode: 'insufficient_funds', message: DECLINE_MESSAGES.insufficient_funds! },
  lost_card: { code: 'card_declined', declineCode: 'lost_card', message: DECLINE_MESSAGES.card_declined! },
  expired_card: { code: 'expired_card', declineCode: 'expired_card', message: DECLINE_MESSAGES.expired_card! },
  incorrect_cvc: { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: DECLINE_MESSAGES.incorrect_cvc! },
  live_card: {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
};

const AUTHENTICATION_FAILED: IntentError = {
  code: 'payment_intent_authentication_failure',
  message: DECLINE_MESSAGES.payment_intent_authentication_failure!,
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export interface TestCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Checks a card like Stripe.js does (the shared card rules); throws a 400 naming the field with Stripe's words. */
export function validateTestCard(card: TestCardInput, now = new Date()): { digits: string; brand: string; expMonth: number; expYear: number } {
  const problems = cardProblems({ number: card.number, expMonth: card.exp_month, expYear: card.exp_year, cvc: card.cvc }, now);
  const fields = { number: 'card.number', expMonth: 'card.exp_month', expYear: 'card.exp_year', cvc: 'card.cvc' } as const;
  for (const key of ['number', 'expMonth', 'expYear', 'cvc'] as const) {
    const message = problems[key];
    if (message) throw badRequest(message, fields[key]);
  }
  const digits = cardDigits(card.number);
  return { digits, brand: cardBrand(digits), expMonth: card.exp_month, expYear: card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year };
}

type IntentRow = typeof testPaymentIntents.$inferSelect;
type RefundRow = typeof testPaymentRefunds.$inferSelect;

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  /** POST /api/payment/test/payment-methods */
  createPaymentMethod(card: TestCardInput, wallet: string | null): Promise<{
    id: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    wallet: string | null;
  }>;
  /** The bank's 3-D Secure page: complete or fail the extra step. */
  authenticate(intentId: string, outcome: 'complete' | 'fail'): Promise<ProviderIntent>;
}

export function createTestProvider(
  db: Db,
  options: { returnPath?: string; onEventError?: (error: unknown, event: ProviderEvent) => void } = {},
): TestProvider {
  const handlers: EventHandler[] = [];
  const returnPath = options.returnPath ?? '/payment-complete';

  async function paymentMethod(id: string) {
    const known = KNOWN_PAYMENT_METHODS[id];
    if (known) return known;
    const [row] = await db.select().from(testPaymentMethods).where(eq(testPaymentMethods.id, id)).limit(1);
    return row ? { brand: row.brand, last4: row.last4, scenario: row.scenario as TestScenario } : undefined;
  }

  async function toIntent(row: IntentRow): Promise<ProviderIntent> {
    const pm = await paymentMethod(row.paymentMethodId);
    const status = row.status as IntentStatus;
    return {
      id: row.id,
      status,
      amount: row.amount,
      currency: row.currency,
      clientSecret: row.clientSecret,
      redirectUrl:
        status === 'requires_action'
          ? `${returnPath}?payment_intent=${encodeURIComponent(row.id)}&payment_intent_client_secret=${encodeURIComponent(row.clientSecret)}&test_authentication=required`
          : null,
      lastError: row.lastError ? { code: row.lastError.code, declineCode: row.lastError.decline_code ?? null, message: row.lastError.message } : null,
      paymentMethodId: row.paymentMethodId,
      card: pm ? { brand: pm.brand, last4: pm.last4 } : null,
      metadata: row.metadata,
    };
  }

  /**
   * Tells checkout, like a Stripe webhook. A handler that fails (the database is unwritable) does
   * not undo the payment, as at Stripe: the intent stands, and checkout learns its outcome from the
   * intent itself (the answer to the call, or reconciliation).
   */
  async function emit(type: string, intent: ProviderIntent) {
    const event: ProviderEvent = { id: `evt_test_${hex(12)}`, type, intent };
    for (const handler of handlers) {
      try {
        await handler('test', event);
      } catch (error) {
        options.onEventError?.(error, event);
      }
    }
  }

  async function find(intentId: string): Promise<IntentRow> {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)).limit(1);
    if (!row) throw new PaymentRequestError(`No such payment_intent: '${intentId}'`, 'resource_missing');
    return row;
  }

  async function update(intentId: string, values: Partial<IntentRow>): Promise<IntentRow> {
    const [row] = await db
      .update(testPaymentIntents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(testPaymentIntents.id, intentId))
      .returning();
    return row!;
  }

  const toRefund = (row: RefundRow, refundedPence: number): ProviderRefund => ({
    id: row.id,
    intentId: row.intentId,
    amountPence: row.amount,
    currency: 'gbp',
    status: row.status as RefundStatus,
    refundedPence,
    failureReason: null,
  });

  const errorColumn = (e: IntentError) => ({ code: e.code, ...(e.declineCode ? { decline_code: e.declineCode } : {}), message: e.message });

  return {
    name: 'test',
    publishableKey: null,
    returnPath,

    onEvent(handler) {
      handlers.push(handler);
    },

    async createPaymentMethod(card, wallet) {
      const checked = validateTestCard(card);
      const listed = TEST_CARDS.find((c) => c.number === checked.digits);
      const row = {
        id: `pm_test_${hex(12)}`,
        brand: checked.brand,
        last4: checked.digits.slice(-4),
        expMonth: checked.expMonth,
        expYear: checked.expYear,
        scenario: listed?.scenario ?? 'live_card',
        wallet,
      };
      await db.insert(testPaymentMethods).values(row);
      return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, wallet };
    },

    async createAndConfirm(input: CreateIntentInput): Promise<ProviderIntent> {
      if (!Number.isSafeInteger(input.amountPence) || input.amountPence < 30) {
        throw new PaymentRequestError('Amount must be at least £0.30 gbp', 'amount_too_small');
      }
      const pm = await paymentMethod(input.paymentMethodId);
      // A retry with the same key answers the intent as it stands, with no second event (Stripe
      // does the same): checkout settles from the intent's status, not from having had an event.
      const existing = async () => {
        const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.idempotencyKey, input.idempotencyKey)).limit(1);
        return row;
      };
      if (!pm) {
        const made = await existing();
        if (made) return toIntent(made);
        throw new PaymentRequestError(`No such PaymentMethod: '${input.paymentMethodId}'`, 'resource_missing');
      }
      const decline = DECLINES[pm.scenario];
      const status: IntentStatus = decline ? 'requires_payment_method' : pm.scenario === 'authenticate' ? 'requires_action' : 'succeeded';
      const id = `pi_test_${hex(12)}`;
      // Made in one statement unless the key has an intent already (a retry, or one racing in).
      const inserted = await db
        .insert(testPaymentIntents)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          amount: input.amountPence,
          currency: input.currency,
          status,
          paymentMethodId: input.paymentMethodId,
          clientSecret: `${id}_secret_${hex(12)}`,
          lastError: decline ? errorColumn(decline) : null,
          metadata: input.metadata,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) return toIntent((await existing())!);
      const intent = await toIntent(inserted[0]!);
      faultPoint('payment.after-intent');
      if (status === 'succeeded') await emit('payment_intent.succeeded', intent);
      else if (status === 'requires_payment_method') await emit('payment_intent.payment_failed', intent);
      else await emit('payment_intent.requires_action', intent);
      faultPoint('payment.before-answer');
      return intent;
    },

    async retrieve(intentId) {
      return toIntent(await find(intentId));
    },

    async cancel(intentId) {
      const row = await find(intentId);
      if (row.status === 'canceled') return toIntent(row);
      if (row.status === 'succeeded') {
        throw new PaymentRequestError(
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          'payment_intent_unexpected_state',
        );
      }
      const intent = await toIntent(await update(intentId, { status: 'canceled' }));
      await emit('payment_intent.canceled', intent);
      return intent;
    },

    /**
     * Refunds like Stripe: only a succeeded payment, at most what is left of it, once per
     * idempotency key (the intent's row is locked, so two refunds of one payment queue up and the
     * second sees the first). Test refunds succeed at once.
     */
    async refund(input) {
      return db.transaction(async (tx) => {
        const [intent] = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, input.intentId)).for('update').limit(1);
        if (!intent) throw new PaymentRequestError(`No such payment_intent: '${input.intentId}'`, 'resource_missing');
        const [existing] = await tx.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, input.idempotencyKey)).limit(1);
        const refunded = async () => {
          const [row] = await tx
            .select({ pence: sql<number>`coalesce(sum(${testPaymentRefunds.amount}), 0)::int` })
            .from(testPaymentRefunds)
            .where(and(eq(testPaymentRefunds.intentId, intent.id), inArray(testPaymentRefunds.status, ['pending', 'succeeded'])));
          return row?.pence ?? 0;
        };
        if (existing) {
          if (existing.intentId !== intent.id) {
            throw new PaymentRequestError('Keys for idempotent requests can only be used with the same parameters they were first used with.', 'idempotency_error');
          }
          return toRefund(existing, await refunded());
        }
        if (intent.status !== 'succeeded') {
          throw new PaymentRequestError(`This PaymentIntent (${intent.id}) has not succeeded (it is ${intent.status}), so it cannot be refunded.`, 'charge_not_refundable');
        }
        const already = await refunded();
        const left = intent.amount - already;
        if (left <= 0) throw new PaymentRequestError(`Charge for ${intent.id} has already been refunded.`, 'charge_already_refunded');
        const amount = input.amountPence ?? left;
        if (!Number.isSafeInteger(amount) || amount <= 0) throw new PaymentRequestError('Refund amount must be a positive whole number of pence.', 'parameter_invalid_integer');
        if (amount > left) {
          throw new PaymentRequestError(`Refund amount (${pounds(amount)}) is greater than unrefunded amount on charge (${pounds(left)})`, 'amount_too_large');
        }
        const [row] = await tx
          .insert(testPaymentRefunds)
          .values({ id: `re_test_${hex(12)}`, intentId: intent.id, idempotencyKey: input.idempotencyKey, amount, status: 'succeeded', reason: input.reason ?? null })
          .returning();
        return toRefund(row!, already + amount);
      });
    },

    async retrieveRefund(refundId) {
      const [row] = await db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.id, refundId)).limit(1);
      if (!row) throw new PaymentRequestError(`No such refund: '${refundId}'`, 'resource_missing');
      const [sum] = await db
        .select({ pence: sql<number>`coalesce(sum(${testPaymentRefunds.amount}), 0)::int` })
        .from(testPaymentRefunds)
        .where(and(eq(testPaymentRefunds.intentId, row.intentId), inArray(testPaymentRefunds.status, ['pending', 'succeeded'])));
      return toRefund(row, sum?.pence ?? 0);
    },

    async authenticate(intentId, outcome) {
      const row = await find(intentId);
      if (row.status !== 'requires_action') {
        throw new PaymentRequestError(`This payment does not need authentication (it is ${row.status}).`, 'payment_intent_unexpected_state');
      }
      if (outcome === 'complete') {
        const intent = await toIntent(await update(intentId, { status: 'succeeded', lastError: null }));
        await emit('payment_intent.succeeded', intent);
        return intent;
      }
      const intent = await toIntent(
        await update(intentId, { status: 'requires_payment_method', lastError: errorColumn(AUTHENTICATION_FAILED) }),
      );
      await emit('payment_intent.payment_failed', intent);
      return intent;
    },
  };
}
