import { useEffect, useState } from 'react';
import { apiRequest } from '@shop/shared';
import type { PaymentProviderName } from '@shop/shared/payment';
import { inlinedPaymentProvider } from '../federation/remotes';
import styles from './TestPaymentsNotice.module.css';

export const TEST_PAYMENTS_TEXT =
  'Test mode: payments on this shop are not real. No money is taken and no order placed here will be delivered.';

/**
 * A plain notice on every page while the shop takes payments with its offline test provider (no
 * Stripe keys): shoppers must never believe a test order is a real one.
 */
export function TestPaymentsNotice({ provider = inlinedPaymentProvider() }: { provider?: PaymentProviderName | null }) {
  // Known from the page (the page server inlines it): shown in the first render, so nothing shifts.
  const [known] = useState(provider);
  const [testMode, setTestMode] = useState(known === 'test');
  useEffect(() => {
    if (known) return;
    const controller = new AbortController();
    apiRequest('/payment/config', { signal: controller.signal })
      .then((config) => setTestMode((config as { provider?: string } | undefined)?.provider === 'test'))
      .catch(() => {
        // Unknown: say nothing rather than guess; the checkout shows the provider it uses.
      });
    return () => controller.abort();
  }, [known]);
  if (!testMode) return null;
  return (
    <p className={styles.notice} role="note">
      {TEST_PAYMENTS_TEXT}
    </p>
  );
}
