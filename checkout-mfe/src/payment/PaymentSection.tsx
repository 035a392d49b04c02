import type { Ref } from 'react';
import type { PaymentConfig } from '../api/checkoutApi';
import { PAYMENT_UI } from './providers';
import type { PaymentHandle } from './types';

/** The payment part of the checkout: the active provider's card form (payment/providers.tsx). */
export function PaymentSection({ config, amountPence, ref }: { config: PaymentConfig; amountPence: number; ref?: Ref<PaymentHandle> }) {
  const { CardForm } = PAYMENT_UI[config.provider];
  return <CardForm config={config} amountPence={amountPence} ref={ref} />;
}
