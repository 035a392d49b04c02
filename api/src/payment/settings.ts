import { z } from 'zod';

/**
 * Payment settings read from the environment (beside STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET,
 * which the app's config holds):
 * - STRIPE_PUBLISHABLE_KEY (pk_...): handed to the browser by GET /api/payment/config for Stripe.js.
 * - STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL: send the SDK's calls elsewhere than
 *   api.stripe.com (a local Stripe mock or fake; tests use one).
 * - CHECKOUT_HOLD_MINUTES: how long a payment waiting for its extra step (3-D Secure) holds the
 *   basket's stock before it is cancelled and the stock given back. Default 10: long enough for a
 *   bank's 3-D Secure page (Stripe's own sessions last about that), short enough that an abandoned
 *   payment does not keep a product out of stock for long.
 */
export interface PaymentSettings {
  publishableKey: string | null;
  apiHost: string | undefined;
  apiPort: number | undefined;
  apiProtocol: 'http' | 'https' | undefined;
  holdMinutes: number;
}

export const DEFAULT_HOLD_MINUTES = 10;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_/, 'must start with pk_')),
  STRIPE_API_HOST: optional(z.string().min(1)),
  STRIPE_API_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  STRIPE_API_PROTOCOL: optional(z.enum(['http', 'https'])),
  CHECKOUT_HOLD_MINUTES: optional(z.coerce.number().int().min(1).max(24 * 60)),
});

export function loadPaymentSettings(env: NodeJS.ProcessEnv): PaymentSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
    apiHost: e.STRIPE_API_HOST,
    apiPort: e.STRIPE_API_PORT,
    apiProtocol: e.STRIPE_API_PROTOCOL,
    holdMinutes: e.CHECKOUT_HOLD_MINUTES ?? DEFAULT_HOLD_MINUTES,
  };
}
