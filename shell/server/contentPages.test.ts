/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildPageServer } from './app';
import { loadConfig } from './config';

/** A stand-in for the API with the content answers the page server reads. */
function fakeApi(): Promise<http.Server> {
  const answers: Record<string, unknown> = {
    '/api/content/cms-pages': {
      items: [
        { identifier: 'home', title: 'Home page', meta_title: 'Northgate Membranes | Basement Waterproofing & Drainage', meta_description: 'Cavity drain membranes and sump pumps.' },
        { identifier: 'contact', title: 'Contact Us', meta_title: null, meta_description: 'Call our technical helpline.' },
      ],
    },
    '/api/payment/config': { provider: 'test', publishableKey: null, currency: 'gbp', country: 'GB' },
    '/api/content/blog-posts': { items: [{ url_key: 'fitting-a-sump-pump', name: 'Fitting a sump pump', meta_title: null, meta_description: 'How to fit one.' }] },
  };
  const server = http.createServer((req, res) => {
    const answer = answers[req.url ?? ''];
    res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer ?? { message: 'Not found' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Built remotes as the page server reads them: the content remote's route list, the others empty. */
function contentRemoteOnly() {
  const lists = {
    catalog: [],
    content: [
      { path: '/', module: 'content/HomePage', meta: { kind: 'cms-page', identifier: 'home' } },
      { path: '/advice', module: 'content/AdvicePage' },
      { path: '/advice/:articlePage', module: 'content/ArticlePage', meta: { kind: 'article', param: 'articlePage' } },
    ],
    account: [],
    checkout: [],
  };
  const dirs = {} as Record<keyof typeof lists, string>;
  for (const [name, routes] of Object.entries(lists) as [keyof typeof lists, object[]][]) {
    dirs[name] = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-dist-`));
    fs.writeFileSync(path.join(dirs[name], 'mf-manifest.json'), JSON.stringify({ name, shop: { routes: { routes } } }));
  }
  return dirs;
}

describe('page server: content pages', () => {
  let api: http.Server;
  let app: Awaited<ReturnType<typeof buildPageServer>>;
  beforeAll(async () => {
    api = await fakeApi();
    const shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
    fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head><title>Shop</title><meta name="description" content="x"></head><body></body></html>');
    app = await buildPageServer(
      {
        ...loadConfig({ SHOP_URL: 'https://shop.test' }),
        shellDist,
        apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
        localRemotes: contentRemoteOnly(),
      },
      false,
    );
  });
  afterAll(async () => {
    await app.close();
    api.close();
  });

  it('gives the home page the title and description of the CMS page "home", and a canonical link', async () => {
    const res = await app.inject({ url: '/', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title data-shop-head>Northgate Membranes | Basement Waterproofing &amp; Drainage</title>');
    expect(res.body).toContain('<meta data-shop-head name="description" content="Cavity drain membranes and sump pumps.">');
    // From the configured public origin, never the request's Host header.
    expect(res.body).toContain('<link data-shop-head rel="canonical" href="https://shop.test/">');
  });

  it('answers a known article 200 with its title, an unknown one 404', async () => {
    const known = await app.inject({ url: '/advice/fitting-a-sump-pump' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain('<title data-shop-head>Fitting a sump pump | Northgate Membranes</title>');
    const unknown = await app.inject({ url: '/advice/no-such-article' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('Page not found');
  });

  it('allows the privacy-enhanced video host in frames, and not the tracking one', async () => {
    const res = await app.inject({ url: '/advice' });
    const frameSrc = String(res.headers['content-security-policy']).split('; ').find((d) => d.startsWith('frame-src'));
    expect(frameSrc).toContain('https://www.youtube-nocookie.com');
    expect(frameSrc).not.toContain('https://www.youtube.com');
  });

  it("inlines the API's payment provider, so the shell shows the test-payments notice in its first render", async () => {
    const res = await app.inject({ url: '/advice' });
    const json = /<script id="shop-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(json ?? '{}')).toMatchObject({ paymentProvider: 'test' });
  });
});
