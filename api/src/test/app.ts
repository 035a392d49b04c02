import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { createMailLinks } from '../customer/links';
import type { Db } from '../db/client';
import type { Services } from '../services';
import { openTestDb, type TestDb } from './db';

/**
 * The domains' settings a test may set in its process's environment before opening the app
 * (CAPTCHA_TEST_CODE, a Stripe fake's address, the catalogue cache): loadConfig reads them.
 */
const DOMAIN_ENV = [
  'APP_SECRET',
  'SHOP_URL',
  'MAIL_FROM',
  'CAPTCHA_TEST_CODE',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_API_HOST',
  'STRIPE_API_PORT',
  'STRIPE_API_PROTOCOL',
  'CHECKOUT_HOLD_MINUTES',
  'CATALOG_CACHE_TTL_MS',
] as const;

/** Configuration for tests: defaults (the server's own settings in the test process's env are ignored), plus overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const domainEnv = Object.fromEntries(DOMAIN_ENV.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]]));
  return { ...loadConfig({ ...domainEnv, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

/** The apps open in this test file, by database: tests reach an app's services from its database. */
const openApps = new Map<Db, App>();

function appOf(db: Db): App {
  const app = openApps.get(db);
  if (!app) throw new Error('no test app is open on this database (openTestApp/useTestApp)');
  return app;
}

/** The services of the test app open on this database (its composition root's answer). */
export function servicesFor({ db }: { db: Db }): Services {
  return appOf(db).services;
}

/**
 * The basket, checkout and payment services of the test app open on this database. The tests
 * written before payment/service.ts existed reach reconciliation and the sweep as
 * `commerceFor(t).checkout.reconcile()` / `.sweep()`: those are the payment service's.
 */
export function commerceFor({ db }: { db: Db; config?: Config }) {
  const { cart, checkout, payment, paymentProviders } = appOf(db).services;
  return { cart, payment, provider: paymentProviders.active, checkout: { ...checkout, reconcile: payment.reconcile, sweep: payment.sweep } };
}

/** The signed Email Notifications link the test app on this database puts in mail. */
export function notificationsUrl(db: Db, email: string): Promise<string> {
  return appOf(db).services.mailLinks.notificationsUrl(email);
}

/** The account order link in mail, on the test configuration's SHOP_URL. */
export function accountOrderUrl(orderId: number): string {
  return createMailLinks(testConfig().auth.shopUrl, () => Promise.reject(new Error('not needed'))).accountOrderUrl(orderId);
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** The whole API over this file's test database, ready for `app.inject()`. */
export async function openTestApp(overrides: Partial<Config> | (() => Partial<Config>) = {}): Promise<TestApp> {
  const testDb: TestDb = await openTestDb();
  const config = testConfig(typeof overrides === 'function' ? overrides() : overrides);
  const app = buildApp({ db: testDb.db, config });
  await app.ready();
  openApps.set(testDb.db, app);
  return {
    app,
    db: testDb.db,
    config,
    async close() {
      openApps.delete(testDb.db);
      await app.close();
      await testDb.close();
    },
  };
}

/**
 * Jest helper: the API opened in beforeAll, closed in afterAll. `overrides` may be a function, read
 * in beforeAll (after the file's earlier beforeAll, e.g. a fake server's port).
 * `const t = useTestApp(); it('...', async () => { const res = await t.app.inject({ url: '/api/health' }) })`
 */
export function useTestApp(overrides: Partial<Config> | (() => Partial<Config>) = {}): { readonly app: App; readonly db: Db; readonly config: Config } {
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
