/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPageServer } from './app';
import { loadConfig } from './config';

function fakeShellDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dir, 'main.js'), 'console.log("entry")');
  fs.writeFileSync(path.join(dir, 'vendors-react.0123abcd.js'), 'console.log("hashed")');
  fs.writeFileSync(path.join(dir, 'vendors-react.0123abcd.js.map'), '{"version":3,"sources":["secret.tsx"]}');
  return dir;
}

describe('remote locations (run-time configuration)', () => {
  it('defaults to the builds this server serves under /remotes/<name>/', () => {
    const config = loadConfig({});
    expect(config.remotes.catalog).toBe('/remotes/catalog/mf-manifest.json');
    expect(config.remotes.checkout).toBe('/remotes/checkout/mf-manifest.json');
    expect(config.apiUrl).toBe('http://127.0.0.1:8081');
  });

  it('takes REMOTES_JSON, and a per-remote variable over it', () => {
    const config = loadConfig({
      REMOTES_JSON: JSON.stringify({ catalog: 'https://cdn.example/catalog/mf-manifest.json', content: 'https://cdn.example/content/mf-manifest.json' }),
      REMOTE_CONTENT_URL: 'https://content.example/mf-manifest.json',
    });
    expect(config.remotes.catalog).toBe('https://cdn.example/catalog/mf-manifest.json');
    expect(config.remotes.content).toBe('https://content.example/mf-manifest.json');
    expect(config.remotes.account).toBe('/remotes/account/mf-manifest.json');
  });

  it('refuses a PORT that is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

/** Built remotes as far as the page server reads them: their manifests with their route lists. */
function fakeRemoteDists() {
  const lists = {
    catalog: [{ path: '/search', module: 'catalog/SearchPage' }],
    content: [{ path: '/', module: 'content/HomePage', meta: { kind: 'cms-page', identifier: 'home' } }],
    account: [{ path: '/customer/account/login', module: 'account/LoginPage' }],
    checkout: [{ path: '/checkout', module: 'checkout/CheckoutPage' }],
  };
  const dirs = {} as Record<keyof typeof lists, string>;
  for (const [name, routes] of Object.entries(lists) as [keyof typeof lists, object[]][]) {
    dirs[name] = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-dist-`));
    fs.writeFileSync(path.join(dirs[name], 'mf-manifest.json'), JSON.stringify({ name, shop: { routes: { routes } } }));
  }
  return dirs;
}

describe('page server', () => {
  const shellDist = fakeShellDist();
  const config = {
    ...loadConfig({ REMOTE_ACCOUNT_URL: 'http://elsewhere.test/mf-manifest.json', SENTRY_DSN: 'https://k@o.ingest.example/1' }),
    localRemotes: fakeRemoteDists(),
    shellDist,
    apiUrl: 'http://127.0.0.1:9', // nothing listens: proxied calls fail cleanly
  };
  let app: Awaited<ReturnType<typeof buildPageServer>>;
  beforeAll(async () => {
    app = await buildPageServer(config, false);
  });
  afterAll(() => app.close());

  it('serves every page URL as the shell with the run-time configuration inlined', async () => {
    const res = await app.inject({ url: '/customer/account/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const json = /<script id="shop-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(json ?? '{}')).toMatchObject({
      remotes: { account: 'http://elsewhere.test/mf-manifest.json', catalog: '/remotes/catalog/mf-manifest.json' },
      sentryDsn: 'https://k@o.ingest.example/1',
      // The API cannot be asked: unknown, and the shell asks the API itself.
      paymentProvider: null,
    });
  });

  it('serves the home page as a page', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="shop-config"');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers remotes.json without caching', async () => {
    const res = await app.inject({ url: '/remotes.json' });
    expect(res.json().account).toBe('http://elsewhere.test/mf-manifest.json');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches content-hashed files for a year and revalidates entries', async () => {
    const hashed = await app.inject({ url: '/vendors-react.0123abcd.js' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await app.inject({ url: '/main.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a plain 404, not a page', async () => {
    const res = await app.inject({ url: '/vendors-gone.deadbeef.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('serves a file added after start (a rebuilt shell needs no restart)', async () => {
    fs.writeFileSync(path.join(shellDist, 'late.11112222.js'), 'console.log("late")');
    const res = await app.inject({ url: '/late.11112222.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('late');
  });

  it('answers a failed API upstream with a gateway error, not a crash', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect([502, 503]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ message: 'The shop could not answer just now. Please try again in a moment.' });
    expect(res.headers['retry-after']).toBe('5');
  });
});

describe('security of the page server', () => {
  const shellDist = fakeShellDist();
  const remoteDist = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-dist-'));
  fs.writeFileSync(path.join(remoteDist, 'remoteEntry.js'), 'var remote = 1;');
  fs.writeFileSync(path.join(remoteDist, 'remoteEntry.js.map'), '{"version":3}');
  const config = {
    ...loadConfig({ SHOP_URL: 'https://www.membranes.example.co.uk/' }),
    shellDist,
    localRemotes: { catalog: remoteDist, content: remoteDist, account: remoteDist, checkout: remoteDist },
    apiUrl: 'http://127.0.0.1:9',
  };
  let app: Awaited<ReturnType<typeof buildPageServer>>;
  beforeAll(async () => {
    app = await buildPageServer(config, false);
  });
  afterAll(() => app.close());

  it('takes canonical links and structured data from SHOP_URL, never from the Host header', async () => {
    const res = await app.inject({ url: '/advice', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain('https://www.membranes.example.co.uk/');
    expect(res.headers['strict-transport-security']).toContain('max-age');
  });

  it('defaults the public origin to http://localhost:PORT, and refuses a SHOP_URL that is not one', () => {
    expect(loadConfig({ PORT: '9240' }).publicUrl).toBe('http://localhost:9240');
    expect(() => loadConfig({ SHOP_URL: 'javascript:alert(1)' })).toThrow(/SHOP_URL/);
  });

  it('says nosniff on pages, scripts, manifests and errors', async () => {
    for (const url of ['/', '/main.js', '/vendors-react.0123abcd.js', '/remotes/catalog/remoteEntry.js', '/remotes.json', '/nothing.js']) {
      const res = await app.inject({ url });
      expect([url, res.headers['x-content-type-options']]).toEqual([url, 'nosniff']);
    }
  });

  it('never publishes source maps (kept on disk for error reporting)', async () => {
    for (const url of ['/vendors-react.0123abcd.js.map', '/remotes/catalog/remoteEntry.js.map']) {
      const res = await app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('"version":3');
    }
  });

  it('refuses a body larger than the API takes with 413 before proxying it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/cart/add', headers: { 'content-type': 'application/json', 'content-length': String(config.apiBodyLimit + 1) }, payload: 'x'.repeat(config.apiBodyLimit + 1) });
    expect(res.statusCode).toBe(413);
  });

  it('reads TRUST_PROXY for the CDN or load balancer in front (none by default)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
  });
});

describe('inline JSON', () => {
  it('cannot close the script element', async () => {
    const { scriptJson } = await import('./html');
    expect(scriptJson({ x: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
