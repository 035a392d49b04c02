/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildPageServer } from './app';
import { loadConfig } from './config';
import { robotsTxt, sitemapXml } from './sitemap';

describe('sitemap.xml and robots.txt', () => {
  it('writes each page on the public origin with its last change, escaped', () => {
    const xml = sitemapXml({ entries: [{ path: '/', lastmod: '2026-01-02T03:04:05.000Z' }, { path: '/a&b', lastmod: '2026-01-01T00:00:00.000Z' }] }, 'https://www.example.co.uk');
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://www.example.co.uk/</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>\n' +
        '  <url><loc>https://www.example.co.uk/a&amp;b</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod></url>\n</urlset>\n',
    );
    expect(robotsTxt('https://www.example.co.uk')).toContain('Sitemap: https://www.example.co.uk/sitemap.xml');
  });

  it('the page server answers them from the API’s list, and follows a change within 2 s', async () => {
    let entries = [
      { path: '/', lastmod: '2026-01-01T00:00:00.000Z' },
      { path: '/hydrovault-cdm8', lastmod: '2026-01-01T00:00:00.000Z' },
    ];
    const api = http.createServer((req, res) => {
      const ok = req.url === '/api/sitemap';
      res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? { entries } : { message: 'Not found' }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
    fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id=root></div></body></html>');
    const remotes = Object.fromEntries(
      (['catalog', 'content', 'account', 'checkout'] as const).map((name) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-dist-`));
        fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name, shop: { routes: { routes: [] } } }));
        return [name, dir];
      }),
    ) as Record<'catalog' | 'content' | 'account' | 'checkout', string>;
    const app = await buildPageServer(
      { ...loadConfig({ SHOP_URL: 'https://www.example.co.uk' }), shellDist, localRemotes: remotes, apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}` },
      false,
    );
    try {
      const first = await app.inject({ url: '/sitemap.xml' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, must-revalidate');
      expect(first.body).toContain('<loc>https://www.example.co.uk/hydrovault-cdm8</loc>');

      // The product is disabled: gone from the sitemap within 2 s.
      entries = entries.filter((e) => e.path !== '/hydrovault-cdm8');
      const changed = Date.now();
      while ((await app.inject({ url: '/sitemap.xml' })).body.includes('hydrovault-cdm8')) {
        expect(Date.now() - changed).toBeLessThan(2000);
        await new Promise((r) => setTimeout(r, 50));
      }

      const robots = await app.inject({ url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(robots.body).toContain('Sitemap: https://www.example.co.uk/sitemap.xml');
    } finally {
      await app.close();
      api.close();
    }
  });
});
