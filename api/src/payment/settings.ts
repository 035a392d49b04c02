import { z } from 'zod';

/**
 * Payment settings read from the environment, whatever the provider (each provider's own are in
 * its folder, payment/providers/<name>/settings.ts):
 * - CHECKOUT_HOLD_MINUTES: how long a payment waiting for its extra step (3-D Secure) holds the
 *   basket's stock before it is cancelled and the stock given back. Default 10: long enough for a
 *   bank's 3-D Secure page (Stripe's own sessions last about that), short enough that an abandoned
 *   payment does not keep a product out of stock for long.
 */
export interface PaymentSettings {
  holdMinutes: number;
}

export const DEFAULT_HOLD_MINUTES = 10;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
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
    holdMinutes: e.CHECKOUT_HOLD_MINUTES ?? DEFAULT_HOLD_MINUTES,
  };
}
