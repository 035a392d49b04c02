import { useImperativeHandle, useState, type Ref } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripePaymentElementOptions } from '@stripe/stripe-js';
import { useStore } from 'jotai';
import { ownerOf } from '@shop/shared';
import { checkoutApi } from '../api/checkoutApi';
import { CheckoutError, failureMessage } from '../checkout/order';
import { getStripe, stripeAppearance } from './stripe';
import type { PaymentHandle } from './types';
import styles from './Payment.module.css';

/**
 * Stripe's Payment Element (spec section 9): accordion layout, Link disabled, Apple Pay and Google
 * Pay automatic; amounts in pence. The card details never touch the shop: Stripe.js makes the
 * payment method, the server creates and confirms the PaymentIntent.
 */
export const paymentElementOptions: StripePaymentElementOptions = {
  layout: 'accordion',
  wallets: { applePay: 'auto', googlePay: 'auto', link: 'never' },
  // The checkout form collects these; they go with createPaymentMethod.
  fields: { billingDetails: { name: 'auto', email: 'never', phone: 'never', address: 'never' } },
};

export default function StripePayment({
  publishableKey,
  amountPence,
  ref,
}: {
  publishableKey: string;
  /** What the order comes to, in pence (shown by wallets; the server charges its own total). */
  amountPence: number;
  ref?: Ref<PaymentHandle>;
}) {
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{
        mode: 'payment',
        amount: Math.max(amountPence, 30),
        currency: 'gbp',
        paymentMethodCreation: 'manual',
        appearance: stripeAppearance,
      }}
    >
      <StripePaymentFields {...(ref ? { handleRef: ref } : {})} />
    </Elements>
  );
}

function StripePaymentFields({ handleRef }: { handleRef?: Ref<PaymentHandle> }) {
  const stripe = useStripe();
  const elements = useElements();
  const store = useStore();
  const [loadError, setLoadError] = useState<string | null>(null);

  useImperativeHandle(
    handleRef,
    (): PaymentHandle => ({
      async prepare() {
        if (!stripe || !elements) throw new CheckoutError('The card form is still loading. Please try again in a moment.');
        // Validates the Payment Element and collects a wallet's details (within the click).
        const { error } = await elements.submit();
        return !error;
      },
      async createPaymentMethod(billing) {
        if (!stripe || !elements) throw new CheckoutError('The card form is still loading. Please try again in a moment.');
        const { error, paymentMethod } = await stripe.createPaymentMethod({
          elements,
          params: {
            billing_details: {
              name: billing.name,
              email: billing.email,
              phone: billing.phone,
              address: billing.address,
            },
          },
        });
        if (error || !paymentMethod) throw new CheckoutError(error?.message ?? 'Your card details could not be used.');
        return { id: paymentMethod.id, type: paymentMethod.type };
      },
      async handleNextAction(answer) {
        if (!stripe || !answer.clientSecret || !answer.paymentIntentId) throw new CheckoutError('Your bank needs you to confirm this payment. Please try again.');
        const { error } = await stripe.handleNextAction({ clientSecret: answer.clientSecret });
        if (error) {
          // The shopper closed or failed the bank's check: the basket is given back.
          await checkoutApi.cancelPaymentIntent(answer.paymentIntentId, ownerOf(store)).catch(() => undefined);
          throw new CheckoutError(error.message ?? 'We are unable to authenticate your payment method. Please choose a different payment method and try again.');
        }
        try {
          return await checkoutApi.completePayment(answer.paymentIntentId, ownerOf(store));
        } catch (e) {
          throw new CheckoutError(failureMessage(e), { cause: e });
        }
      },
    }),
    [stripe, elements, store],
  );

  return (
    <div className={styles.stripe}>
      <PaymentElement options={paymentElementOptions} onLoadError={(e) => setLoadError(e.error.message ?? 'The card form could not be loaded.')} />
      {loadError ? (
        <p role="alert" className={styles.error}>
          {loadError}
        </p>
      ) : null}
    </div>
  );
}
