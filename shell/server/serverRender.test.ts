/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildPageServer } from './app';
import { loadConfig } from './config';

// The page server with a stand-in shell server build (dist/server/main.js): what it asks the
// build for, and how the rendered page, its data and the route's chunks land in the HTML.

const product = {
  id: 8,
  sku: 'HV-CDM8',
  name: 'Hydrovault Cavity Drain Membrane 8mm',
  price: 89.5,
  url: '/hydrovault-cavity-drain-membrane-8mm',
  category_ids: [104],
  attrs: { meta_title: null, meta_description: 'An 8 mm studded membrane.', image: '/media/cdm8.svg', short_description: '<p>Studded.</p>' },
  stock: { is_in_stock: true },
};

function fakeApi(): Promise<http.Server> {
  const answers: Record<string, unknown> = {
    '/api/url-rewrites/resolve?path=hydrovault-cavity-drain-membrane-8mm': { type: 'product', id: 8, sku: 'HV-CDM8', url: product.url },
    '/api/products/info/8': product,
    '/api/categories/': { categories: [{ id: 104, name: 'Basement Waterproofing', url: '/basement-waterproofing' }] },
    '/api/payment/config': { provider: 'test' },
  };
  const server = http.createServer((req, res) => {
    const answer = answers[req.url ?? ''];
    res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer ?? { message: 'Not found' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A shell build with a server build that records what it was asked and renders a marker. */
function fakeShellDist(renderSource: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id=root></div></body></html>');
  fs.writeFileSync(path.join(dir, 'shell.0123abcd.css'), 'body{}');
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(
    path.join(dir, 'server/main.js'),
    `exports.configured = [];
     exports.configureRemotes = async (remotes) => { exports.configured.push(remotes); };
     exports.warmUp = async () => {};
     exports.renderPage = ${renderSource};`,
  );
  return dir;
}

function catalogDist() {
  const dirs = {} as Record<'catalog' | 'content' | 'account' | 'checkout', string>;
  for (const name of ['catalog', 'content', 'account', 'checkout'] as const) {
    dirs[name] = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-dist-`));
    const routes =
      name === 'catalog'
        ? {
            routes: [{ path: '/catalog/product/view/id/:productId', module: 'catalog/ProductPage', meta: { kind: 'product', param: 'productId' } }],
            rewrites: { product: { module: 'catalog/ProductPage', prop: 'productId' } },
          }
        : { routes: [] };
    const exposes =
      name === 'catalog'
        ? [{ name: 'ProductPage', assets: { js: { sync: ['__federation_expose_ProductPage.1234abcd.js'] }, css: { sync: ['__federation_expose_ProductPage.5678abcd.css'] } } }]
        : [];
    fs.writeFileSync(
      path.join(dirs[name], 'mf-manifest.json'),
      JSON.stringify({ name, metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes, shop: { routes } }),
    );
  }
  return dirs;
}

describe('page server: server rendering', () => {
  let api: http.Server;
  beforeAll(async () => {
    api = await fakeApi();
  });
  afterAll(() => api.close());

  async function server(renderSource: string) {
    const shellDist = fakeShellDist(renderSource);
    const config = {
      ...loadConfig({ SHOP_URL: 'https://www.example.co.uk' }),
      shellDist,
      localRemotes: catalogDist(),
      apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    };
    const app = await buildPageServer(config, false);
    return { app, build: require(path.join(shellDist, 'server/main.js')) as { configured: { name: string; entry: string }[][] } };
  }

  it("puts the rendered page, its data, the route's styles and chunk preloads into the product's HTML, with its status, title, canonical and JSON-LD", async () => {
    const { app, build } = await server(
      `async (request) => ({ html: '<main>rendered ' + request.page.module + ' ' + JSON.stringify(request.page.props) + '</main>', head: '<title>dropped</title><link rel="preload" as="image" href="/media/cdm8.svg"/>', pageData: { ['product:8']: { name: 'Hydrovault' } }, clientRendered: [] })`,
    );
    try {
      const res = await app.inject({ url: '/hydrovault-cavity-drain-membrane-8mm' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"><main>rendered catalog/ProductPage {"productId":8}</main></div>');
      const data = /<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(data ?? '{}')).toEqual({ 'product:8': { name: 'Hydrovault' } });
      expect(res.body).toContain('<title data-shop-head>Hydrovault Cavity Drain Membrane 8mm');
      expect(res.body).not.toContain('<title>dropped</title>');
      expect(res.body).toContain('<link data-shop-head rel="canonical" href="https://www.example.co.uk/hydrovault-cavity-drain-membrane-8mm">');
      expect(res.body).toContain('"@type":"Product"');
      expect(res.body).toContain('"price":"89.50"');
      // Styles of the shell and of the route's remote page, and preloads of the page's chunks.
      expect(res.body).toContain('<link rel="stylesheet" href="/shell.0123abcd.css">');
      expect(res.body).toContain('<link rel="stylesheet" href="/remotes/catalog/__federation_expose_ProductPage.5678abcd.css">');
      expect(res.body).toContain('<link rel="preload" as="script" href="/remotes/catalog/remoteEntry.js">');
      expect(res.body).toContain('<link rel="preload" as="script" href="/remotes/catalog/__federation_expose_ProductPage.1234abcd.js">');
      expect(res.body).toContain('<link rel="preload" as="image" href="/media/cdm8.svg"/>');
      // Each remote's server container sits beside its manifest, versioned by that manifest.
      const catalog = build.configured[0]!.find((r) => r.name === 'catalog');
      expect(catalog?.entry).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/remotes\/catalog\/server\/remoteEntry\.js\?v=[0-9a-f]{12}$/);
    } finally {
      await app.close();
    }
  });

  it("puts the page's main picture (React's fetchpriority=high image preload) first in the head, before the scripts and styles", async () => {
    const { app } = await server(
      `async () => ({ html: '<main>rendered</main>', head: '<link rel="preload" as="image" href="/media/logo.svg"/><link rel="preload" as="image" href="/media/cdm8.svg" fetchPriority="high"/>', pageData: {}, clientRendered: [] })`,
    );
    try {
      const res = await app.inject({ url: '/hydrovault-cavity-drain-membrane-8mm' });
      expect(res.statusCode).toBe(200);
      const main = '<link rel="preload" as="image" href="/media/cdm8.svg" fetchPriority="high"/>';
      expect(res.body.split(main)).toHaveLength(2); // once, moved rather than copied
      const at = res.body.indexOf(main);
      expect(at).toBeLessThan(res.body.indexOf('<script'));
      expect(at).toBeLessThan(res.body.indexOf('<link rel="stylesheet"'));
      expect(at).toBeLessThan(res.body.indexOf('<link rel="preload" as="script"'));
      expect(res.body.slice(0, at)).toMatch(/<head>(<meta charset=[^>]*>)?$/); // after the charset, if any
      // Other hoisted preloads stay where they were.
      expect(res.body.indexOf('<link rel="preload" as="image" href="/media/logo.svg"/>')).toBeGreaterThan(res.body.indexOf('<script'));
    } finally {
      await app.close();
    }
  });

  it('answers 200 with the unrendered shell when the server render fails: the browser renders the page', async () => {
    const { app } = await server(`async () => { throw new Error('render failed'); }`);
    try {
      const res = await app.inject({ url: '/hydrovault-cavity-drain-membrane-8mm' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id=root></div>');
      expect(res.body).not.toContain('id="page-data"');
      expect(res.body).toContain('<title data-shop-head>Hydrovault Cavity Drain Membrane 8mm');
    } finally {
      await app.close();
    }
  });

  it("a remote's route with nothing there (an unknown product id) is a 404 rendered by that remote's page, not left to the browser", async () => {
    const { app } = await server(
      `async (request) => ({ html: '<main>' + (request.page ? 'rendered ' + request.page.module + ' ' + JSON.stringify(request.page.params) : 'the shell alone') + '</main>', head: '', pageData: {}, clientRendered: [] })`,
    );
    try {
      const res = await app.inject({ url: '/catalog/product/view/id/999999' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<main>rendered catalog/ProductPage {"productId":"999999"}</main>');
    } finally {
      await app.close();
    }
  });

  it('a page the shop does not have is still a 404', async () => {
    const { app } = await server(`async () => ({ html: '<p>not found</p>', head: '', pageData: {}, clientRendered: [] })`);
    try {
      const res = await app.inject({ url: '/no-such-page' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<p>not found</p>');
    } finally {
      await app.close();
    }
  });
});
