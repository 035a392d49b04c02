/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DEFAULT_TITLE, pageTitle } from '@shop/shared/shop';
import type { RouteList } from '@shop/shared/routes';
import { buildPageServer } from './app';
import { loadConfig } from './config';

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** A built remote: just its manifest, with the route list the build publishes. */
function remoteDist(name: string, routes: RouteList): string {
  const dir = tmp(`${name}-dist-`);
  writeManifest(dir, name, routes);
  return dir;
}
function writeManifest(dir: string, name: string, routes: RouteList) {
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: name, name, shared: [], exposes: [], shop: { loads: [], routes } }));
}

/** The few API answers the page server reads for statuses and titles. */
function fakeApi(): Promise<http.Server> {
  const answers: Record<string, unknown> = {
    '/api/content/cms-pages': { items: [{ identifier: 'home', title: 'Home' }, { identifier: 'contact', title: 'Contact Us' }] },
    '/api/url-rewrites/resolve?path=old-contact': { type: 'redirect', target: '/contact', status: 301 },
  };
  const server = http.createServer((req, res) => {
    const body = answers[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { error: 'Not Found' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const content: RouteList = {
  routes: [
    { path: '/', module: 'content/HomePage', meta: { kind: 'cms-page', identifier: 'home' } },
    { path: '/contact', module: 'content/CmsPage', props: { identifier: 'contact' }, meta: { kind: 'cms-page', identifier: 'contact' } },
    { path: '/faq/:topic', module: 'content/CmsPage', meta: { kind: 'cms-page', identifier: 'faq' } },
  ],
  rewrites: { 'cms-page': { module: 'content/CmsPage', prop: 'identifier' } },
};
const catalog: RouteList = {
  routes: [
    { path: '/catalog/product/view/id/:productId', module: 'catalog/ProductPage', meta: { kind: 'product', param: 'productId' } },
    { path: '/search', module: 'catalog/SearchPage' },
  ],
};
const checkout: RouteList = {
  routes: [
    { path: '/checkout', module: 'checkout/CheckoutPage' },
    // claims the catalogue's path: reported, and the catalogue (first in order) keeps it
    { path: '/SEARCH', module: 'checkout/SearchPage' },
  ],
};

function shellDist(): string {
  const dir = tmp('shell-dist-');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  return dir;
}

const inlineConfig = (html: string) =>
  JSON.parse(/<script id="shop-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
    routes: { lists: { remote: string }[]; missing: string[] };
  };
const titleOf = (html: string) => /<title[^>]*>(.*?)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('the page server composes the route table from the remotes’ lists', () => {
  let api: http.Server;
  let app: Awaited<ReturnType<typeof buildPageServer>>;
  const logged: { level: number; msg: string }[] = [];
  const dists = { catalog: remoteDist('catalog', catalog), content: remoteDist('content', content), checkout: remoteDist('checkout', checkout) };

  beforeAll(async () => {
    api = await fakeApi();
    const base = loadConfig({ ROUTES_REFRESH_MS: '50' });
    app = await buildPageServer(
      {
        ...base,
        shellDist: shellDist(),
        apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
        // account's build is not there: its list is missing
        localRemotes: { ...dists, account: path.join(os.tmpdir(), 'no-such-account-dist') },
      },
      { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) } },
    );
  });
  afterAll(async () => {
    await app.close();
    api.close();
  });

  it('reports a path two remotes claim at start-up, naming both, and keeps the first owner', async () => {
    const errors = logged.filter((l) => l.level >= 50).map((l) => l.msg);
    expect(errors).toEqual([
      'Route conflict: /SEARCH (checkout/SearchPage, remote "checkout") matches the same URLs as /search (catalog/SearchPage, remote "catalog"); catalog keeps them and checkout/SearchPage is not routed',
    ]);
    expect(logged.some((l) => /account: manifest .* could not be read/.test(l.msg))).toBe(true);
    const res = await app.inject({ url: '/search?q=membrane' });
    expect(res.statusCode).toBe(200);
    expect(inlineConfig(res.body).routes.lists.map((l) => l.remote)).toEqual(['catalog', 'content', 'checkout']);
  });

  it('finds each page’s status and title the way its route says', async () => {
    const contact = await app.inject({ url: '/contact' });
    expect(contact.statusCode).toBe(200);
    expect(titleOf(contact.body)).toBe(pageTitle('Contact Us'));
    const home = await app.inject({ url: '/' });
    expect(titleOf(home.body)).toBe('Home'); // the CMS page 'home' gives the home page its title
    expect((await app.inject({ url: '/faq/drainage' })).statusCode).toBe(404); // no CMS page 'faq'
    expect((await app.inject({ url: '/catalog/product/view/id/424242' })).statusCode).toBe(404);
    const checkoutPage = await app.inject({ url: '/checkout' });
    expect(checkoutPage.statusCode).toBe(200);
    expect(titleOf(checkoutPage.body)).toBe(DEFAULT_TITLE);
  });

  it('still redirects rewrites that moved (301)', async () => {
    const moved = await app.inject({ url: '/old-contact?x=1' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/contact?x=1');
  });

  it('answers 503 (not 404) for an unknown path while a remote’s list is missing, and lists the missing remote', async () => {
    const res = await app.inject({ url: '/customer/account/login' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(inlineConfig(res.body).routes.missing).toEqual(['account']);
  });

  it('routes a page a team adds by redeploying its remote, with no restart', async () => {
    expect((await app.inject({ url: '/trade-accounts' })).statusCode).toBe(503);
    writeManifest(dists.content, 'content', {
      ...content,
      routes: [...content.routes, { path: '/trade-accounts', module: 'content/TradePage', meta: { kind: 'page', title: 'Trade Accounts' } }],
    });
    await new Promise((r) => setTimeout(r, 100));
    let res = await app.inject({ url: '/trade-accounts' });
    for (let i = 0; i < 40 && res.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await app.inject({ url: '/trade-accounts' });
    }
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe(pageTitle('Trade Accounts'));
  });
});

describe('with every remote’s list read', () => {
  it('answers 404 for a path no remote owns and no rewrite knows', async () => {
    const api = await fakeApi();
    const dir = tmp('one-remote-');
    const names = ['catalog', 'content', 'account', 'checkout'] as const;
    const localRemotes = Object.fromEntries(names.map((n) => [n, path.join(dir, n)])) as Record<(typeof names)[number], string>;
    for (const n of names) {
      fs.mkdirSync(localRemotes[n]);
      writeManifest(localRemotes[n], n, { routes: [] });
    }
    const app = await buildPageServer(
      { ...loadConfig({}), shellDist: shellDist(), apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, localRemotes },
      false,
    );
    try {
      const res = await app.inject({ url: '/no-such-page' });
      expect(res.statusCode).toBe(404);
      expect(titleOf(res.body)).toBe(pageTitle('Page not found'));
    } finally {
      await app.close();
      api.close();
    }
  });
});
