import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/client';
import { openTestDb, type TestDb } from './db';

/** Configuration for tests: defaults only (the test process's env is ignored), plus overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** The whole API over this file's test database, ready for `app.inject()`. */
export async function openTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const testDb: TestDb = await openTestDb();
  const config = testConfig(overrides);
  const app = buildApp({ db: testDb.db, config });
  await app.ready();
  return {
    app,
    db: testDb.db,
    config,
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}

/**
 * Jest helper: the API opened in beforeAll, closed in afterAll.
 * `const t = useTestApp(); it('...', async () => { const res = await t.app.inject({ url: '/api/health' }) })`
 */
export function useTestApp(overrides: Partial<Config> = {}): { readonly app: App; readonly db: Db; readonly config: Config } {
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await openTestApp(overrides);
  });
  afterAll(async () => {
    await opened?.close();
  });
  const get = () => {
    if (!opened) throw new Error('useTestApp(): the app is opened in beforeAll');
    return opened;
  };
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
  };
}
