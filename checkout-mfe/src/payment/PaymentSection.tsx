import { lazy, Suspense, type Ref } from 'react';
import { Spinner } from '@shop/shared';
import type { PaymentConfig } from '../api/checkoutApi';
import { TestCardForm } from './TestCardForm';
import type { PaymentHandle } from './types';

// Stripe's React pieces are loaded only when Stripe takes payments.
const StripePayment = lazy(() => import('./StripePayment'));

/** The payment part of the checkout: Stripe's Payment Element, or the test provider's card form. */
export function PaymentSection({ config, amountPence, ref }: { config: PaymentConfig; amountPence: number; ref?: Ref<PaymentHandle> }) {
  if (config.provider === 'stripe' && config.publishableKey) {
    return (
      <Suspense fallback={<Spinner label="Loading the card form…" />}>
        <StripePayment publishableKey={config.publishableKey} amountPence={amountPence} {...(ref ? { ref } : {})} />
      </Suspense>
    );
  }
  return <TestCardForm config={config} {...(ref ? { ref } : {})} />;
}
