import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { repoRoot } from './paths';

describe('loadConfig', () => {
  it('has defaults for a local run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8081,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, 'data'),
      logLevel: 'info',
      trustProxy: false,
      sentryDsn: undefined,
    });
  });

  it('treats empty variables as unset and resolves a relative DATA_DIR from where npm started', () => {
    const config = loadConfig({ SENTRY_DSN: '', DATABASE_URL: '', DATA_DIR: 'tmp/data', INIT_CWD: '/srv/shop' });
    expect(config.sentryDsn).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('/srv/shop/tmp/data');
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT.*DATABASE_URL/);
  });

  describe('test payments in a deployed shop', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' };

    it('refuses to start a public https shop without Stripe keys, saying what to set', () => {
      expect(() => loadConfig({ SHOP_URL: 'https://www.membranes.example.co.uk' })).toThrow(ConfigError);
      expect(() => loadConfig({ SHOP_URL: 'https://www.membranes.example.co.uk' })).toThrow(/STRIPE_SECRET_KEY.*TEST_PAYMENTS=true/);
    });

    it('starts when test payments are chosen explicitly, or with Stripe keys', () => {
      expect(loadConfig({ SHOP_URL: 'https://www.membranes.example.co.uk', TEST_PAYMENTS: 'true' }).testPayments).toBe(true);
      expect(loadConfig({ SHOP_URL: 'https://www.membranes.example.co.uk', ...stripe }).paymentProviders.stripe.secretKey).toBe('sk_test_123');
      expect(() => loadConfig({ SHOP_URL: 'https://www.membranes.example.co.uk', TEST_PAYMENTS: 'false' })).toThrow(ConfigError);
    });

    it('keeps a local or offline start working with the test provider', () => {
      for (const SHOP_URL of [undefined, 'http://localhost:8080', 'https://localhost:8443', 'https://127.0.0.1:8443', 'http://shop.example.co.uk']) {
        expect(loadConfig(SHOP_URL ? { SHOP_URL } : {}).paymentProviders.stripe.secretKey).toBeUndefined();
      }
    });
  });

  describe('API_WORKERS and where rate limits are counted', () => {
    const pg = { DATABASE_URL: 'postgres://shop@db.example/shop' };
    it('PGlite: one process whatever API_WORKERS says, limits in memory', () => {
      const config = loadConfig({ API_WORKERS: '4' });
      expect(config.apiWorkers).toBe(1);
      expect(config.apiWorkersRequested).toBe(4);
      expect(config.rateLimitStore).toBe('memory');
    });
    it('PostgreSQL: the number of cores by default; several workers share limits in the database', () => {
      expect(loadConfig(pg).apiWorkers).toBe(os.availableParallelism());
      expect(loadConfig({ ...pg, API_WORKERS: '3' })).toMatchObject({ apiWorkers: 3, rateLimitStore: 'database' });
      expect(loadConfig({ ...pg, API_WORKERS: '1' })).toMatchObject({ apiWorkers: 1, rateLimitStore: 'memory' });
      expect(loadConfig({ ...pg, API_WORKERS: '1', RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
      expect(loadConfig({ ...pg, API_WORKERS: '3', RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
      expect(loadConfig(pg).dbPoolSize).toBe(10);
      expect(loadConfig({ ...pg, DB_POOL_SIZE: '4' }).dbPoolSize).toBe(4);
      expect(() => loadConfig({ ...pg, DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    });
    it('Redis wins when REDIS_URL is set', () => {
      expect(loadConfig({ ...pg, API_WORKERS: '3', REDIS_URL: 'redis://127.0.0.1:6379' }).rateLimitStore).toBe('redis');
    });
    it('names a bad API_WORKERS or RATE_LIMIT_STORE', () => {
      expect(() => loadConfig({ API_WORKERS: '0' })).toThrow(/API_WORKERS/);
      expect(() => loadConfig({ API_WORKERS: 'many' })).toThrow(/API_WORKERS/);
      expect(() => loadConfig({ RATE_LIMIT_STORE: 'disk' })).toThrow(/RATE_LIMIT_STORE: must be memory or database/);
    });
  });
});
