import { useMemo, useState } from 'react';
import { useNavigate } from '@shop/shared/router';
import { useStore } from 'jotai';
import { Elements, ExpressCheckoutElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementOptions,
  StripeExpressCheckoutElementShippingAddressChangeEvent,
  StripeExpressCheckoutElementShippingRateChangeEvent,
} from '@stripe/stripe-js';
import { basketOpenAtom, cartAtom, ownerOf, type BasketLine } from '@shop/shared';
import { checkoutApi } from '../api/checkoutApi';
import { CHECKOUT_TEXT, CheckoutError, failureMessage } from '../checkout/order';
import { Busy } from '../components/Busy';
import { getStripe, stripeAppearance } from '../payment/stripe';
import { createExpressFlow, ExpressCheckoutError, productAmountPence, type WalletSheet } from './expressFlow';
import styles from './Express.module.css';

/** The wallets of spec section 9: Apple Pay and Google Pay automatic, Link (and the rest) off. */
export const expressCheckoutOptions: StripeExpressCheckoutElementOptions = {
  paymentMethods: { applePay: 'auto', googlePay: 'auto', link: 'never', paypal: 'never', amazonPay: 'never', klarna: 'never' },
  buttonType: { applePay: 'buy', googlePay: 'buy' },
  buttonHeight: 48,
};

/** The sheet's rates for Stripe: the chosen one first (Stripe preselects the first). */
function stripeRates(sheet: WalletSheet) {
  const rates = sheet.shippingRates.map((r) => ({ id: r.id, amount: r.amount, displayName: r.displayName }));
  return rates.sort((a, b) => Number(b.id === sheet.selectedRateId) - Number(a.id === sheet.selectedRateId));
}

/**
 * Stripe's Express Checkout Element (Apple Pay, Google Pay) wired to the express flow. Amounts in
 * pence; the payment method is made by Stripe.js and the server confirms the PaymentIntent.
 */
export default function StripeExpressButton({ publishableKey, product }: { publishableKey: string; product: BasketLine | null }) {
  const store = useStore();
  const amount = productAmountPence(product, store.get(cartAtom));
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{ mode: 'payment', amount, currency: 'gbp', paymentMethodCreation: 'manual', appearance: stripeAppearance }}
    >
      <StripeExpress product={product} />
    </Elements>
  );
}

function StripeExpress({ product }: { product: BasketLine | null }) {
  const stripe = useStripe();
  const elements = useElements();
  const store = useStore();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [available, setAvailable] = useState(true);

  const flow = useMemo(
    () =>
      createExpressFlow({
        store,
        navigate,
        async createPaymentMethod(details) {
          if (!stripe || !elements) throw new CheckoutError(CHECKOUT_TEXT.placeOrderFailed);
          const { error: stripeError, paymentMethod } = await stripe.createPaymentMethod({
            elements,
            params: {
              billing_details: {
                name: details.billingDetails?.name ?? '',
                email: details.billingDetails?.email ?? '',
                phone: details.billingDetails?.phone ?? '',
              },
            },
          });
          if (stripeError || !paymentMethod) throw new CheckoutError(stripeError?.message ?? CHECKOUT_TEXT.placeOrderFailed);
          return { id: paymentMethod.id, type: details.expressPaymentType || paymentMethod.type };
        },
        async handleNextAction(answer) {
          if (!stripe || !answer.clientSecret || !answer.paymentIntentId) throw new CheckoutError(CHECKOUT_TEXT.placeOrderFailed);
          const { error: actionError } = await stripe.handleNextAction({ clientSecret: answer.clientSecret });
          if (actionError) {
            await checkoutApi.cancelPaymentIntent(answer.paymentIntentId, ownerOf(store)).catch(() => undefined);
            throw new CheckoutError(actionError.message ?? CHECKOUT_TEXT.paymentCancelled);
          }
          try {
            return await checkoutApi.completePayment(answer.paymentIntentId, ownerOf(store));
          } catch (e) {
            throw new CheckoutError(failureMessage(e), { cause: e });
          }
        },
      }),
    [stripe, elements, store, navigate],
  );

  const onClick = (event: StripeExpressCheckoutElementClickEvent) => {
    setError(null);
    flow.click(product).then(
      (sheet) => {
        elements?.update({ amount: sheet.total });
        event.resolve({
          emailRequired: true,
          phoneNumberRequired: true,
          shippingAddressRequired: true,
          billingAddressRequired: true,
          allowedShippingCountries: ['GB', 'US'],
          shippingRates: stripeRates(sheet),
          lineItems: sheet.lineItems,
        });
      },
      (e: unknown) => {
        setError(e instanceof Error ? e.message : CHECKOUT_TEXT.placeOrderFailed);
        event.reject();
      },
    );
  };

  const onShippingAddressChange = (event: StripeExpressCheckoutElementShippingAddressChangeEvent) => {
    flow.shippingAddressChange(event.address).then(
      (sheet) => {
        elements?.update({ amount: sheet.total });
        event.resolve({ shippingRates: stripeRates(sheet), lineItems: sheet.lineItems });
      },
      () => event.reject(),
    );
  };

  const onShippingRateChange = (event: StripeExpressCheckoutElementShippingRateChangeEvent) => {
    flow.shippingRateChange(event.shippingRate.id).then(
      (sheet) => {
        elements?.update({ amount: sheet.total });
        event.resolve({ lineItems: sheet.lineItems });
      },
      () => event.reject(),
    );
  };

  const onConfirm = async (event: StripeExpressCheckoutElementConfirmEvent) => {
    if (!elements) return;
    setConfirming(true);
    setError(null);
    try {
      // Stripe wants the wallet's details submitted at once, before the shop's own calls.
      const { error: submitError } = await elements.submit();
      if (submitError) throw new ExpressCheckoutError(submitError.message ?? CHECKOUT_TEXT.placeOrderFailed);
      const answer = await flow.confirm(event);
      if (answer) store.set(basketOpenAtom, false);
    } catch (e) {
      const failure = e instanceof ExpressCheckoutError ? e : new ExpressCheckoutError(failureMessage(e));
      event.paymentFailed({ reason: failure.reason, message: failure.message });
      setError(failure.message);
    } finally {
      setConfirming(false);
    }
  };

  if (!available) return null;

  return (
    <div className={styles.express}>
      <ExpressCheckoutElement
        options={expressCheckoutOptions}
        onClick={onClick}
        onShippingAddressChange={onShippingAddressChange}
        onShippingRateChange={onShippingRateChange}
        onConfirm={(event) => void onConfirm(event)}
        onCancel={() => flow.cancel()}
        onReady={(event) => setAvailable(Boolean(event.availablePaymentMethods))}
      />
      {confirming ? (
        <p className={styles.confirming}>
          <Busy text={CHECKOUT_TEXT.confirming} />
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={styles.buttonError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
