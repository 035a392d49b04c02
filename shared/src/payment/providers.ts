/**
 * The payment providers the shop knows, by name: the one list the API (its provider folders,
 * api/src/payment/providers/), the page server and the browser (checkout's card form and wallet
 * per provider, checkout-mfe/src/payment/providers.tsx) agree on. Adding a provider starts here;
 * `npm run typecheck` then points at each place that must know it. See api/README.md,
 * "Adding a payment provider".
 */
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;

export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Narrows a string (an API answer, stored page data) to a provider name, or null. */
export function paymentProviderName(value: unknown): PaymentProviderName | null {
  return (PAYMENT_PROVIDERS as readonly unknown[]).includes(value) ? (value as PaymentProviderName) : null;
}
