import { PAYMENT_PROVIDERS, type PaymentConfigAnswer } from '@shop/shared/schemas';
import type { DomainPlugin } from '../../domain';
import type { PaymentProvider, PaymentProviderModule, ProviderDeps, ProviderName } from '../provider';
import { stripeModule } from './stripe';
import { testModule } from './test';

/**
 * Every payment provider, by name: one line each. A provider is a folder `providers/<name>/`
 * (provider.ts, settings.ts, its routes, an index.ts exporting its module); its name is in
 * PAYMENT_PROVIDERS of @shop/shared, whose order decides which enabled provider takes payments.
 * README, "Adding a payment provider".
 */
export const PAYMENT_PROVIDER_MODULES: { readonly [N in ProviderName]: PaymentProviderModule<any> } = {
  stripe: stripeModule,
  test: testModule,
};

export interface PaymentProviders {
  /** The provider that takes the shop's payments. */
  active: PaymentProvider;
  /** Every provider's routes (an inactive provider's answer 404 saying so). */
  routes: DomainPlugin[];
  /** What GET /api/payment/config adds for the active provider. */
  browserConfig: Partial<Pick<PaymentConfigAnswer, 'testCards'>>;
  /** Start-up warnings about the active provider's settings. */
  warnings: string[];
}

/** Builds the active provider (the first enabled in PAYMENT_PROVIDERS' order) and every provider's routes. */
export function createPaymentProviders(deps: ProviderDeps): PaymentProviders {
  const name = PAYMENT_PROVIDERS.find((n) => PAYMENT_PROVIDER_MODULES[n].enabled(deps.config));
  if (!name) throw new Error('No payment provider is enabled (the test provider always should be)');
  const module = PAYMENT_PROVIDER_MODULES[name];
  const active: PaymentProvider = module.create(deps);
  const routes = PAYMENT_PROVIDERS.flatMap((n) => {
    const m = PAYMENT_PROVIDER_MODULES[n];
    return m.routes ? [m.routes(n === name ? active : null)] : [];
  });
  return {
    active,
    routes,
    browserConfig: module.browserConfig?.(active) ?? {},
    warnings: module.warnings?.(deps.config) ?? [],
  };
}
