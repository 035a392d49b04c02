import type { PageServerConfig } from './config';

const origins = (urls: (string | undefined)[]) => {
  const out = new Set<string>();
  for (const url of urls) {
    if (!url || url.startsWith('/')) continue;
    try {
      out.add(new URL(url).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return [...out];
};

/**
 * Content-Security-Policy allowing only what the shop loads: its own origin, the remotes' origins
 * (when a team serves its remote elsewhere), Stripe (card element, express wallet), the video
 * player and its thumbnails, and the error-reporting endpoint.
 */
export function contentSecurityPolicy(config: PageServerConfig): string {
  const remotes = origins(Object.values(config.remotes));
  const sentry = origins([config.sentryDsn]);
  const stripe = ['https://js.stripe.com', 'https://*.js.stripe.com'];
  return [
    "default-src 'self'",
    `script-src 'self' ${[...remotes, ...stripe].join(' ')}`,
    // React style attributes (e.g. the collapsed description height) need inline styles.
    `style-src 'self' 'unsafe-inline' ${remotes.join(' ')}`,
    `img-src 'self' data: blob: https://img.youtube.com https://i.ytimg.com https://*.stripe.com ${remotes.join(' ')}`,
    "font-src 'self'",
    `connect-src 'self' https://api.stripe.com https://m.stripe.network ${[...remotes, ...sentry].join(' ')}`,
    // Videos play from YouTube's privacy-enhanced host only (no cookies until played).
    `frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .map((d) => d.replace(/\s+/g, ' ').trim())
    .join('; ');
}

export function securityHeaders(config: PageServerConfig, https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
