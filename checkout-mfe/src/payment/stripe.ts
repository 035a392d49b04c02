import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * Stripe.js, loaded from js.stripe.com only when Stripe is the provider (the `pure` entry does not
 * load it on import, so the offline test provider never reaches the network). One per key.
 */
const loaded = new Map<string, Promise<Stripe | null>>();

export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Elements' look, on the shop's design tokens. */
export const stripeAppearance = {
  theme: 'stripe' as const,
  variables: {
    colorPrimary: '#0b4f6c',
    colorText: '#1c2329',
    colorDanger: '#b3261e',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    borderRadius: '6px',
  },
};
