import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { adminOrderDetailSchema, adminOrdersAnswerSchema, BACKOFFICE_MESSAGES } from '@shop/shared/backoffice';
import { orderDetailAnswerSchema as customerOrderSchema, ordersListAnswerSchema } from '@shop/shared/schemas';
import { createCustomer, createProduct, stockOf } from '../cart/test-fixtures';
import { login, nextIp, PASSWORD, registerCustomer, tempDataDir } from '../customer/test-helpers';
import { dbKind } from '../db/client';
import { mailOutbox } from '../mail/schema';
import { createOrdersStore, type NewOrder } from '../orders/store';
import { useTestApp } from '../test/app';
import { COMMAND_LINE } from './activity';
import { readCliFile } from './cli-routes';
import { staffActivity, staffSessions } from './schema';
import { codeAt, setupTokenOf, signedInStaff, STAFF_PASSWORD, staffEmail, type SignedInStaff, staffPerRole } from './test-helpers';

const t = useTestApp({ dataDir: tempDataDir() });

const address = {
  firstname: 'Jane',
  lastname: 'Mason',
  company: null,
  street: ['12 Canal Wharf', ''],
  city: 'Leeds',
  regionId: null,
  region: 'West Yorkshire',
  regionCode: null,
  postcode: 'LS11 5PS',
  countryId: 'GB',
  telephone: '0113 496 0000',
};

/** A paid-for order ('processing') of two products with stock, for a customer or a guest. */
async function paidOrder(over: Partial<NewOrder> = {}) {
  const email = over.email ?? `buyer.${Math.random().toString(36).slice(2)}@example.co.uk`;
  const a = await createProduct(t.db, { stock: 10, pricePence: 8999 });
  const b = await createProduct(t.db, { stock: 10, pricePence: 1250 });
  const store = createOrdersStore(t.db);
  const order = await t.db.transaction((tx) =>
    store.insertOrder(tx, {
      customerId: null,
      customerGroupId: 0,
      email,
      firstname: 'Jane',
      lastname: 'Mason',
      status: 'processing',
      lines: [
        { productId: a.id, sku: a.sku, name: a.name, qty: 2, unitPricePence: 8999 },
        { productId: b.id, sku: b.sku, name: b.name, qty: 1, unitPricePence: 1250 },
      ],
      shipping: { carrierCode: 'northgate', methodCode: 'standard', description: 'Standard delivery', amountPence: 995 },
      paymentMethod: 'stripe_payments',
      shippingAddress: address,
      billingAddress: address,
      ...over,
    }),
  );
  return { order: { ...order, email }, a, b };
}

/** As if the authenticator app's clock moved on: the last code's step is forgotten. */
const laterCodes = (email: string) => t.db.execute(sql`update staff set totp_last_step = 0 where email = ${email}`);

/** A Contact Us message sent through the storefront's API; answers its id. */
async function contactMessage(message = 'Do you deliver to Jersey?') {
  const res = await t.app.inject({ method: 'POST', url: '/api/contact/messages', remoteAddress: nextIp(), payload: { name: 'Sam Builder', email: `sam.${Math.random().toString(36).slice(2)}@example.co.uk`, message } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json() as { id: number }).id;
}

const key = () => `k${Date.now()}${Math.random().toString(36).slice(2, 12)}`;
const inject = (method: 'GET' | 'POST', url: string, who?: SignedInStaff, payload?: unknown, write = true) =>
  t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: who ? (method === 'POST' && write ? who.write : { cookie: who.cookie }) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let owner: SignedInStaff, ordersStaff: SignedInStaff, catalogue: SignedInStaff, content: SignedInStaff;
beforeAll(async () => {
  ({ owner, orders: ordersStaff, catalogue, content } = await staffPerRole(t.app));
});

describe('where the back office is', () => {
  it('lives under /admin-api, which the storefront API path does not reach', async () => {
    expect((await inject('GET', '/admin-api/session', owner)).statusCode).toBe(200);
    expect((await inject('GET', '/api/admin-api/session', owner)).statusCode).toBe(404);
  });
});

describe('set-up link', () => {
  it('asks for a strong password, then a code from the app, and works once', async () => {
    const email = staffEmail('setup');
    const { link } = await t.app.services.backoffice.staff.add(email, 'orders', COMMAND_LINE);
    expect(link).toMatch(new RegExp(`^${t.config.backoffice.adminUrl}/setup#[A-Za-z0-9_-]{43}$`));
    const token = setupTokenOf(link);
    const info = await inject('POST', '/admin-api/setup/info', undefined, { token });
    expect(info.json()).toEqual({ email, role: 'orders' });

    const weak = await inject('POST', '/admin-api/setup/password', undefined, { token, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('password');

    const early = await inject('POST', '/admin-api/setup/confirm', undefined, { token, code: '123456' });
    expect(early.statusCode).toBe(409);

    const set = await inject('POST', '/admin-api/setup/password', undefined, { token, password: STAFF_PASSWORD });
    expect(set.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = set.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await inject('POST', '/admin-api/setup/confirm', undefined, { token, code: String((Number(await codeAt(secret)) + 1) % 1000000).padStart(6, '0') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: BACKOFFICE_MESSAGES.badCode, field: 'code' });

    expect((await inject('POST', '/admin-api/setup/confirm', undefined, { token, code: await codeAt(secret) })).statusCode).toBe(200);
    // Used: the link is dead.
    const again = await inject('POST', '/admin-api/setup/info', undefined, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(BACKOFFICE_MESSAGES.setupLinkInvalid);
  });

  it('expires after 24 hours', async () => {
    const { link } = await t.app.services.backoffice.staff.add(staffEmail('late'), 'content', COMMAND_LINE);
    await t.db.execute(sql`update staff_setup_tokens set expires_at = now() - interval '1 second'`);
    expect((await inject('POST', '/admin-api/setup/info', undefined, { token: setupTokenOf(link) })).statusCode).toBe(404);
  });
});

describe('sign-in and sessions', () => {
  it('needs the password and a fresh code; the cookie is httpOnly, SameSite=Strict', async () => {
    const me = await signedInStaff(t.app, 'orders');
    const wrongPassword = await inject('POST', '/admin-api/sign-in', undefined, { email: me.email, password: 'Nope12345', code: await codeAt(me.secret) });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(BACKOFFICE_MESSAGES.badSignIn);
    // The code of the step the last sign-in used is not accepted again (no replay).
    const replay = await inject('POST', '/admin-api/sign-in', undefined, { email: me.email, password: STAFF_PASSWORD, code: await codeAt(me.secret, 1) });
    expect(replay.statusCode).toBe(401);
    await laterCodes(me.email);
    const ok = await inject('POST', '/admin-api/sign-in', undefined, { email: me.email, password: STAFF_PASSWORD, code: await codeAt(me.secret, 1) });
    expect(ok.statusCode).toBe(200);
    const cookie = ok.headers['set-cookie'] as string;
    expect(cookie).toMatch(/staff_session=[A-Za-z0-9_-]{43}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/admin-api/);
    expect(cookie).not.toMatch(/Secure/); // http://localhost; https sets it (next test)
  });

  it('ends after 8 hours idle, and at sign-out on the server', async () => {
    const me = await signedInStaff(t.app, 'orders');
    expect((await inject('GET', '/admin-api/session', me)).statusCode).toBe(200);
    await t.db.execute(sql`update staff_sessions set last_seen_at = now() - interval '7 hours 59 minutes' where staff_id = (select id from staff where email = ${me.email})`);
    expect((await inject('GET', '/admin-api/session', me)).statusCode).toBe(200);
    await t.db.execute(sql`update staff_sessions set last_seen_at = now() - interval '8 hours 1 minute' where staff_id = (select id from staff where email = ${me.email})`);
    const idle = await inject('GET', '/admin-api/session', me);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe(BACKOFFICE_MESSAGES.signedOut);

    const other = await signedInStaff(t.app, 'orders');
    expect((await inject('POST', '/admin-api/sign-out', other, {}, false)).statusCode).toBe(403); // no CSRF token
    expect((await inject('POST', '/admin-api/sign-out', other, {})).statusCode).toBe(200);
    expect((await inject('GET', '/admin-api/session', other)).statusCode).toBe(401);
    const [row] = await t.db.select().from(staffSessions).where(eq(staffSessions.csrfToken, other.csrfToken));
    expect(row!.endedAt).not.toBeNull();
  });

  it('a disabled account is signed out at once', async () => {
    const me = await signedInStaff(t.app, 'orders');
    const res = await inject('POST', '/admin-api/staff/disable', owner, { email: me.email });
    expect(res.statusCode).toBe(200);
    expect((await inject('GET', '/admin-api/session', me)).statusCode).toBe(401);
  });

  it('limits wrong sign-ins per account and client, without locking the owner out elsewhere', async () => {
    const me = await signedInStaff(t.app, 'orders');
    const attacker = '10.250.0.1';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/admin-api/sign-in', remoteAddress: attacker, payload: { email: me.email, password: 'Wrong1234', code: '000000' } });
      expect(res.statusCode).toBe(401);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/admin-api/sign-in', remoteAddress: attacker, payload: { email: me.email, password: STAFF_PASSWORD, code: await codeAt(me.secret, 2) } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await laterCodes(me.email);
    const owner2 = await t.app.inject({ method: 'POST', url: '/admin-api/sign-in', remoteAddress: '10.250.0.2', payload: { email: me.email, password: STAFF_PASSWORD, code: await codeAt(me.secret, 1) } });
    expect(owner2.statusCode).toBe(200);
  });
});

describe('roles, on every route', () => {
  const routes: Array<{ method: 'GET' | 'POST'; url: () => string; body?: () => unknown; allowed: string[] }> = [
    { method: 'GET', url: () => '/admin-api/session', allowed: ['owner', 'orders', 'catalogue', 'content'] },
    { method: 'GET', url: () => '/admin-api/dashboard', allowed: ['owner', 'orders', 'catalogue', 'content'] },
    { method: 'GET', url: () => '/admin-api/orders', allowed: ['owner', 'orders'] },
    { method: 'GET', url: () => `/admin-api/orders/${orderId}`, allowed: ['owner', 'orders'] },
    { method: 'POST', url: () => `/admin-api/orders/${orderId}/comment`, body: () => ({ requestKey: key(), body: 'Checked stock.', notifyCustomer: false }), allowed: ['owner', 'orders'] },
    { method: 'POST', url: () => `/admin-api/orders/${orderId}/ship`, body: () => ({ requestKey: key(), carrier: 'DPD', trackingNumber: 'TRK1', lines: [{ lineId: firstLine, qty: 1 }] }), allowed: ['owner', 'orders'] },
    { method: 'POST', url: () => `/admin-api/orders/${orderId}/cancel`, body: () => ({ requestKey: key() }), allowed: ['owner', 'orders'] },
    { method: 'POST', url: () => `/admin-api/orders/${orderId}/refund`, body: () => ({ requestKey: key(), amountPence: 100 }), allowed: ['owner', 'orders'] },
    { method: 'GET', url: () => '/admin-api/customers', allowed: ['owner', 'orders'] },
    { method: 'GET', url: () => `/admin-api/customers/${customerId}`, allowed: ['owner', 'orders'] },
    { method: 'POST', url: () => `/admin-api/customers/${customerId}/reset-link`, body: () => ({ requestKey: key() }), allowed: ['owner', 'orders'] },
    { method: 'POST', url: () => `/admin-api/customers/${customerId}/disable`, body: () => ({ requestKey: key() }), allowed: ['owner', 'orders'] },
    { method: 'POST', url: () => `/admin-api/customers/${customerId}/enable`, body: () => ({ requestKey: key() }), allowed: ['owner', 'orders'] },
    { method: 'GET', url: () => '/admin-api/messages', allowed: ['owner', 'orders'] },
    { method: 'POST', url: () => `/admin-api/messages/${messageId}/handled`, body: () => ({ requestKey: key(), handled: true }), allowed: ['owner', 'orders'] },
    { method: 'POST', url: () => `/admin-api/messages/${messageId}/reply`, body: () => ({ requestKey: key(), body: 'Thank you.' }), allowed: ['owner', 'orders'] },
    { method: 'GET', url: () => '/admin-api/staff', allowed: ['owner'] },
    { method: 'POST', url: () => '/admin-api/staff', body: () => ({ email: staffEmail('new'), role: 'content' }), allowed: ['owner'] },
    { method: 'POST', url: () => '/admin-api/staff/disable', body: () => ({ email: 'nobody@northgate.example' }), allowed: ['owner'] },
    { method: 'GET', url: () => '/admin-api/activity', allowed: ['owner'] },
  ];
  let orderId = 0;
  let firstLine = 0;
  let customerId = 0;
  let messageId = 0;
  beforeAll(async () => {
    customerId = (await createCustomer(t.db)).id;
    messageId = await contactMessage();
    const { order } = await paidOrder();
    orderId = order.id;
    const detail = await t.app.services.backoffice.orderAdmin.detail(orderId);
    firstLine = detail.lines[0]!.id;
  });

  it.each(routes.map((r) => [r.method, r.url.toString().match(/'([^']+)'|`([^`]+)`/)?.slice(1).find(Boolean) ?? '', r] as const))('%s %s', async (_m, _u, route) => {
    const who = { owner, orders: ordersStaff, catalogue, content };
    expect((await inject(route.method, route.url(), undefined, route.body?.())).statusCode).toBe(401);
    for (const [role, member] of Object.entries(who)) {
      const res = await inject(route.method, route.url(), member, route.body?.());
      if (route.allowed.includes(role)) {
        // Allowed: anything but 401/403 (the cancel after a shipment is a 409, the refund of this unpaid order a 409, the unknown email a 404).
        expect([401, 403]).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(BACKOFFICE_MESSAGES.noPermission);
      }
      if (route.method === 'POST' && route.allowed.includes(role)) {
        const noCsrf = await inject(route.method, route.url(), member, route.body?.(), false);
        expect(noCsrf.statusCode).toBe(403);
        expect(noCsrf.json().message).toBe(BACKOFFICE_MESSAGES.csrf);
        const wrongCsrf = await t.app.inject({ method: 'POST', url: route.url(), headers: { cookie: member.cookie, 'x-csrf-token': owner.csrfToken === member.csrfToken ? 'x' : owner.csrfToken }, payload: route.body?.() as object });
        expect(wrongCsrf.statusCode).toBe(403);
      }
    }
  });
});

describe('orders', () => {
  it('lists newest first, searches by number, email, name and postcode, filters by status and payment', async () => {
    const first = await paidOrder({ lastname: 'Featherstonehaugh' });
    const second = await paidOrder({ shippingAddress: { ...address, postcode: 'YO1 7HH' } });
    const list = async (query: string) => adminOrdersAnswerSchema.parse((await inject('GET', `/admin-api/orders?${query}`, ordersStaff)).json());
    const all = await list('pageSize=2');
    expect(all.items.map((o) => o.id)).toEqual([second.order.id, first.order.id]);
    // Each row's own shipping postcode and payment state (the subqueries name the outer order).
    expect(all.items.map((o) => [o.postcode, o.payment_state])).toEqual([
      ['YO1 7HH', 'unpaid'],
      ['LS11 5PS', 'unpaid'],
    ]);
    expect(all.totalCount).toBeGreaterThanOrEqual(2);
    expect((await list(`q=${first.order.number}`)).items.map((o) => o.id)).toEqual([first.order.id]);
    expect((await list(`q=${encodeURIComponent(second.order.email.toUpperCase())}`)).items.map((o) => o.id)).toEqual([second.order.id]);
    expect((await list('q=featherstone')).items.map((o) => o.id)).toEqual([first.order.id]);
    expect((await list('q=yo17hh')).items.map((o) => o.id)).toEqual([second.order.id]);
    expect((await list('status=cancelled&q=featherstone')).items).toEqual([]);
    expect((await list('payment=unpaid&q=featherstone')).items.map((o) => o.id)).toEqual([first.order.id]);
    expect((await list('payment=paid&q=featherstone')).items).toEqual([]);
    const bad = await inject('GET', '/admin-api/orders?status=lost', ordersStaff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('status');
    expect((await inject('GET', '/admin-api/orders?from=yesterday', ordersStaff)).json().field).toBe('from');
    expect((await inject('GET', '/admin-api/orders/999999999', ordersStaff)).statusCode).toBe(404);
  });

  it('ships in parcels (once per request key), mails the tracking number, completes the order, and the customer sees it', async () => {
    const customer = await createCustomer(t.db);
    const { order } = await paidOrder({ customerId: customer.id, customerGroupId: 1, email: customer.email });
    const detail = adminOrderDetailSchema.parse((await inject('GET', `/admin-api/orders/${order.id}`, ordersStaff)).json());
    const [l1, l2] = detail.lines;
    const requestKey = key();
    const body = { requestKey, carrier: 'DPD', trackingNumber: '15501234567890', lines: [{ lineId: l1!.id, qty: 1 }] };
    const [a, b] = await Promise.all([inject('POST', `/admin-api/orders/${order.id}/ship`, ordersStaff, body), inject('POST', `/admin-api/orders/${order.id}/ship`, ordersStaff, body)]);
    expect([a.json().done, b.json().done].sort()).toEqual([false, true]);
    const after = adminOrderDetailSchema.parse(b.json().order);
    expect(after.shipments).toHaveLength(1);
    expect(after.status).toBe('processing');
    expect(after.lines[0]!.qty_shipped).toBe(1);

    const over = await inject('POST', `/admin-api/orders/${order.id}/ship`, ordersStaff, { ...body, requestKey: key(), lines: [{ lineId: l1!.id, qty: 2 }] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/Only 1 of .* is left to ship/);
    const foreign = await inject('POST', `/admin-api/orders/${order.id}/ship`, ordersStaff, { ...body, requestKey: key(), lines: [{ lineId: 999999, qty: 1 }] });
    expect(foreign.statusCode).toBe(400);
    const noTracking = await inject('POST', `/admin-api/orders/${order.id}/ship`, ordersStaff, { ...body, requestKey: key(), trackingNumber: '' });
    expect(noTracking.json().field).toBe('trackingNumber');

    const rest = await inject('POST', `/admin-api/orders/${order.id}/ship`, ordersStaff, {
      requestKey: key(),
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456785GB',
      lines: [{ lineId: l1!.id, qty: 1 }, { lineId: l2!.id, qty: 1 }],
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().order.status).toBe('complete');
    expect(rest.json().order.can_ship).toBe(false);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email)).orderBy(mailOutbox.id);
    const shipped = mails.filter((m) => m.template === 'order_shipped');
    expect(shipped).toHaveLength(2);
    expect(shipped[0]!.subject).toBe(`Your order ${order.number} is on its way`);
    expect(shipped[0]!.textBody).toContain('15501234567890');
    expect(shipped[1]!.textBody).toContain('This completes your order.');

    // The customer's own order page.
    const mine = customerOrderSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/customer/order/${order.id}`, headers: { authorization: `Bearer ${customer.token}` } })).json(),
    );
    expect(mine.data.status).toBe('complete');
    expect(mine.data.shipments.map((s) => s.tracking_number)).toEqual(['15501234567890', 'RM123456785GB']);
    expect(mine.data.shipments[1]!.items).toHaveLength(2);
    // And My Orders: both parcels' tracking numbers under the order's status.
    const listed = ordersListAnswerSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/api/orders/list', headers: { authorization: `Bearer ${customer.token}` }, payload: {} })).json(),
    );
    expect(listed.data.items.find((o) => o.entity_id === order.id)!.tracking).toEqual([
      { carrier: 'DPD', tracking_number: '15501234567890' },
      { carrier: expect.any(String), tracking_number: 'RM123456785GB' },
    ]);

    // And the activity log: who shipped what.
    const log = (await inject('GET', `/admin-api/activity?targetType=order&targetId=${order.number}`, owner)).json();
    expect(log.items.map((e: { action: string }) => e.action)).toEqual(['order.ship', 'order.ship']);
    expect(log.items[1]).toMatchObject({ staff_email: ordersStaff.email, before: { status: 'processing' }, after: { status: 'processing' } });
    expect(log.items[0].after).toMatchObject({ status: 'complete', shipment: { carrier: 'Royal Mail', trackingNumber: 'RM123456785GB' } });
  });

  it('comments internally or to the customer (mailed, and shown in their order)', async () => {
    const customer = await createCustomer(t.db);
    const { order } = await paidOrder({ customerId: customer.id, customerGroupId: 1, email: customer.email });
    await inject('POST', `/admin-api/orders/${order.id}/comment`, ordersStaff, { requestKey: key(), body: 'Customer rang; fragile.', notifyCustomer: false });
    const sent = await inject('POST', `/admin-api/orders/${order.id}/comment`, ordersStaff, { requestKey: key(), body: 'Your membrane ships on Monday.', notifyCustomer: true });
    expect(sent.statusCode).toBe(200);
    const history = adminOrderDetailSchema.parse(sent.json().order).history.filter((h) => h.kind === 'comment');
    expect(history.map((h) => [h.comment, h.visible_to_customer, h.by])).toEqual([
      ['Customer rang; fragile.', false, ordersStaff.email],
      ['Your membrane ships on Monday.', true, ordersStaff.email],
    ]);
    const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email))).filter((m) => m.template === 'order_comment');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Your membrane ships on Monday.');
    const mine = customerOrderSchema.parse((await t.app.inject({ method: 'GET', url: `/api/customer/order/${order.id}`, headers: { authorization: `Bearer ${customer.token}` } })).json());
    expect(mine.data.comments.map((c) => c.comment)).toEqual(['Your membrane ships on Monday.']);
    expect((await inject('POST', `/admin-api/orders/${order.id}/comment`, ordersStaff, { requestKey: key(), body: '  ', notifyCustomer: false })).json().field).toBe('body');
  });

  it('a double click whose twin finished between its first look and its check answers as the twin did, not 409', async () => {
    const { order } = await paidOrder();
    const body = { requestKey: key(), reason: 'Out of stock at the supplier.' };
    expect((await inject('POST', `/admin-api/orders/${order.id}/cancel`, ordersStaff, body)).json().done).toBe(true);
    // The second click's first look ran before the first click committed.
    const spy = jest.spyOn(t.app.services.backoffice.activity, 'alreadyDone').mockResolvedValueOnce(false);
    const twin = await inject('POST', `/admin-api/orders/${order.id}/cancel`, ordersStaff, body).finally(() => spy.mockRestore());
    expect(twin.statusCode).toBe(200);
    expect(twin.json()).toMatchObject({ done: false, order: { status: 'cancelled' } });
  });

  it('cancels an unshipped order: stock back, mail, once; a shipped or paid order is refused honestly', async () => {
    const { order, a, b } = await paidOrder();
    const before = [await stockOf(t.db, a.id), await stockOf(t.db, b.id)];
    const body = { requestKey: key(), reason: 'Out of stock at the supplier.' };
    const [x, y] = await Promise.all([inject('POST', `/admin-api/orders/${order.id}/cancel`, ordersStaff, body), inject('POST', `/admin-api/orders/${order.id}/cancel`, ordersStaff, body)]);
    expect([x.json().done, y.json().done].sort()).toEqual([false, true]);
    expect(y.json().order.status).toBe('cancelled');
    expect([await stockOf(t.db, a.id), await stockOf(t.db, b.id)]).toEqual([before[0]! + 2, before[1]! + 1]);
    const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, order.email))).filter((m) => m.template === 'order_cancelled');
    expect(mails).toHaveLength(1);
    const again = await inject('POST', `/admin-api/orders/${order.id}/cancel`, ordersStaff, { requestKey: key() });
    expect(again.statusCode).toBe(409);

    const shipped = await paidOrder();
    const line = (await t.app.services.backoffice.orderAdmin.detail(shipped.order.id)).lines[0]!;
    await inject('POST', `/admin-api/orders/${shipped.order.id}/ship`, ordersStaff, { requestKey: key(), carrier: 'DPD', trackingNumber: 'ABC123', lines: [{ lineId: line.id, qty: 1 }] });
    const refused = await inject('POST', `/admin-api/orders/${shipped.order.id}/cancel`, ordersStaff, { requestKey: key() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Part of this order has shipped, so it cannot be cancelled.');

    const pending = await paidOrder({ status: 'pending' });
    expect((await inject('POST', `/admin-api/orders/${pending.order.id}/ship`, ordersStaff, { requestKey: key(), carrier: 'DPD', trackingNumber: 'ABC123', lines: [{ lineId: 1, qty: 1 }] })).statusCode).toBe(409);
  });
});

describe('customers', () => {
  it('finds a customer, shows their orders and addresses, sends a reset link, disables and enables sign-in', async () => {
    const account = await registerCustomer(t.app, { lastname: 'Oakenshott' });
    const token = await login(t.app, account.email);
    const found = (await inject('GET', '/admin-api/customers?q=oakensh', ordersStaff)).json();
    expect(found.items.map((c: { email: string }) => c.email)).toEqual([account.email]);
    const id = found.items[0].id as number;
    const detail = (await inject('GET', `/admin-api/customers/${id}`, ordersStaff)).json();
    expect(detail).toMatchObject({ email: account.email, disabled: false, orders: 0, addresses: [], recent_orders: [] });
    // Their own orders are counted, no one else's: two orders of theirs among others.
    for (let i = 0; i < 2; i++) await paidOrder({ customerId: id, email: account.email });
    await paidOrder();
    const counted = (await inject('GET', `/admin-api/customers/${id}`, ordersStaff)).json();
    expect(counted.orders).toBe(2);
    expect((await inject('GET', '/admin-api/customers?q=oakensh', ordersStaff)).json().items[0].orders).toBe(2);
    expect((await inject('GET', '/admin-api/customers/999999999', ordersStaff)).statusCode).toBe(404);

    const resetKey = key();
    await inject('POST', `/admin-api/customers/${id}/reset-link`, ordersStaff, { requestKey: resetKey });
    expect((await inject('POST', `/admin-api/customers/${id}/reset-link`, ordersStaff, { requestKey: resetKey })).json().done).toBe(false);
    const resets = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email))).filter((m) => m.template === 'password_reset');
    expect(resets).toHaveLength(1);

    const disabled = await inject('POST', `/admin-api/customers/${id}/disable`, ordersStaff, { requestKey: key() });
    expect(disabled.json().customer.disabled).toBe(true);
    // Their session ended and they cannot sign in again.
    expect((await t.app.inject({ method: 'POST', url: '/api/me', remoteAddress: nextIp(), payload: { customerToken: token } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextIp(), payload: { username: account.email, password: PASSWORD } })).statusCode).toBe(401);
    await inject('POST', `/admin-api/customers/${id}/enable`, ordersStaff, { requestKey: key() });
    expect((await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: nextIp(), payload: { username: account.email, password: PASSWORD } })).statusCode).toBe(200);
    const log = (await inject('GET', `/admin-api/activity?targetType=customer&targetId=${id}`, owner)).json();
    expect(log.items.map((e: { action: string }) => e.action)).toEqual(['customer.enable', 'customer.disable', 'customer.reset_link']);
  });
});

describe('contact messages', () => {
  it('lists open messages, replies by mail (then handled), reopens', async () => {
    const id = await contactMessage('Is the 20m roll in stock?');
    const open = (await inject('GET', '/admin-api/messages?state=open&pageSize=100', ordersStaff)).json();
    const mine = open.items.find((m: { id: number }) => m.id === id);
    expect(mine).toMatchObject({ name: 'Sam Builder', message: 'Is the 20m roll in stock?', handled_at: null, replies: [] });
    const replied = await inject('POST', `/admin-api/messages/${id}/reply`, ordersStaff, { requestKey: key(), body: 'Yes, 40 rolls in stock.' });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().message).toMatchObject({ handled_by: ordersStaff.email, replies: [{ by: ordersStaff.email, body: 'Yes, 40 rolls in stock.' }] });
    const mails = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, mine.email))).filter((m) => m.template === 'contact_reply');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Yes, 40 rolls in stock.');
    expect(mails[0]!.textBody).toContain('> Is the 20m roll in stock?');
    expect((await inject('GET', '/admin-api/messages?state=open&pageSize=100', ordersStaff)).json().items.some((m: { id: number }) => m.id === id)).toBe(false);
    const reopened = await inject('POST', `/admin-api/messages/${id}/handled`, ordersStaff, { requestKey: key(), handled: false });
    expect(reopened.json().message.handled_at).toBeNull();
    expect((await inject('POST', `/admin-api/messages/${id}/reply`, ordersStaff, { requestKey: key(), body: '' })).json().field).toBe('body');
    expect((await inject('GET', '/admin-api/messages?state=lost', ordersStaff)).json().field).toBe('state');
  });
});

describe('dashboard', () => {
  it("counts today's paid orders, 30 days by day, and orders waiting to ship", async () => {
    const res = await inject('GET', '/admin-api/dashboard', content);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.last30).toHaveLength(30);
    expect(body.today.orders).toBeGreaterThan(0);
    expect(body.last30[29].orders).toBe(body.today.orders);
    expect(body.waitingToShip).toBeGreaterThan(0);
  });
});

describe('activity log', () => {
  it('is append-only in the database itself', async () => {
    const reason = (p: Promise<unknown>) => p.then(() => 'changed', (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message));
    expect(await reason(t.db.execute(sql`update staff_activity set action = 'x'`))).toMatch(/append-only/);
    expect(await reason(t.db.delete(staffActivity))).toMatch(/append-only/);
  });

  it('the owner filters it by staff member and action', async () => {
    const res = await inject('GET', `/admin-api/activity?staff=${encodeURIComponent(ordersStaff.email)}&action=order.ship`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.json().items.every((e: { staff_email: string; action: string }) => e.staff_email === ordersStaff.email && e.action === 'order.ship')).toBe(true);
  });
});

describe('npm run staff, through the running API', () => {
  it('answers only from this machine with the token of DATA_DIR/staff-cli.json', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const file = readCliFile(t.config.dataDir);
    if (dbKind(t.db) === 'postgres') {
      // On PostgreSQL the command works on the database itself: no file, and the routes know no token.
      expect(file).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/staff-cli/list', remoteAddress: '127.0.0.1', headers: { 'x-staff-cli-token': 'guess' } })).statusCode).toBe(404);
      return;
    }
    expect(file).not.toBeNull();
    const noToken = await fetch(`${file!.url}/staff-cli/list`);
    expect(noToken.status).toBe(404);
    const email = staffEmail('cli');
    const added = await fetch(`${file!.url}/staff-cli/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-staff-cli-token': file!.token },
      body: JSON.stringify({ email, role: 'catalogue' }),
    });
    expect(added.status).toBe(200);
    expect(((await added.json()) as { link: string }).link).toMatch(/\/setup#/);
    // Loopback only: the same token from another address (through a proxy) is refused.
    const remote = await t.app.inject({ method: 'GET', url: '/staff-cli/list', remoteAddress: '10.1.2.3', headers: { 'x-staff-cli-token': file!.token } });
    expect(remote.statusCode).toBe(404);
    // A path that climbs out of /api (as a proxy forwarding /api/* would send it) is not resolved.
    for (const climb of ['/api/../admin-api/session', '/api/%2e%2e/admin-api/session', '/api/../staff-cli/list']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${file!.url}${climb}`, { path: climb, headers: { cookie: owner.cookie, 'x-staff-cli-token': file!.token } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect([climb, status]).toEqual([climb, 404]);
    }
    const list = await fetch(`${file!.url}/staff-cli/list`, { headers: { 'x-staff-cli-token': file!.token } });
    expect(((await list.json()) as { items: Array<{ email: string }> }).items.find((m: { email: string }) => m.email === email)).toMatchObject({ role: 'catalogue', status: 'invited' });
  });
});
