import type { Client, TransportMakeRequestResponse } from '@sentry/core';
import type { Config } from './config';

/**
 * Errors to Sentry when SENTRY_DSN is set, through Sentry's own SDK core (`@sentry/core` and its
 * server client) rather than `@sentry/node`: the API reports exceptions only (no tracing, no
 * auto-instrumentation), and `@sentry/node` brings about 60 MB and 4,000 files to every install
 * (OpenTelemetry, the bundler plugins, the `sentry` CLI) for features it does not use. Loaded
 * lazily, so tests and runs without a DSN do not pay for the SDK.
 */
type Sdk = typeof import('@sentry/core');

let sentry: { sdk: Sdk; client: Client } | undefined;

export async function initObservability(config: Pick<Config, 'sentryDsn' | 'nodeEnv'>, release: string) {
  if (!config.sentryDsn || sentry) return;
  const sdk = await import('@sentry/core');
  const { ServerRuntimeClient, nodeStackLineParser } = await import('@sentry/core/server');
  const client = new ServerRuntimeClient({
    dsn: config.sentryDsn,
    environment: config.nodeEnv,
    release,
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    serverName: process.env.HOSTNAME,
    stackParser: sdk.createStackParser(nodeStackLineParser()),
    // What @sentry/node adds for errors: the causes of an error, no duplicate of the last event,
    // the original name of wrapped functions.
    integrations: [sdk.linkedErrorsIntegration(), sdk.dedupeIntegration(), sdk.functionToStringIntegration()],
    transport: (options) => sdk.createTransport(options, (request) => post(options.url, request.body, options.headers)),
  });
  sdk.setCurrentClient(client);
  client.init();
  sentry = { sdk, client };
}

/** The envelope to Sentry's ingest, with Node's fetch; rate-limit headers go back to the SDK. */
async function post(url: string, body: string | Uint8Array, headers?: Record<string, string>): Promise<TransportMakeRequestResponse> {
  const res = await fetch(url, { method: 'POST', body: typeof body === 'string' ? body : new Uint8Array(body), headers, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  return {
    statusCode: res.status,
    headers: { 'x-sentry-rate-limits': res.headers.get('x-sentry-rate-limits'), 'retry-after': res.headers.get('retry-after') },
  };
}

/** Reports an unexpected error (a 500); a no-op without Sentry. */
export function reportError(error: unknown, context: Record<string, unknown> = {}) {
  sentry?.sdk.captureException(error, { extra: context });
}

/** Sends what is queued (on shutdown). */
export async function flushObservability(timeoutMs = 2000) {
  if (sentry) await sentry.client.close(timeoutMs);
}

/** For tests: forgets the client (the next init makes a new one). */
export function resetObservability() {
  sentry = undefined;
}
