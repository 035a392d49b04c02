import { lazy, Suspense, type ComponentType, type Ref } from 'react';
import { Spinner, type PaymentProviderName } from '@shop/shared';
import type { PaymentConfig } from '../api/checkoutApi';
import type { ExpressProduct } from '../express/expressFlow';
import { TestWalletButton } from '../express/TestWalletButton';
import { TestCardForm } from './TestCardForm';
import type { PaymentHandle } from './types';
import styles from './Payment.module.css';

/**
 * Each payment provider's pieces of the checkout, by the provider's name (the list in
 * `@shop/shared`, PAYMENT_PROVIDERS): its card form on the checkout page and its express wallet
 * button on the product page and basket. A provider added to the shared list is a type error here
 * until it has both. Stripe's React pieces load only when Stripe takes payments.
 */
export interface CardFormProps {
  config: PaymentConfig;
  /** What the order comes to, in pence (shown by wallets; the server charges its own total). */
  amountPence: number;
  ref?: Ref<PaymentHandle> | undefined;
}

export interface WalletProps {
  config: PaymentConfig;
  /** The product to buy (product page), null while its options are not all chosen; absent: the basket. */
  product: ExpressProduct | null;
  /** Why the button cannot be used yet (the product page's options are not all chosen). */
  disabledReason: string | null;
}

export interface ProviderUi {
  CardForm: ComponentType<CardFormProps>;
  Wallet: ComponentType<WalletProps>;
}

const StripePayment = lazy(() => import('./StripePayment'));
const StripeExpressButton = lazy(() => import('../express/StripeExpressButton'));

/** The API has no publishable key for Stripe (STRIPE_PUBLISHABLE_KEY unset): say so, take nothing. */
function NoStripeKey() {
  return (
    <p className={styles.error} role="alert">
      Card payments are not available just now. Please try again later or call us.
    </p>
  );
}

export const PAYMENT_UI: Record<PaymentProviderName, ProviderUi> = {
  stripe: {
    CardForm: ({ config, amountPence, ref }) =>
      config.publishableKey ? (
        <Suspense fallback={<Spinner label="Loading the card form…" />}>
          <StripePayment publishableKey={config.publishableKey} amountPence={amountPence} {...(ref ? { ref } : {})} />
        </Suspense>
      ) : (
        <NoStripeKey />
      ),
    // Stripe's Express Checkout Element shows nothing until the product can be bought.
    Wallet: ({ config, product, disabledReason }) =>
      config.publishableKey && !disabledReason ? (
        <Suspense fallback={null}>
          <StripeExpressButton publishableKey={config.publishableKey} product={product} />
        </Suspense>
      ) : null,
  },
  test: {
    CardForm: ({ config, ref }) => <TestCardForm config={config} {...(ref ? { ref } : {})} />,
    Wallet: ({ config, product, disabledReason }) => <TestWalletButton product={product} config={config} disabledReason={disabledReason} />,
  },
};
