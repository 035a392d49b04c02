import { useEffect, useState } from 'react';
import { reportError } from '@shop/shared';
import { checkoutApi, type PaymentConfig } from '../api/checkoutApi';

/**
 * Which payment provider takes payments (GET /api/payment/config): `stripe` with its publishable
 * key, or the offline `test` provider (no Stripe keys, as in the default start). Asked once per
 * page; a failed answer is asked again next time.
 */
let pending: Promise<PaymentConfig> | null = null;

export function loadPaymentConfig(): Promise<PaymentConfig> {
  pending ??= checkoutApi.paymentConfig().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** For tests: forget the cached answer. */
export function resetPaymentConfig(): void {
  pending = null;
}

export type PaymentConfigState =
  | { status: 'loading'; config: null; error: null }
  | { status: 'ready'; config: PaymentConfig; error: null }
  | { status: 'failed'; config: null; error: string };

export function usePaymentConfig(): PaymentConfigState & { retry: () => void } {
  const [state, setState] = useState<PaymentConfigState>({ status: 'loading', config: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadPaymentConfig().then(
      (config) => live && setState({ status: 'ready', config, error: null }),
      (error: unknown) => {
        reportError('[checkout] payment configuration failed to load', error);
        if (live) setState({ status: 'failed', config: null, error: 'Card payments are not available just now. Please try again in a moment.' });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
