/**
 * A small fake of Stripe's API for the tests (not a test file): the few PaymentIntent and Refund
 * endpoints the Stripe provider uses, over HTTP on 127.0.0.1, reached through the SDK's host/port/protocol
 * options. Like Stripe: form-encoded requests, idempotency keys (a repeated key answers the first
 * answer and creates nothing), Stripe's test payment method ids decide the outcome:
 * pm_card_visa succeeds, pm_card_chargeDeclined is declined (402 card_error), pm_card_threeDSecure2Required
 * needs an extra step (requires_action with a redirect), anything else is 'No such PaymentMethod'.
 * Refunds (POST /v1/refunds, GET /v1/refunds/:id, GET /v1/refunds?payment_intent=) of a
 * succeeded intent only, at most what is left of it, succeed at once.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  payment_method: string;
  metadata: Record<string, string>;
  next_action: null | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } };
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  livemode: false;
  created: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string | null;
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe {
  port: number;
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  /** Every refund call that made a new refund. */
  refundCreates: Array<{ idempotencyKey: string | undefined; params: Record<string, string> }>;
  /** Every create call that made a new intent (a charge attempt). */
  creates: Array<{ idempotencyKey: string | undefined; params: Record<string, string> }>;
  /** All requests, in order. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }>;
  /** Drop the connection after handling the next N create calls (a lost answer: the SDK retries). */
  dropNextCreateAnswers: number;
  /** Answer 500 to every request while true (Stripe down). */
  down: boolean;
  /** Finish a pending extra step as the bank would ('succeeded' or failed). */
  completeAction(id: string, outcome: 'succeeded' | 'failed'): FakeIntent;
  close(): Promise<void>;
}

const hex = (n: number) => randomBytes(n).toString('hex');

/** a[b][c]=1 -> { 'a[b][c]': '1' } flat (enough for what the provider sends). */
function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) meta[m[1]!] = v;
  }
  return meta;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds = new Map<string, FakeRefund>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const fake: FakeStripe = {
    port: 0,
    intents,
    refunds,
    refundCreates: [],
    creates: [],
    requests: [],
    dropNextCreateAnswers: 0,
    down: false,
    completeAction(id, outcome) {
      const pi = intents.get(id);
      if (!pi || pi.status !== 'requires_action') throw new Error(`fake stripe: ${id} does not need an action`);
      pi.next_action = null;
      if (outcome === 'succeeded') pi.status = 'succeeded';
      else {
        pi.status = 'requires_payment_method';
        pi.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
      }
      return pi;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function send(res: http.ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${hex(6)}` });
    res.end(text);
    return { status, body: text };
  }

  function createIntent(params: Record<string, string>, key: string | undefined): { status: number; body: unknown } {
    const pm = params.payment_method ?? '';
    if (!['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_threeDSecure2Required'].includes(pm)) {
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${pm}'` } },
      };
    }
    fake.creates.push({ idempotencyKey: key, params });
    const id = `pi_${hex(12)}`;
    const pi: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(params.amount),
      currency: params.currency ?? 'gbp',
      status: 'succeeded',
      client_secret: `${id}_secret_${hex(8)}`,
      payment_method: pm,
      metadata: metadataOf(params),
      next_action: null,
      last_payment_error: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(id, pi);
    if (pm === 'pm_card_chargeDeclined') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      return {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: pi } },
      };
    }
    if (pm === 'pm_card_threeDSecure2Required') {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=${id}`, return_url: params.return_url ?? '' },
      };
    }
    return { status: 200, body: pi };
  }

  const invalid = (code: string, message: string, param?: string) => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } },
  });
  const refundedOn = (intentId: string) =>
    [...refunds.values()].filter((r) => r.payment_intent === intentId && (r.status === 'pending' || r.status === 'succeeded')).reduce((sum, r) => sum + r.amount, 0);
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

  function createRefund(params: Record<string, string>, key: string | undefined): { status: number; body: unknown } {
    const pi = intents.get(params.payment_intent ?? '');
    if (!pi) return invalid('resource_missing', `No such payment_intent: '${params.payment_intent ?? ''}'`, 'payment_intent');
    if (pi.status !== 'succeeded') return invalid('charge_not_refundable', `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`);
    const left = pi.amount - refundedOn(pi.id);
    if (left <= 0) return invalid('charge_already_refunded', `Charge for ${pi.id} has already been refunded.`);
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0) return invalid('parameter_invalid_integer', 'Invalid positive integer', 'amount');
    if (amount > left) {
      return invalid('amount_too_large', `Refund amount (${pounds(amount)}) is greater than unrefunded amount on charge (${pounds(left)})`, 'amount');
    }
    fake.refundCreates.push({ idempotencyKey: key, params });
    const refund: FakeRefund = {
      id: `re_${hex(12)}`,
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      status: 'succeeded',
      reason: params.reason ?? null,
      failure_reason: null,
      metadata: metadataOf(params),
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      const path = (req.url ?? '').split('?')[0]!;
      fake.requests.push({ method: req.method ?? '', path, idempotencyKey: key });
      if (!/^Bearer sk_test_/.test(req.headers.authorization ?? '')) {
        send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (fake.down) {
        send(res, 500, { error: { type: 'api_error', message: 'Stripe is down (fake)' } });
        return;
      }
      const replay = key ? idempotent.get(`${req.method} ${path} ${key}`) : undefined;
      if (replay) {
        res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        res.end(replay.body);
        return;
      }
      const params = parseForm(raw);
      let answer: { status: number; body: unknown };
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        answer = createIntent(params, key);
        if (answer.status !== 400 && fake.dropNextCreateAnswers > 0) {
          fake.dropNextCreateAnswers--;
          if (key) idempotent.set(`${req.method} ${path} ${key}`, { status: answer.status, body: JSON.stringify(answer.body) });
          req.socket.destroy(); // the charge happened; the answer is lost
          return;
        }
      } else if (req.method === 'POST' && path === '/v1/refunds') {
        answer = createRefund(params, key);
      } else if (req.method === 'GET' && (m = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
        const refund = refunds.get(m[1]!);
        answer = refund ? { status: 200, body: refund } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such refund: '${m[1]}'` } } };
      } else if (req.method === 'GET' && path === '/v1/refunds') {
        const intentId = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('payment_intent');
        const data = [...refunds.values()].filter((r) => !intentId || r.payment_intent === intentId).reverse();
        answer = { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
      } else if (req.method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
        const pi = intents.get(m[1]!);
        answer = pi ? { status: 200, body: pi } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${m[1]}'` } } };
      } else if (req.method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) {
        const pi = intents.get(m[1]!);
        if (!pi) answer = { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${m[1]}'` } } };
        else if (pi.status === 'succeeded') {
          answer = {
            status: 400,
            body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.' } },
          };
        } else {
          pi.status = 'canceled';
          pi.next_action = null;
          answer = { status: 200, body: pi };
        }
      } else {
        answer = { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } } };
      }
      const sent = send(res, answer.status, answer.body);
      if (key && answer.status < 500) idempotent.set(`${req.method} ${path} ${key}`, sent);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  return fake;
}

/** A Stripe event as the webhook would deliver it. */
export function stripeEvent(type: string, intent: FakeIntent, id = `evt_${hex(12)}`) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: intent },
  };
}
