import type { RouteOptions } from 'fastify';
import { buildApp, type App } from './app';
import { testConfig } from './test/app';
import { openTestDb, type TestDb } from './test/db';

/**
 * Fuzzing every route: thousands of generated bodies and query strings (wrong types, deep nesting,
 * NUL, huge strings, odd unicode, arrays for objects, prototype keys, broken JSON) sent to every
 * route the API has. None may answer 5xx. The generator is seeded, so a failure repeats: the
 * failing case is printed with its seed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 60);

/** mulberry32: a small seeded generator. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Gen = ReturnType<typeof generator>;

/** Field names the shop's routes use, so generated bodies reach past the first validation. */
const FIELDS = [
  'cartId', 'customerToken', 'productSku', 'quantity', 'qty', 'itemId', 'productOptions', 'address', 'billingAddress',
  'shippingAddress', 'shippingMethod', 'carrier_code', 'method_code', 'email', 'password', 'username', 'firstname', 'lastname',
  'firstName', 'lastName', 'company', 'street', 'city', 'postcode', 'country_id', 'region_id', 'telephone', 'newsletter',
  'isSubscribed', 'token', 'answer', 'captchaToken', 'resetToken', 'customerId', 'newPassword', 'currentPassword', 'payment',
  'method', 'piPaymentMethodId', 'paymentMethodType', 'paymentIntentId', 'paymentMethod', 'comment', 'returnUrl', 'card',
  'number', 'exp_month', 'exp_year', 'cvc', 'type', 'wallet', 'productId', 'nickname', 'title', 'detail', 'ratings', 'page',
  'pageSize', 'q', 'path', 'ids', 'sku', 'id', 'addressId', 'unsubscribeToken', 'events', 'couponCode', '__proto__', 'constructor',
  'prototype', 'toString', '', ' ', '\u0000', 'a'.repeat(300),
] as const;

const STRINGS = [
  '', ' ', 'x', '0', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}', 'stripe_payments', 'pm_card_visa', 'flatrate', 'GB', 'SW1A 1AA',
  'jane@example.co.uk', 'Membrane2024', 'DPM-1200', "' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '\u0000',
  'a\u0000b', '\ud800', '\udfff', '🧱💧', 'ﷺ', '\u202eevil', 'ǅ', 'İ', 'ß'.repeat(1000), '\r\n\t', 'https://evil.example/',
  '00000000-0000-4000-8000-000000000000', 'A'.repeat(43),
];

function randomString(g: Gen): string {
  switch (g.int(6)) {
    case 0:
      return 'x'.repeat(g.pick([256, 4096, 70_000, 300_000]));
    case 1:
      // Any code points, lone surrogates included.
      return String.fromCodePoint(...Array.from({ length: 1 + g.int(20) }, () => g.int(0x110000)));
    default:
      return g.pick(STRINGS);
  }
}

function randomNumber(g: Gen): number {
  return g.pick([0, -0, 1, -1, 2147483647, 2147483648, -2147483649, 1e308, -1e308, 0.5, 1e-300, 9007199254740993, 3.14159, 99999]);
}

function randomValue(g: Gen, depth: number): unknown {
  const kind = g.int(depth > 3 ? 5 : 8);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return g.next() < 0.5;
    case 2:
      return randomNumber(g);
    case 3:
    case 4:
      return randomString(g);
    case 5:
      return Array.from({ length: g.pick([0, 1, 2, 3, 50]) }, () => randomValue(g, depth + 1));
    default:
      return randomObject(g, depth + 1);
  }
}

function randomObject(g: Gen, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = g.int(6);
  for (let i = 0; i < n; i++) {
    const key = g.pick(FIELDS);
    // Own properties only (JSON.parse would make "__proto__" an own key too).
    Object.defineProperty(out, key, { value: randomValue(g, depth), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** JSON text nested `levels` deep (built as text: JSON.stringify itself recurses). */
function nested(levels: number, array: boolean): string {
  return array ? `${'['.repeat(levels)}"x"${']'.repeat(levels)}` : `${'{"cartId":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
}

/** One request body: JSON text (or not JSON at all) and the content type it is sent with. */
function randomBody(g: Gen): { payload: string; contentType: string } {
  const roll = g.int(20);
  if (roll === 0) return { payload: nested(g.pick([40, 5000, 20_000]), g.next() < 0.5), contentType: 'application/json' };
  if (roll === 1) return { payload: g.pick(['{', '{"a":', 'nul', '[1,]', '\u0000', '{"a":"\\u0000"}', '"str"', '123', 'null', '[]']), contentType: 'application/json' };
  if (roll === 2) return { payload: 'a=1&b=2', contentType: g.pick(['application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x']) };
  const body = g.int(4) === 0 ? randomValue(g, 0) : randomObject(g, 0);
  return { payload: JSON.stringify(body) ?? 'null', contentType: g.pick(['application/json', 'application/json; charset=utf-8']) };
}

function randomQuery(g: Gen): string {
  const parts: string[] = [];
  for (let i = 0; i < g.int(4); i++) {
    const key = g.pick(FIELDS);
    const value = g.int(3) === 0 ? String(randomNumber(g)) : randomString(g).slice(0, 2000);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    if (g.int(5) === 0) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`); // repeated: an array
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A concrete URL for a route's path: each :param filled with a generated value. */
function fillPath(g: Gen, url: string): string {
  return url.replace(/:(\w+)/g, () => encodeURIComponent(String(g.pick([randomString(g).slice(0, 600), String(randomNumber(g)), '1', 'abc']))));
}

describe('fuzzing every route', () => {
  let testDb: TestDb;
  let app: App;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    testDb = await openTestDb();
    app = buildApp({ db: testDb.db, config: testConfig() });
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({ method, url: route.url });
      }
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  it('finds the routes of every domain', () => {
    const urls = routes.map((r) => r.url);
    for (const expected of ['/api/login', '/api/cart/add', '/api/cart/confirm-order', '/api/payment/stripe/webhook', '/api/products/info/:id']) {
      expect(urls.some((u) => u === expected || u.startsWith(expected))).toBe(true);
    }
    expect(routes.length).toBeGreaterThan(40);
  });

  it(`sends ${CASES_PER_ROUTE} generated requests to each route and never gets a 5xx`, async () => {
    const g = generator(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (let i = 0; i < CASES_PER_ROUTE; i++) {
        const url = fillPath(g, route.url) + (route.method === 'GET' || g.int(4) === 0 ? randomQuery(g) : '');
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : randomBody(g);
        const res = await app.inject({
          method: route.method as 'GET',
          url,
          remoteAddress: `10.${g.int(256)}.${g.int(256)}.${g.int(256)}`,
          ...(body ? { payload: body.payload, headers: { 'content-type': body.contentType } } : {}),
        });
        sent++;
        if (res.statusCode >= 500) {
          failures.push(`${route.method} ${url.slice(0, 200)} body=${body?.payload.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(routes.length * CASES_PER_ROUTE);
    if (failures.length) throw new Error(`FUZZ_SEED=${SEED}: ${failures.length} requests answered 5xx:\n${failures.slice(0, 20).join('\n')}`);
  }, 600_000);
});
