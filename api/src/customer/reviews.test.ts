import { eq } from 'drizzle-orm';
import { addReviewAnswerSchema, customerReviewsAnswerSchema } from '@shop/shared/schemas';
import { products } from '../catalog/schema';
import { createOrdersStore } from '../orders/store';
import { productReviews } from '../reviews/schema';
import { useTestApp } from '../test/app';
import { post, signedIn } from './test-helpers';

const t = useTestApp();

let n = 0;
async function product(over: Partial<typeof products.$inferInsert> = {}) {
  n++;
  const [row] = await t.db
    .insert(products)
    .values({ sku: `TST-REV-${process.pid}-${n}`, name: `Test membrane ${n}`, pricePence: 4999, urlKey: `test-membrane-${process.pid}-${n}`, ...over })
    .returning();
  return row!;
}

const review = { title: 'Kept the cellar dry', detail: 'Easy to fit with the plugs; no damp since.', rating: 5 };

describe('My Product Reviews', () => {
  it('is empty for a new customer and needs a token', async () => {
    const c = await signedIn(t.app);
    expect((await post(t.app, '/api/customer/reviews', { customerToken: c.token })).json()).toEqual({
      status: 'success',
      data: { items: [], totalCount: 0 },
    });
    expect((await post(t.app, '/api/customer/reviews', {})).statusCode).toBe(401);
    expect((await post(t.app, '/api/customer/reviews/add', { sku: 'x', ...review })).statusCode).toBe(401);
  });

  it('submits a review of an enabled product (pending until approved), once per product, and lists only the customer’s own', async () => {
    const c = await signedIn(t.app);
    const other = await signedIn(t.app);
    const p = await product();
    const res = await post(t.app, '/api/customer/reviews/add', { customerToken: c.token, sku: p.sku, ...review });
    expect(res.statusCode).toBe(200);
    const added = addReviewAnswerSchema.parse(res.json()).data.review;
    expect(added).toMatchObject({ product_sku: p.sku, nickname: 'Jane', rating: 5, status: 'pending', verified_purchase: false });
    const [row] = await t.db.select().from(productReviews).where(eq(productReviews.id, added.id));
    expect(row).toMatchObject({ customerId: c.id, approved: false });

    const again = await post(t.app, '/api/customer/reviews/add', { customerToken: c.token, sku: p.sku, ...review, rating: 1 });
    expect(again.statusCode).toBe(409);

    await t.db.update(productReviews).set({ approved: true }).where(eq(productReviews.id, added.id));
    const list = customerReviewsAnswerSchema.parse((await post(t.app, '/api/customer/reviews', { customerToken: c.token })).json());
    expect(list.data).toMatchObject({ totalCount: 1, items: [{ id: added.id, status: 'approved' }] });
    expect((await post(t.app, '/api/customer/reviews', { customerToken: other.token })).json().data.totalCount).toBe(0);
  });

  it('refuses disabled, unknown and off-site products (404) and bad ratings (400)', async () => {
    const c = await signedIn(t.app);
    const disabled = await product({ status: 2 });
    const offSite = await product({ websiteIds: [1] });
    for (const sku of [disabled.sku, offSite.sku, 'NO-SUCH-SKU']) {
      expect((await post(t.app, '/api/customer/reviews/add', { customerToken: c.token, sku, ...review })).statusCode).toBe(404);
    }
    const p = await product();
    for (const rating of [0, 6, 4.5]) {
      const res = await post(t.app, '/api/customer/reviews/add', { customerToken: c.token, sku: p.sku, ...review, rating });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('rating');
    }
    const extra = await post(t.app, '/api/customer/reviews/add', { customerToken: c.token, sku: p.sku, ...review, approved: true });
    expect(extra.statusCode).toBe(400);
  });

  it('marks a review of a product from a paid order as a verified purchase', async () => {
    const c = await signedIn(t.app);
    const p = await product();
    const store = createOrdersStore(t.db);
    await t.db.transaction((tx) =>
      store.insertOrder(tx, {
        customerId: c.id,
        customerGroupId: 1,
        email: c.email,
        firstname: 'Jane',
        lastname: 'Mason',
        status: 'processing',
        lines: [{ productId: null, sku: `${p.sku}-20M`, name: p.name, qty: 1, unitPricePence: 4999 }],
        shipping: { carrierCode: 'northgate', methodCode: 'standard', description: 'Standard', amountPence: 0 },
        paymentMethod: 'stripe_payments',
        shippingAddress: null,
        billingAddress: null,
      }),
    );
    const res = await post(t.app, '/api/customer/reviews/add', { customerToken: c.token, sku: p.sku, ...review });
    expect(res.json().data.review.verified_purchase).toBe(true);
  });
});
