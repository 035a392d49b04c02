/**
 * Fixtures for the basket, checkout and payment tests (not a test file): catalogue products made
 * directly in the database (every name unique, so the tests of a file share one database), and
 * customers with a login token (no password hashing: fast).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../app';
import { sha256Hex } from '../auth/crypto';
import {
  productConfigurableLinks,
  productConfigurableOptions,
  productLinks,
  productOptions,
  productOptionValues,
  products,
  productStock,
  productTierPrices,
} from '../catalog/schema';
import { customers, customerTokens } from '../customer/schema';
import type { Db } from '../db/client';
import { productShipping } from './schema';

let counter = 0;
/** A sku no other test uses. */
export const uniqueSku = (prefix = 'T') => `${prefix}-${process.pid}-${++counter}-${randomBytes(2).toString('hex')}`;

export interface ProductFixture {
  sku?: string;
  name?: string;
  typeId?: 'simple' | 'configurable' | 'grouped';
  pricePence?: number;
  specialPricePence?: number | null;
  status?: number;
  websiteIds?: number[];
  visibility?: number;
  /** Units in stock; null: no stock row. */
  stock?: number | null;
  inStock?: boolean;
  weightGrams?: number | null;
  palletOnly?: boolean;
  image?: string | null;
  tiers?: Array<{ customerGroupId: number; qty: number; valuePence: number }>;
  options?: Array<{
    title: string;
    type?: 'drop_down' | 'radio' | 'checkbox' | 'field';
    isRequire?: boolean;
    values: Array<{ title: string; sku?: string | null; pricePence?: number }>;
  }>;
}

export interface CreatedProduct {
  id: number;
  sku: string;
  name: string;
  options: Array<{ id: number; title: string; values: Array<{ id: number; title: string }> }>;
}

export async function createProduct(db: Db, f: ProductFixture = {}): Promise<CreatedProduct> {
  const sku = f.sku ?? uniqueSku();
  const name = f.name ?? `Test membrane ${sku}`;
  const [row] = await db
    .insert(products)
    .values({
      sku,
      name,
      typeId: f.typeId ?? 'simple',
      status: f.status ?? 1,
      visibility: f.visibility ?? 4,
      websiteIds: f.websiteIds ?? [1, 2],
      pricePence: f.pricePence ?? 1000,
      specialPricePence: f.specialPricePence ?? null,
      urlKey: sku.toLowerCase(),
      image: f.image ?? `/media/catalog/product/${sku.toLowerCase()}.svg`,
      weightGrams: f.weightGrams === undefined ? 2000 : f.weightGrams,
      attrs: {},
    })
    .returning({ id: products.id });
  const id = row!.id;
  if (f.stock !== null) await db.insert(productStock).values({ productId: id, qty: f.stock ?? 100, isInStock: f.inStock ?? true });
  if (f.palletOnly) await db.insert(productShipping).values({ productId: id, palletOnly: true });
  if (f.tiers?.length) await db.insert(productTierPrices).values(f.tiers.map((t) => ({ productId: id, ...t })));
  const options: CreatedProduct['options'] = [];
  for (const [i, o] of (f.options ?? []).entries()) {
    const [opt] = await db
      .insert(productOptions)
      .values({ productId: id, title: o.title, type: o.type ?? 'drop_down', isRequire: o.isRequire ?? false, sortOrder: i })
      .returning({ id: productOptions.id });
    const values = o.values.length
      ? await db
          .insert(productOptionValues)
          .values(o.values.map((v, j) => ({ optionId: opt!.id, title: v.title, sku: v.sku ?? null, pricePence: v.pricePence ?? 0, sortOrder: j })))
          .returning({ id: productOptionValues.id, title: productOptionValues.title })
      : [];
    options.push({ id: opt!.id, title: o.title, values });
  }
  return { id, sku, name, options };
}

/** A configurable product varying by one attribute (e.g. roll length), with a child per value. */
export async function createConfigurable(
  db: Db,
  f: {
    attributeId?: number;
    label?: string;
    children: Array<{ suffix: string; valueIndex: number; valueLabel: string; pricePence: number; stock?: number; status?: number }>;
    parent?: ProductFixture;
  },
) {
  const parent = await createProduct(db, { typeId: 'configurable', pricePence: 0, stock: 0, ...f.parent });
  const attributeId = f.attributeId ?? 93;
  await db.insert(productConfigurableOptions).values({
    productId: parent.id,
    attributeId,
    attributeCode: 'roll_length',
    label: f.label ?? 'Roll length',
    values: f.children.map((c) => ({ value_index: c.valueIndex, label: c.valueLabel })),
  });
  const children: CreatedProduct[] = [];
  for (const [i, c] of f.children.entries()) {
    const child = await createProduct(db, {
      sku: `${parent.sku}-${c.suffix}`,
      name: `${parent.name} ${c.valueLabel}`,
      pricePence: c.pricePence,
      stock: c.stock ?? 50,
      status: c.status ?? 1,
      visibility: 1,
    });
    await db.insert(productConfigurableLinks).values({ parentId: parent.id, childId: child.id, optionValues: { [String(attributeId)]: c.valueIndex }, position: i });
    children.push(child);
  }
  return { parent, children, attributeId };
}

export async function createGrouped(db: Db, items: CreatedProduct[], f: ProductFixture = {}) {
  const group = await createProduct(db, { typeId: 'grouped', pricePence: 0, stock: 0, ...f });
  await db.insert(productLinks).values(items.map((item, i) => ({ productId: group.id, linkType: 'associated', linkedProductId: item.id, position: i, qty: 1 })));
  return group;
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const [row] = await db.select({ qty: productStock.qty }).from(productStock).where(eq(productStock.productId, productId));
  return row?.qty ?? 0;
}

export async function setStock(db: Db, productId: number, qty: number) {
  await db.update(productStock).set({ qty }).where(eq(productStock.productId, productId));
}

/** A customer of a group with a live login token. */
export async function createCustomer(db: Db, groupId = 1) {
  const email = `${uniqueSku('buyer').toLowerCase()}@example.co.uk`;
  const [row] = await db
    .insert(customers)
    .values({ email, firstname: 'Sam', lastname: 'Builder', passwordHash: 'scrypt$test', groupId })
    .returning({ id: customers.id });
  const token = randomBytes(32).toString('base64url');
  const day = 24 * 3600_000;
  const [t] = await db
    .insert(customerTokens)
    .values({
      customerId: row!.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + day),
      maxExpiresAt: new Date(Date.now() + 30 * day),
    })
    .returning({ id: customerTokens.id });
  return { id: row!.id, email, token, tokenId: t!.id };
}

export async function revokeToken(db: Db, tokenId: number) {
  await db.update(customerTokens).set({ revokedAt: new Date() }).where(eq(customerTokens.id, tokenId));
}

export async function expireToken(db: Db, tokenId: number) {
  await db.update(customerTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(customerTokens.id, tokenId));
}

/** A valid GB checkout address. */
export const GB_ADDRESS = {
  firstname: 'Sam',
  lastname: 'Builder',
  company: 'Builder & Sons Ltd',
  telephone: '01632 960 123',
  street: ['Unit 7, Calder Trade Park', 'Denby Dale Road'],
  city: 'Wakefield',
  postcode: 'WF2 7AZ',
  country_id: 'GB',
  region_id: 5002,
  email: 'sam.builder@example.co.uk',
};

let clients = 0;
/** A call from a fresh client address unless one is given, so per-client limits of one test do not leak into the next. */
export async function post(app: App, url: string, body?: unknown, options: Partial<InjectOptions> = {}) {
  clients++;
  const remoteAddress = `10.77.${(clients >> 8) & 255}.${clients & 255}`;
  return app.inject({ method: 'POST', url, remoteAddress, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }), ...options });
}

/** A guest basket with lines, ready for checkout (address and delivery saved). */
export async function guestCartReady(app: App, lines: Array<{ sku: string; qty: number; productOptions?: unknown }>, address = GB_ADDRESS) {
  const created = await post(app, '/api/cart/guest/create');
  const cartId = (created.json() as { cartId: string }).cartId;
  for (const line of lines) {
    const res = await post(app, '/api/cart/add', { cartId, productSku: line.sku, quantity: line.qty, productOptions: line.productOptions });
    if (res.statusCode !== 200) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  }
  const estimate = await post(app, '/api/cart/estimate-shipping-methods', { cartId, address: { country_id: address.country_id, postcode: address.postcode } });
  const methods = estimate.json() as Array<{ carrier_code: string; method_code: string }>;
  const method = methods[0]!;
  const saved = await post(app, '/api/cart/save-shipping-info', {
    cartId,
    address,
    shippingMethod: { carrierCode: method.carrier_code, methodCode: method.method_code },
    comment: null,
  });
  if (saved.statusCode !== 200) throw new Error(`save-shipping-info failed: ${saved.statusCode} ${saved.body}`);
  return cartId;
}

/** A payment method id of the test provider for a card number. */
export async function testPaymentMethod(app: App, number: string): Promise<string> {
  const res = await post(app, '/api/payment/test/payment-methods', { type: 'card', card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' } });
  if (res.statusCode !== 200) throw new Error(`payment method failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

export const confirmBody = (cartId: string, pm: string, extra: Record<string, unknown> = {}) => ({
  customerToken: null,
  cartId,
  payment: { method: 'stripe_payments', piPaymentMethodId: pm, paymentMethodType: 'card' },
  billingAddress: GB_ADDRESS,
  ...extra,
});
