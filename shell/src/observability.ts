import { setErrorReporter } from '@shop/shared';
import type { ShopConfig } from './federation/remotes';

/**
 * Error reporting with @sentry/react when a DSN is configured (trace sample rate 1, as the spec
 * asks). Loaded on demand so shoppers without Sentry configured do not download it.
 */
export function initErrorReporting(config: ShopConfig): void {
  if (!config.sentryDsn) return;
  void import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn: config.sentryDsn,
      release: config.release,
      tracesSampleRate: 1,
      integrations: [Sentry.browserTracingIntegration()],
    });
    // Failures the remotes report (region crashes, failed loads) go to Sentry too.
    setErrorReporter((error, context) => Sentry.captureException(error, { extra: context }));
  });
}
