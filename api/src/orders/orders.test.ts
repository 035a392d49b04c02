import fs from 'node:fs';
import path from 'node:path';
import {
  orderDetailAnswerSchema,
  ordersListAnswerSchema,
  orderSuccessAnswerSchema,
  downloadableProductsAnswerSchema,
  ORDER_MESSAGES,
} from '@shop/shared/schemas';
import { bearer, get, post, signedIn, tempDataDir } from '../customer/test-helpers';
import { useTestApp } from '../test/app';
import { createOrdersStore, type NewOrder } from './store';

const dataDir = tempDataDir();
const t = useTestApp({ dataDir });

const shippingAddress = {
  firstname: 'Jane',
  lastname: 'Mason',
  company: 'Mason Damp Proofing Ltd',
  street: ['12 Canal Wharf', ''],
  city: 'Leeds',
  regionId: 5002,
  region: 'West Yorkshire',
  regionCode: 'WYK',
  postcode: 'LS11 5PS',
  countryId: 'GB',
  telephone: '0113 496 0000',
};

function order(customerId: number | null, over: Partial<NewOrder> = {}): NewOrder {
  return {
    customerId,
    customerGroupId: customerId ? 1 : 0,
    email: 'Jane.Mason@example.co.uk',
    firstname: 'Jane',
    lastname: 'Mason',
    lines: [
      { sku: 'HV-CM8-20', name: 'Cavity drain membrane 8mm, 20m²', qty: 2, unitPricePence: 8999, options: [{ label: 'Size', value: '20m²' }] },
      { sku: 'HV-PLUG-100', name: 'Sealing plugs (100)', qty: 1, unitPricePence: 1250 },
    ],
    shipping: { carrierCode: 'northgate', methodCode: 'standard', description: 'Standard delivery (1-3 working days)', amountPence: 995 },
    paymentMethod: 'stripe_payments',
    paymentReference: 'pi_test_123',
    shippingAddress,
    billingAddress: shippingAddress,
    ...over,
  };
}

async function place(customerId: number | null, over: Partial<NewOrder> = {}) {
  const store = createOrdersStore(t.db);
  return t.db.transaction((tx) => store.insertOrder(tx, order(customerId, over)));
}

describe('orders store: insertOrder (used by checkout)', () => {
  it('computes totals in pence (VAT per line and on shipping), numbers and an unguessable reference', async () => {
    const placed = await place(null);
    // 2 x 89.99 + 12.50 = 192.48; shipping 9.95; VAT 36.00 + 2.50 + 1.99 = 40.49
    expect(placed.grandTotalPence).toBe(19248 + 995 + 3600 + 250 + 199);
    expect(placed.number).toMatch(/^1\d{8}$/);
    expect(placed.reference).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const next = await place(null);
    expect(Number(next.number)).toBe(Number(placed.number) + 1);
  });

  it('refuses totals that do not add up, and a repeated idempotency key', async () => {
    await expect(
      place(null, { totals: { subtotalPence: 19248, shippingPence: 995, taxPence: 4049, grandTotalPence: 1 } }),
    ).rejects.toThrow(/grand total/);
    await expect(place(null, { lines: [] })).rejects.toThrow(/at least one line/);
    const store = createOrdersStore(t.db);
    const first = await place(null, { idempotencyKey: 'cart:abc:1', cartId: 'abc' });
    expect(await store.findByIdempotencyKey(t.db, 'cart:abc:1')).toMatchObject({ id: first.id, reference: first.reference });
    await expect(place(null, { idempotencyKey: 'cart:abc:1' })).rejects.toThrow();
    // Totals given by checkout are kept when consistent.
    const given = await place(null, { totals: { subtotalPence: 19248, shippingPence: 995, taxPence: 4050, grandTotalPence: 24293 } });
    expect(given.grandTotalPence).toBe(24293);
  });
});

describe('POST /api/orders/list', () => {
  it('lists only the customer’s orders, newest first, paged (default 1 and 10, at most 100)', async () => {
    const c = await signedIn(t.app);
    const other = await signedIn(t.app);
    for (let i = 0; i < 12; i++) await place(c.id);
    await place(other.id);
    const first = ordersListAnswerSchema.parse((await post(t.app, '/api/orders/list', { customerToken: c.token })).json());
    expect(first.data).toMatchObject({ totalCount: 12, page: 1, pageSize: 10 });
    expect(first.data.items).toHaveLength(10);
    expect(first.data.items[0]).toMatchObject({ status: 'pending', status_label: 'Pending', grand_total: 242.92, total_qty: 3, ship_to: 'Jane Mason', currency: 'GBP' });
    const ids = first.data.items.map((i) => i.entity_id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = ordersListAnswerSchema.parse((await post(t.app, '/api/orders/list', { customerToken: c.token, page: 2, pageSize: 10 })).json());
    expect(second.data.items).toHaveLength(2);
    expect((await post(t.app, '/api/orders/list', { customerToken: c.token, pageSize: 101 })).json().field).toBe('pageSize');
    expect((await post(t.app, '/api/orders/list', { customerToken: c.token, page: 0 })).statusCode).toBe(400);
    expect((await post(t.app, '/api/orders/list', { customerToken: c.token, pageSize: 100 })).json().data.items).toHaveLength(12);
    expect((await post(t.app, '/api/orders/list', {})).statusCode).toBe(401);
    const fresh = await signedIn(t.app);
    expect((await post(t.app, '/api/orders/list', { customerToken: fresh.token })).json().data).toMatchObject({ items: [], totalCount: 0 });
  });
});

describe('GET /api/customer/order/{id}', () => {
  it('answers the owner with entity_id, lines, addresses and history; 404 for anyone else', async () => {
    const c = await signedIn(t.app);
    const other = await signedIn(t.app);
    const placed = await place(c.id);
    const res = await get(t.app, `/api/customer/order/${placed.id}`, bearer(c.token));
    expect(res.statusCode).toBe(200);
    const { data } = orderDetailAnswerSchema.parse(res.json());
    expect(data).toMatchObject({
      entity_id: placed.id,
      increment_id: placed.number,
      customer_email: 'jane.mason@example.co.uk',
      subtotal: 192.48,
      shipping_amount: 9.95,
      tax_amount: 40.49,
      grand_total: 242.92,
      payment: { method: 'stripe_payments', title: 'Credit / debit card' },
      shipping_address: { street: ['12 Canal Wharf'], postcode: 'LS11 5PS' },
      status_history: [{ status: 'pending' }],
    });
    expect(data.items[0]).toMatchObject({ sku: 'HV-CM8-20', qty_ordered: 2, price: 89.99, price_incl_tax: 107.99, row_total: 179.98, tax_percent: 20 });
    const headers = { 'authorization-customer': `Bearer ${c.token}` };
    expect((await get(t.app, `/api/customer/order/${placed.id}`, { headers })).statusCode).toBe(200);

    const theirs = await get(t.app, `/api/customer/order/${placed.id}`, bearer(other.token));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(ORDER_MESSAGES.notFound);
    expect((await get(t.app, `/api/customer/order/${placed.id}`)).statusCode).toBe(401);
    expect((await get(t.app, '/api/customer/order/99999999', bearer(c.token))).statusCode).toBe(404);
    expect((await get(t.app, '/api/customer/order/abc', bearer(c.token))).statusCode).toBe(400);
    // A guest order is no customer's.
    const guest = await place(null);
    expect((await get(t.app, `/api/customer/order/${guest.id}`, bearer(c.token))).statusCode).toBe(404);
  });
});

describe('GET /api/order/{ref} (order success page)', () => {
  it('answers by reference with little personal data', async () => {
    const placed = await place(null);
    const res = await get(t.app, `/api/order/${placed.reference}`);
    expect(res.statusCode).toBe(200);
    const { data } = orderSuccessAnswerSchema.parse(res.json());
    expect(data).toMatchObject({
      reference: placed.reference,
      increment_id: placed.number,
      customer_firstname: 'Jane',
      email_masked: 'j***@example.co.uk',
      grand_total: 242.92,
      delivery: { city: 'Leeds', postcode_outward: 'LS11', country_id: 'GB' },
    });
    const text = res.body;
    for (const secret of ['Canal Wharf', '0113 496', 'Mason', 'LS11 5PS', 'pi_test_123', 'jane.mason@']) expect(text).not.toContain(secret);
    expect(text).not.toContain('"entity_id"');
    expect((await get(t.app, `/api/order/${'A'.repeat(32)}`)).statusCode).toBe(404);
    expect((await get(t.app, `/api/order/${placed.id}`)).statusCode).toBe(400);
  });
});

describe('downloadable products', () => {
  it('lists the owner’s links (empty for a new customer) and streams the file only to its owner', async () => {
    const c = await signedIn(t.app);
    const other = await signedIn(t.app);
    expect((await post(t.app, '/api/customer/downloadable-products', { customerToken: other.token })).json().data).toEqual({ items: [], totalCount: 0 });

    fs.mkdirSync(path.join(dataDir, 'downloads', 'guides'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'downloads', 'guides', 'install.pdf'), '%PDF-1.4 installation guide');
    const store = createOrdersStore(t.db);
    const paid = await place(c.id, { status: 'processing' });
    const unpaid = await place(c.id);
    const linkId = await store.addDownloadableLink(t.db, {
      orderId: paid.id,
      customerId: c.id,
      title: 'Installation guide',
      filePath: 'guides/install.pdf',
      fileName: 'install.pdf',
      contentType: 'application/pdf',
      maxDownloads: 2,
    });
    await store.addDownloadableLink(t.db, { orderId: unpaid.id, customerId: c.id, title: 'Pending guide', filePath: 'guides/install.pdf', fileName: 'install.pdf' });
    const escape = await store.addDownloadableLink(t.db, { orderId: paid.id, customerId: c.id, title: 'Escape', filePath: '../../etc/passwd', fileName: 'passwd' });

    const list = downloadableProductsAnswerSchema.parse((await post(t.app, '/api/customer/downloadable-products', { customerToken: c.token })).json());
    const link = list.data.items.find((i) => i.id === linkId)!;
    expect(link).toMatchObject({ title: 'Installation guide', status: 'available', downloads_remaining: 2, order_increment_id: paid.number });
    expect(list.data.items.find((i) => i.title === 'Pending guide')).toMatchObject({ status: 'pending', url: null });

    // Signed link (no header needed), then the bearer header; then used up.
    const signed = await get(t.app, link.url!);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('application/pdf');
    expect(signed.headers['content-disposition']).toBe('attachment; filename="install.pdf"');
    expect(signed.body).toBe('%PDF-1.4 installation guide');

    expect((await get(t.app, `/api/customer/downloads/${linkId}`, bearer(other.token))).statusCode).toBe(404);
    expect((await get(t.app, `/api/customer/downloads/${linkId}`)).statusCode).toBe(404);
    const forged = link.url!.replace(`/downloads/${linkId}?`, `/downloads/${escape}?`);
    expect((await get(t.app, forged)).statusCode).toBe(404);
    expect((await get(t.app, `/api/customer/downloads/${escape}`, bearer(c.token))).statusCode).toBe(404);

    expect((await get(t.app, `/api/customer/downloads/${linkId}`, bearer(c.token))).statusCode).toBe(200);
    expect((await get(t.app, `/api/customer/downloads/${linkId}`, bearer(c.token))).statusCode).toBe(404);
  });
});
