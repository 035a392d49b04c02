import type { PageServerConfig } from './config';

/** JSON safe to place inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The shell's page with the run-time configuration (remote locations, error reporting) inlined. */
export function renderShellHtml(indexHtml: string, config: PageServerConfig): string {
  const shopConfig = { remotes: config.remotes, sentryDsn: config.sentryDsn, release: config.release };
  const script = `<script id="shop-config" type="application/json">${scriptJson(shopConfig)}</script>`;
  return indexHtml.replace('</head>', `${script}</head>`);
}
