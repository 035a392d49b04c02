import type { LoadedRouteTable } from '@shop/shared/routes';
import type { PageServerConfig } from './config';
import { organizationLd, type PageMeta } from './meta';
import type { PaymentProvider } from './paymentMode';
import type { RenderedPage } from './render';

/** React writes a page's own title, description and canonical link; the page's meta (same data) gives them here. */
/** A preload React hoisted for an image marked fetchpriority=high (the page's main picture). */
const HIGH_PRIORITY_IMAGE = /<link(?=[^>]*\brel="preload")(?=[^>]*\bas="image")(?=[^>]*\bfetchPriority="high")[^>]*>/gi;
const DUPLICATE_HEAD = /<title>[\s\S]*?<\/title>|<meta name="description"[^>]*>|<link rel="canonical"[^>]*>/g;

/** JSON safe to place inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The title and description React rendered for the page (PageHeading), as HTML-escaped text. */
function renderedHead(head: string[]): { title?: string; description?: string } {
  const all = head.join('');
  const title = /<title>([\s\S]*?)<\/title>/.exec(all)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(all)?.[1];
  return { ...(title ? { title } : {}), ...(description ? { description } : {}) };
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
  rendered?: RenderedPage | null,
): string {
  // The lists as read (the shell composes them itself), and which remotes' lists are missing.
  const routes = { lists: table.lists, missing: table.missing };
  const shopConfig = { remotes: config.remotes, routes, sentryDsn: config.sentryDsn, release: config.release, paymentProvider };
  const head: string[] = [];
  let html = indexHtml;
  if (meta) {
    // A page whose title and description are its own (account, search, checkout pages) gives
    // them in its render (already escaped by React); the route's stand in when it rendered none.
    const own = meta.pageTitleWins && rendered ? renderedHead(rendered.head) : {};
    const title = own.title ?? escapeHtml(meta.title);
    const description = own.description ?? (meta.description ? escapeHtml(meta.description) : undefined);
    html = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title data-shop-head>${title}</title>`);
    if (description) {
      html = html.replace(/<meta name="?description"?[^>]*>/, '');
      head.push(`<meta data-shop-head name="description" content="${description}">`);
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
  if (rendered) {
    // The route's remote styles and chunks, and what React hoisted (image preloads). The page's
    // main picture (the image React preloads with fetchpriority=high: the LCP element) goes first
    // in the head, so that over HTTP/1.1's six connections it is not queued behind the scripts
    // and styles the head asks for.
    const hoisted = rendered.head.map((h) => h.replace(DUPLICATE_HEAD, ''));
    const lcpImages: string[] = [];
    const rest = hoisted.map((h) => h.replace(HIGH_PRIORITY_IMAGE, (tag) => (lcpImages.push(tag), '')));
    if (lcpImages.length) html = html.replace(/<head>(<meta charset=[^>]*>)?/i, (start) => start + lcpImages.join(''));
    head.push(...rest);
    // After the page's HTML, so the page itself arrives first; read when the shell starts.
    const pageData = `<script id="page-data" type="application/json">${scriptJson(rendered.pageData)}</script>`;
    html = html.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${rendered.html}</div>${pageData}`);
  }
  return html.replace('</head>', () => `${head.join('')}</head>`);
}
