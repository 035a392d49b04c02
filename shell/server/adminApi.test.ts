/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildPageServer } from './app';
import { loadConfig } from './config';

/**
 * The back office's API (/admin-api on the API service) is reached only through the back office's
 * own server: the storefront's page server forwards /api and /media alone, whatever the path's
 * spelling. An upstream API records every path that reaches it.
 */
describe('the storefront does not reach the back office API', () => {
  const reached: string[] = [];
  const upstream = Fastify();
  upstream.all('/*', async (request) => {
    reached.push(request.url);
    return { reached: request.url };
  });
  const shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  const remoteDist = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-dist-'));
  let app: Awaited<ReturnType<typeof buildPageServer>>;

  beforeAll(async () => {
    const apiUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
    app = await buildPageServer(
      { ...loadConfig({}), shellDist, localRemotes: { catalog: remoteDist, content: remoteDist, account: remoteDist, checkout: remoteDist }, apiUrl },
      false,
    );
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('proxies /api (the check works)', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ reached: '/api/health' });
  });

  it.each([
    ['GET', '/admin-api/session'],
    ['POST', '/admin-api/sign-in'],
    ['GET', '/api/../admin-api/session'],
    ['GET', '/api/%2e%2e/admin-api/session'],
    ['GET', '/api/..%2fadmin-api/session'],
    ['GET', '/media/../admin-api/session'],
    ['GET', '/staff-cli/list'],
    ['GET', '/api/../staff-cli/list'],
  ])('%s %s never reaches the back office API', async (method, url) => {
    reached.length = 0;
    await app.inject({ method: method as 'GET' | 'POST', url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(reached.filter((p) => /admin-api|staff-cli/.test(decodeURIComponent(p)) && !p.startsWith('/api/') && !p.startsWith('/media/'))).toEqual([]);
    // Whatever reached the API still starts with /api or /media, where the API has no back-office route.
    for (const p of reached) expect(p.startsWith('/api/') || p.startsWith('/media/')).toBe(true);
  });
});
