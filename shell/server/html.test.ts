/** @jest-environment node */
import type { LoadedRouteTable } from '@shop/shared/routes';
import { loadConfig } from './config';
import { renderShellHtml } from './html';
import { contentSecurityPolicy } from './security';

// index.html as the shell's build writes it (minified).
const INDEX_HTML =
  '<!doctype html><html lang=en-GB><head><meta charset=utf-8><title>Shop</title><link rel=icon href=/favicon.svg><script defer src=/main.js></script></head><body><div id=root></div><noscript>Enable JavaScript</noscript></body></html>';
const config = loadConfig({});
const table = { routes: [], rewrites: {}, lists: [], missing: [], problems: [] } as unknown as LoadedRouteTable;
const rendered = { html: '<main><h1>Rendered</h1></main>', head: [], pageData: { 'product:8': { name: 'Hydrovault' } }, clientRendered: [] };

describe('the shell page', () => {
  const html = renderShellHtml(INDEX_HTML, config, table, undefined, 'http://shop.test', null, rendered);

  it('puts the page data after the rendered page, outside the root React hydrates', () => {
    expect(html).toContain(
      `<div id="root"><main><h1>Rendered</h1></main></div><script id="page-data" type="application/json">{"product:8":{"name":"Hydrovault"}}</script>`,
    );
    expect(html.indexOf('id="page-data"')).toBeGreaterThan(html.indexOf('</head>'));
  });

  // A deferred entry has run before the load event, so a page is interactive by the time it has
  // loaded: a shopper's (or a script's) first tap after load is never lost to a page not yet hydrated.
  it('keeps the entry script deferred in the head, and the CSP allows no inline script', () => {
    expect(html).toMatch(/<head>.*<script defer src=\/main\.js><\/script>.*<\/head>/);
    const scriptSrc = contentSecurityPolicy(config)
      .split('; ')
      .find((d) => d.startsWith('script-src'))!;
    expect(scriptSrc).not.toMatch(/unsafe-inline|sha256-/);
  });
});

describe('the title and description of a page that names its own', () => {
  const meta = { status: 200 as const, title: 'Search | Northgate Membranes', jsonLd: [], pageTitleWins: true };
  const own = {
    ...rendered,
    head: ['<title>Search results for &quot;tape&quot; | Northgate Membranes</title><meta name="description" content="Tape &amp; more"/><link rel="preload" as="image" href="/x.svg"/>'],
  };

  it("are the page's own render, once, when it rendered them", () => {
    const html = renderShellHtml(INDEX_HTML, config, table, meta, 'http://shop.test', null, own);
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(html).toContain('<title data-shop-head>Search results for &quot;tape&quot; | Northgate Membranes</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta data-shop-head name="description" content="Tape &amp; more">');
  });

  it("are the route's when the page rendered none (it renders in the browser), and never for a page with data of its own", () => {
    expect(renderShellHtml(INDEX_HTML, config, table, meta, 'http://shop.test', null, rendered)).toContain('<title data-shop-head>Search | Northgate Membranes</title>');
    const product = { status: 200 as const, title: 'Hydrovault | Northgate Membranes', jsonLd: [] };
    expect(renderShellHtml(INDEX_HTML, config, table, product, 'http://shop.test', null, own)).toContain('<title data-shop-head>Hydrovault | Northgate Membranes</title>');
  });
});
