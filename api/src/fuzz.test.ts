import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { buildApp, type App } from './app';
import { testConfig } from './test/app';
import { openTestDb, type TestDb } from './test/db';

/**
 * Fuzzing every route: thousands of generated bodies and query strings (wrong types, deep nesting,
 * NUL, lone UTF-16 surrogates, huge strings, odd unicode, arrays for objects, prototype keys,
 * broken JSON) sent to every route the API has. None may answer 5xx. The generator is seeded, so
 * a failure repeats: the failing case is printed with its seed.
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
  'a\u0000b', '\ud800', '\udfff', 'Unit 7\udbff', '\udc00High St', '🧱\ud83e', '🧱💧', 'ﷺ', '\u202eevil', 'ǅ', 'İ', 'ß'.repeat(1000), '\r\n\t', 'https://evil.example/',
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
    parts.push(`${encode(key)}=${encode(value)}`);
    if (g.int(5) === 0) parts.push(`${encode(key)}=${encode(value)}`); // repeated: an array
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Percent-encoded; lone surrogates (which cannot be encoded) become U+FFFD. */
const encode = (value: string) =>
  encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** A concrete URL for a route's path: each :param filled with a generated value (or broken escapes). */
function fillPath(g: Gen, url: string): string {
  return url.replace(/:(\w+)/g, () =>
    g.int(10) === 0 ? g.pick(['%zz', '%E0%A4', '%00', '..%2F..%2F', '%C0%AF']) : encode(g.pick([randomString(g).slice(0, 600), String(randomNumber(g)), '1', 'abc'])),
  );
}

/* ---------------------------------------------------------------- well-formed bodies, mutated */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  default?: unknown;
};

/** A plausible valid value for a JSON schema (the route's zod schema, converted): gets past the first checks. */
function plausible(js: JsonSchema | undefined, key: string, depth = 0): unknown {
  if (!js || depth > 8) return null;
  if (js.const !== undefined) return js.const;
  if (js.enum?.length) return js.enum[0];
  const options = js.anyOf ?? js.oneOf;
  if (options) return plausible(options.find((o) => o.type !== 'null') ?? options[0], key, depth + 1);
  const type = [js.type].flat().find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(js.properties ?? {})) out[k] = plausible(v, k, depth + 1);
      return out;
    }
    case 'array':
      return [plausible(js.items, key, depth + 1)];
    case 'string':
      if (js.format === 'email' || /email|username/i.test(key)) return 'jane@example.co.uk';
      if (/password/i.test(key)) return 'Membrane2024';
      if (/postcode/i.test(key)) return 'WF2 7AZ';
      if (/country/i.test(key)) return 'GB';
      return 'x'.repeat(Math.max(1, js.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, js.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return 'x';
  }
}

function skeletonOf(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return undefined;
  try {
    return plausible(z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any', io: 'input' }) as JsonSchema, '');
  } catch {
    return undefined;
  }
}

/** Every path to a value inside `value` (objects and arrays). */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (prefix.length) out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

const DEEP = '__deep__';

/** The skeleton with one value replaced by something hostile; JSON text (deep nesting spliced in as text). */
function mutate(g: Gen, skeleton: unknown): string {
  const copy = JSON.parse(JSON.stringify(skeleton ?? {})) as unknown;
  const paths = pathsOf(copy);
  const replacement = (old: unknown): unknown =>
    g.pick([
      () => `${typeof old === 'string' ? old : 'x'}\u0000`,
      // A lone surrogate (high or low) inside an otherwise valid value: JSON.stringify sends it
      // as its escape ("\ud800"), which parses but is not Unicode.
      () => `${typeof old === 'string' ? old : 'x'}${g.pick(['\ud800', '\udbff', '\udc00', '\udfff'])}`,
      () => 'x'.repeat(g.pick([300, 5000, 200_000])),
      () => DEEP,
      () => randomValue(g, 2),
      () => randomNumber(g),
      () => [old, old],
      () => ({ value: old }),
      () => null,
      () => g.pick(STRINGS),
    ])();
  if (paths.length === 0 || g.int(8) === 0) return JSON.stringify(replacement(copy)) ?? 'null';
  const path = g.pick(paths);
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  parent[last] = replacement(parent[last]);
  return JSON.stringify(copy).replace(JSON.stringify(DEEP), nested(g.pick([40, 5000]), g.next() < 0.5));
}

describe('fuzzing every route', () => {
  let testDb: TestDb;
  let app: App;
  const routes: { method: string; url: string; body: unknown; query: unknown }[] = [];

  beforeAll(async () => {
    testDb = await openTestDb();
    app = buildApp({ db: testDb.db, config: testConfig() });
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
        routes.push({ method, url: route.url, body: skeletonOf(schema?.body), query: skeletonOf(schema?.querystring) });
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
        // Half the cases: the route's own well-formed body (or query) with one value made hostile.
        const wellFormed = g.int(2) === 0;
        let query = route.method === 'GET' || g.int(4) === 0 ? randomQuery(g) : '';
        if (wellFormed && route.query && typeof route.query === 'object') {
          const fields = JSON.parse(mutate(g, route.query)) as unknown;
          if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
            // A query string is flat: nested values go as their (short) JSON text.
            const flat = (v: unknown) => (typeof v === 'string' ? v : String(JSON.stringify(v, (_k, inner: unknown) => inner)).slice(0, 5000));
            try {
              query = `?${Object.entries(fields).map(([k, v]) => `${encode(k)}=${encode(flat(v))}`).join('&')}`;
            } catch {
              // too deep to write as text: keep the random query
            }
          }
        }
        const url = fillPath(g, route.url) + query;
        const body =
          route.method === 'GET' || route.method === 'DELETE'
            ? undefined
            : wellFormed && route.body !== undefined
              ? { payload: mutate(g, route.body), contentType: 'application/json' }
              : randomBody(g);
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
