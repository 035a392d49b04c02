import type { Config } from './config';

type Sentry = typeof import('@sentry/node');

/** Set once Sentry is initialised (only when SENTRY_DSN is configured). */
let sentry: Sentry | undefined;

/**
 * Sends errors to Sentry when SENTRY_DSN is set. Loaded lazily so tests and runs without a DSN
 * do not pay for the SDK. Errors only: no tracing on the API.
 */
export async function initObservability(config: Pick<Config, 'sentryDsn' | 'nodeEnv'>, release: string) {
  if (!config.sentryDsn || sentry) return;
  const sdk = await import('@sentry/node');
  sdk.init({ dsn: config.sentryDsn, environment: config.nodeEnv, release });
  sentry = sdk;
}

/** Reports an unexpected error (a 500); a no-op without Sentry. */
export function reportError(error: unknown, context: Record<string, unknown> = {}) {
  sentry?.captureException(error, { extra: context });
}

/** Sends what is queued (on shutdown). */
export async function flushObservability(timeoutMs = 2000) {
  if (sentry) await sentry.close(timeoutMs);
}
