/** @jest-environment node */
import { createHash } from 'node:crypto';
import type { LoadedRouteTable } from '@shop/shared/routes';
import { loadConfig } from './config';
import { renderShellHtml, START_SCRIPT } from './html';
import { contentSecurityPolicy } from './security';

// index.html as the shell's build writes it (minified).
const INDEX_HTML =
  '<!doctype html><html lang=en-GB><head><meta charset=utf-8><title>Shop</title><link rel=icon href=/favicon.svg><script defer src=/main.js></script></head><body><div id=root></div><noscript>Enable JavaScript</noscript></body></html>';
const config = loadConfig({});
const table = { routes: [], rewrites: {}, lists: [], missing: [], problems: [] } as unknown as LoadedRouteTable;
const rendered = { html: '<main><h1>Rendered</h1></main>', head: [], pageData: { 'product:8': { name: 'Hydrovault' } }, clientRendered: [] };

describe('the shell page: the entry script starts after the first paint', () => {
  const html = renderShellHtml(INDEX_HTML, config, table, undefined, 'http://shop.test', null, rendered);

  it('preloads the entry instead of running it before the page is painted', () => {
    expect(html).not.toMatch(/<script defer[^>]*main\.js/);
    expect(html).toContain('<link rel="preload" as="script" href="/main.js" data-shop-entry>');
    expect(html.indexOf('data-shop-entry')).toBeLessThan(html.indexOf('</head>'));
  });

  it('starts the entry from one inline script at the end of the body, after the page and its data', () => {
    const start = html.indexOf(`<script>${START_SCRIPT}</script>`);
    expect(start).toBeGreaterThan(html.indexOf('<main><h1>Rendered</h1></main>'));
    expect(start).toBeGreaterThan(html.indexOf('<script id="page-data"'));
    expect(html.slice(start)).toBe(`<script>${START_SCRIPT}</script></body></html>`);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('puts the page data after the rendered page, outside the root React hydrates', () => {
    expect(html).toContain(`<div id="root"><main><h1>Rendered</h1></main></div><script id="page-data" type="application/json">{"product:8":{"name":"Hydrovault"}}</script>`);
  });

  it('allows that inline script, and no other, in the Content-Security-Policy', () => {
    const scriptSrc = contentSecurityPolicy(config)
      .split('; ')
      .find((d) => d.startsWith('script-src'))!;
    const hash = createHash('sha256').update(START_SCRIPT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('starts the shell the same way when the page is left to the browser', () => {
    const unrendered = renderShellHtml(INDEX_HTML, config, table);
    expect(unrendered).toContain('data-shop-entry');
    expect(unrendered).toContain(`<script>${START_SCRIPT}</script></body>`);
  });
});
