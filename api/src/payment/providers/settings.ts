import type { PaymentProviderName as ProviderName } from '@shop/shared/schemas';
import { loadStripeSettings, type StripeSettings } from './stripe/settings';

/**
 * Each payment provider's settings, read by config.ts with the rest of the environment. Apart
 * from the providers' index (index.ts) because config.ts must not import route plugins (they
 * import the config's type: a cycle). The test provider has no settings.
 */
export interface PaymentProviderSettings extends Record<ProviderName, unknown> {
  stripe: StripeSettings;
  test: Record<string, never>;
}

export function loadPaymentProviderSettings(env: NodeJS.ProcessEnv): PaymentProviderSettings {
  return { stripe: loadStripeSettings(env), test: {} };
}

/** Whether a provider that takes real money is configured (else the test provider takes payments). */
export function realPaymentsConfigured(settings: PaymentProviderSettings): boolean {
  return Boolean(settings.stripe.secretKey);
}
