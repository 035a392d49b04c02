/**
 * The whole guest checkout as a shopper does it, for `npm run bench` (api-load.ts `--calls checkout`)
 * and bench/checkout-count.ts: create a basket, add 1-3 different products in a random order,
 * estimate delivery, save the address and delivery, save the payment method, confirm with the test
 * card. `shoppers` shoppers at once, each with its own client address and its own keep-alive
 * connection, each one request at a time, looping until the time is up. A checkout counts when every
 * call of it answered 2xx; its latency is from the basket's creation to the confirm's answer.
 */
import http from 'node:http';
import type { CallFigures } from './lib';

export interface CheckoutAddress {
  email: string | null;
  country_id: string;
  postcode: string;
  [key: string]: unknown;
}

export interface CheckoutLoad {
  base: string;
  shoppers: number;
  /** SKUs of products with plenty of stock. */
  skus: readonly string[];
  address: CheckoutAddress;
  durationS: number;
  warmupS?: number;
  /** Instead of a duration: every shopper does exactly this many checkouts. */
  checkoutsEach?: number;
  /** First octets of the shoppers' addresses (X-Forwarded-For), so two loads never share one. */
  addressPrefix?: string;
}

export interface CheckoutFigures extends CallFigures {
  rampMax: number;
  /** Units ordered by the checkouts that answered 200 (for the books). */
  units: number;
  /** Carts of the confirms that answered 200. */
  cartIds: string[];
  /** Median and p99 latency of each call of the checkout (ms), measured ones only. */
  steps: Record<string, { p50: number; p99: number }>;
}

/** A small deterministic random source per shopper (so runs are comparable). */
function randomSource(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
}

class CallFailed extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: string,
  ) {
    super(`${path}: ${status} ${body.slice(0, 300)}`);
  }
}

export async function runCheckouts(load: CheckoutLoad): Promise<CheckoutFigures> {
  const url = new URL(load.base);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  const cartIds: string[] = [];
  const stepLatencies = new Map<string, number[]>();
  let errors = 0;
  let units = 0;
  let rampMax = 0;
  const started = performance.now();
  const measureFrom = started + (load.warmupS ?? 0) * 1000;
  const end = measureFrom + load.durationS * 1000;
  const prefix = load.addressPrefix ?? '10.32';

  await Promise.all(
    Array.from({ length: load.shoppers }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const address = { 'x-forwarded-for': `${prefix}.${Math.floor(i / 250)}.${(i % 250) + 1}` };
      const random = randomSource(1000 + i);
      const post = async <T>(path: string, body: unknown): Promise<T> => {
        const t0 = performance.now();
        const answer = await send<T>(path, body);
        if (t0 >= measureFrom) {
          const step = path.replace('/api/cart/', '');
          if (!stepLatencies.has(step)) stepLatencies.set(step, []);
          stepLatencies.get(step)!.push(performance.now() - t0);
        }
        return answer;
      };
      const send = <T>(path: string, body: unknown): Promise<T> =>
        new Promise<T>((resolve, reject) => {
          const payload = body === undefined ? '' : JSON.stringify(body);
          const req = http.request(
            {
              host: url.hostname,
              port: url.port,
              path,
              method: 'POST',
              agent,
              timeout: 60_000,
              headers: { ...address, ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'content-length': Buffer.byteLength(payload) },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => {
                const text = Buffer.concat(chunks).toString('utf8');
                const status = res.statusCode ?? 0;
                if (status < 200 || status >= 300) reject(new CallFailed(status, path, text));
                else resolve(JSON.parse(text) as T);
              });
              res.on('error', reject);
            },
          );
          req.on('timeout', () => req.destroy(new Error(`${path}: timeout`)));
          req.on('error', reject);
          req.end(payload);
        });

      try {
        let done = 0;
        while (load.checkoutsEach !== undefined ? done < load.checkoutsEach : performance.now() < end) {
          done++;
          const t0 = performance.now();
          // 1-3 different products, in a random order.
          const count = 1 + random(3);
          const picked: string[] = [];
          while (picked.length < count) {
            const sku = load.skus[random(load.skus.length)]!;
            if (!picked.includes(sku)) picked.push(sku);
          }
          const lines = picked.map((sku) => ({ sku, qty: 1 + random(3) }));
          try {
            const { cartId } = await post<{ cartId: string }>('/api/cart/guest/create', undefined);
            for (const line of lines) await post('/api/cart/add', { customerToken: null, cartId, productSku: line.sku, quantity: line.qty });
            const methods = await post<Array<{ carrier_code: string; method_code: string }>>('/api/cart/estimate-shipping-methods', {
              customerToken: null,
              cartId,
              address: { country_id: load.address.country_id, postcode: load.address.postcode },
            });
            const method = methods[0];
            if (!method) throw new Error('/api/cart/estimate-shipping-methods: no delivery method');
            await post('/api/cart/save-shipping-info', {
              customerToken: null,
              cartId,
              address: load.address,
              shippingMethod: { carrierCode: method.carrier_code, methodCode: method.method_code },
              comment: null,
            });
            await post('/api/cart/save-payment-info', { customerToken: null, cartId, paymentMethod: 'stripe_payments', email: load.address.email });
            const placed = await post<{ status: string }>('/api/cart/confirm-order', {
              customerToken: null,
              cartId,
              payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_card_visa', paymentMethodType: 'card' },
              billingAddress: load.address,
            });
            if (placed.status !== 'succeeded') throw new Error(`/api/cart/confirm-order: ${JSON.stringify(placed).slice(0, 300)}`);
            const ms = performance.now() - t0;
            if (t0 >= measureFrom) latencies.push(ms);
            else rampMax = Math.max(rampMax, ms);
            statuses['200'] = (statuses['200'] ?? 0) + 1;
            units += lines.reduce((s, l) => s + l.qty, 0);
            cartIds.push(cartId);
          } catch (error) {
            if (error instanceof CallFailed) {
              const key = String(error.status);
              statuses[key] = (statuses[key] ?? 0) + 1;
            } else {
              errors++;
            }
            if (failures.length < 5) failures.push((error as Error).message);
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const seconds = (performance.now() - measureFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const steps = Object.fromEntries(
    [...stepLatencies].map(([step, ms]) => {
      ms.sort((a, b) => a - b);
      return [step, { p50: ms[Math.floor(ms.length / 2)] ?? 0, p99: ms[Math.min(ms.length - 1, Math.floor(0.99 * ms.length))] ?? 0 }];
    }),
  );
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), max: at(1), requests: latencies.length, statuses, errors, failures, rampMax, units, cartIds, steps };
}
