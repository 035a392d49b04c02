import type { FastifyBaseLogger } from 'fastify';
import { paymentProviderName, type PaymentProviderName } from '@shop/shared/payment';

export type PaymentProvider = PaymentProviderName;

/**
 * Which payment provider the API takes payments with, learnt from the API at start and re-read
 * every `refreshMs`. The page inlines it so the shell shows the test-payments notice in its first
 * render instead of pushing the page down once `/api/payment/config` answers. Unknown (API down)
 * is null: the shell then asks the API itself.
 */
export function createPaymentModeProbe(apiUrl: string, log: FastifyBaseLogger, refreshMs = 60_000) {
  let provider: PaymentProvider | null = null;
  const refresh = async () => {
    try {
      const res = await fetch(`${apiUrl}/api/payment/config`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(3000) });
      if (!res.ok) throw new Error(`/api/payment/config answered ${res.status}`);
      const answer = (await res.json()) as { provider?: unknown };
      provider = paymentProviderName(answer.provider);
    } catch (error) {
      log.warn({ err: error }, 'payment provider unknown (the shell will ask the API)');
    }
  };
  const timer = setInterval(() => void refresh(), refreshMs);
  timer.unref();
  return { refresh, current: () => provider, stop: () => clearInterval(timer) };
}
