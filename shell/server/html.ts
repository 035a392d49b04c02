import type { LoadedRouteTable } from '@shop/shared/routes';
import type { PageServerConfig } from './config';
import { organizationLd, type PageMeta } from './meta';
import type { PaymentProvider } from './paymentMode';

/** JSON safe to place inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The shell's page with the page's title, description, canonical link and structured data, and
 * the run-time configuration (remote locations, the route table composed from the remotes' lists,
 * error reporting, the payment provider) inlined. The head elements carry data-shop-head: the shell drops them when it
 * starts and renders its own as the shopper navigates.
 */
export function renderShellHtml(
  indexHtml: string,
  config: PageServerConfig,
  table: LoadedRouteTable,
  meta?: PageMeta,
  origin?: string,
  paymentProvider: PaymentProvider | null = null,
): string {
  // The lists as read (the shell composes them itself), and which remotes' lists are missing.
  const routes = { lists: table.lists, missing: table.missing };
  const shopConfig = { remotes: config.remotes, routes, sentryDsn: config.sentryDsn, release: config.release, paymentProvider };
  const head: string[] = [];
  let html = indexHtml;
  if (meta) {
    html = html.replace(/<title>[\s\S]*?<\/title>/, `<title data-shop-head>${escapeHtml(meta.title)}</title>`);
    if (meta.description) {
      html = html.replace(/<meta name="?description"?[^>]*>/, '');
      head.push(`<meta data-shop-head name="description" content="${escapeHtml(meta.description)}">`);
    }
    if (meta.canonicalPath && origin) {
      head.push(`<link data-shop-head rel="canonical" href="${escapeHtml(origin + meta.canonicalPath)}">`);
    }
    for (const ld of meta.jsonLd) {
      head.push(`<script data-shop-head type="application/ld+json">${scriptJson(ld)}</script>`);
    }
  }
  if (origin) head.push(`<script data-shop-head type="application/ld+json">${scriptJson(organizationLd(origin))}</script>`);
  head.push(`<script id="shop-config" type="application/json">${scriptJson(shopConfig)}</script>`);
  return html.replace('</head>', `${head.join('')}</head>`);
}
