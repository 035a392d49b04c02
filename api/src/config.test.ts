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
});
