import { z } from 'zod';

/**
 * Stripe's settings, read from the environment with the rest of the config (config.ts):
 * - STRIPE_SECRET_KEY (sk_... / rk_...): Stripe takes payments; unset: the offline test provider.
 * - STRIPE_WEBHOOK_SECRET (whsec_...): verifies the webhook's signature; without it orders are
 *   never marked paid from webhooks (warned at start).
 * - STRIPE_PUBLISHABLE_KEY (pk_...): handed to the browser by GET /api/payment/config for Stripe.js.
 * - STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL: send the SDK's calls elsewhere than
 *   api.stripe.com (a local Stripe mock or fake; tests use one).
 */
export interface StripeSettings {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  publishableKey: string | null;
  apiHost: string | undefined;
  apiPort: number | undefined;
  apiProtocol: 'http' | 'https' | undefined;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith('whsec_')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_/, 'must start with pk_')),
  STRIPE_API_HOST: optional(z.string().min(1)),
  STRIPE_API_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  STRIPE_API_PROTOCOL: optional(z.enum(['http', 'https'])),
});

export function loadStripeSettings(env: NodeJS.ProcessEnv): StripeSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
    apiHost: e.STRIPE_API_HOST,
    apiPort: e.STRIPE_API_PORT,
    apiProtocol: e.STRIPE_API_PROTOCOL,
  };
}
