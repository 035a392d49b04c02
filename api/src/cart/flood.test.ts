import { eq, sql } from 'drizzle-orm';
import { commerceFor } from '../test/app';
import { queryRows } from '../db/client';
import { vacuum } from '../db/maintenance';
import { useTestApp } from '../test/app';
import { carts } from './schema';
import { createProduct, post } from './test-fixtures';

/**
 * Bounded storage: one client cannot fill the database with guest baskets (a limit per client
 * address), empty guest baskets are swept within hours, and the database can be vacuumed.
 */

const t = useTestApp({ guestBasketsPerClient: 5 });

const create = (ip: string) => post(t.app, '/api/cart/guest/create', undefined, { remoteAddress: ip });

describe('guest baskets', () => {
  it('one client address may create a few per 10 minutes; then 429, other clients unaffected', async () => {
    for (let i = 0; i < 5; i++) expect((await create('192.0.2.10')).statusCode).toBe(200);
    const refused = await create('192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect((await create('192.0.2.11')).statusCode).toBe(200);
  });

  it('empty guest baskets are swept after a few hours; baskets with lines, and recent ones, stay', async () => {
    const p = await createProduct(t.db);
    const empty = (await create('192.0.2.20')).json().cartId as string;
    const recent = (await create('192.0.2.20')).json().cartId as string;
    const withLine = (await create('192.0.2.20')).json().cartId as string;
    expect((await post(t.app, '/api/cart/add', { cartId: withLine, productSku: p.sku, quantity: 1 })).statusCode).toBe(200);
    const hoursAgo = new Date(Date.now() - 4 * 3600_000);
    for (const id of [empty, withLine]) await t.db.update(carts).set({ updatedAt: hoursAgo }).where(eq(carts.id, id));

    const result = await commerceFor({ db: t.db, config: t.config }).checkout.sweep(30 * 60_000);
    expect(result.emptyPurged).toBeGreaterThanOrEqual(1);
    expect((await post(t.app, '/api/cart', { cartId: empty })).statusCode).toBe(404);
    expect((await post(t.app, '/api/cart', { cartId: recent })).statusCode).toBe(200);
    expect((await post(t.app, '/api/cart', { cartId: withLine })).json().items).toHaveLength(1);
  });

  it('a flood of empty baskets is swept in batches, and the database vacuums', async () => {
    await t.db.execute(sql`insert into carts (id, status, updated_at) select 'flood-' || g, 'active', now() - interval '5 hours' from generate_series(1, 2500) g`);
    const result = await commerceFor({ db: t.db, config: t.config }).checkout.sweep(30 * 60_000);
    expect(result.emptyPurged).toBeGreaterThanOrEqual(2500);
    const [left] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from carts where id like 'flood-%'`);
    expect(left!.n).toBe(0);
    await expect(vacuum(t.db)).resolves.toBeUndefined();
  });
});
