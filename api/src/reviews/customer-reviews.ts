import type { CustomerReview } from '@shop/shared/schemas';
import type { ProductCard, ProductLookup } from '../catalog/lookup';
import type { AuthenticatedCustomer } from '../customer/auth';
import { HttpError, notFound } from '../http-errors';
import type { productReviews } from './schema';
import type { ReviewsStore } from './store';

type ReviewRow = typeof productReviews.$inferSelect;

export interface CustomerReviewsDeps {
  store: ReviewsStore;
  products: Pick<ProductLookup, 'reviewableProduct' | 'cards'>;
  /** What the customer bought in paid orders (the orders domain answers; few rows per customer). */
  orders: { purchasedProducts(customerId: number): Promise<Array<{ productId: number | null; sku: string }>> };
}

/**
 * My Product Reviews: a signed-in customer reviews any enabled product sold on the storefront
 * (website 2, visible on its own), once per product. Reviews start unapproved (the shop moderates
 * them); a review of a product from one of the customer's paid orders is marked verified_purchase.
 * The reviews are this domain's rows; the product's name and link come from the catalogue.
 */
export function createCustomerReviews({ store, products, orders }: CustomerReviewsDeps) {
  async function purchased(customerId: number): Promise<{ ids: Set<number>; skus: string[] }> {
    const rows = await orders.purchasedProducts(customerId);
    return { ids: new Set(rows.map((r) => r.productId).filter((x): x is number => x !== null)), skus: rows.map((r) => r.sku) };
  }

  function answer(r: ReviewRow, product: ProductCard, bought: { ids: Set<number>; skus: string[] }): CustomerReview {
    return {
      id: r.id,
      product_id: r.productId,
      product_sku: product.sku,
      product_name: product.name,
      product_url_key: product.urlKey,
      nickname: r.nickname,
      title: r.title,
      detail: r.detail,
      rating: r.rating,
      status: r.approved ? 'approved' : r.rejectedAt ? 'rejected' : 'pending',
      verified_purchase: bought.ids.has(r.productId) || bought.skus.some((s) => s === product.sku || s.startsWith(`${product.sku}-`)),
      created_at: r.createdAt.toISOString(),
    };
  }

  /** Answers for review rows (deleting a product deletes its reviews, so every row has its card). */
  async function answers(rows: ReviewRow[], customerId: number): Promise<CustomerReview[]> {
    const [cards, bought] = await Promise.all([products.cards([...new Set(rows.map((r) => r.productId))]), purchased(customerId)]);
    return rows.flatMap((r) => {
      const card = cards.get(r.productId);
      return card ? [answer(r, card, bought)] : [];
    });
  }

  return {
    async list(customer: AuthenticatedCustomer, page: number, pageSize: number) {
      const { rows, total } = await store.byCustomer(customer.id, (page - 1) * pageSize, pageSize);
      return { items: await answers(rows, customer.id), totalCount: total };
    },

    async add(customer: AuthenticatedCustomer, input: { sku: string; nickname?: string; title: string; detail: string; rating: number }) {
      const product = await products.reviewableProduct(input.sku);
      if (!product) throw notFound('This product cannot be reviewed.');
      const inserted = await store.addOnce({
        productId: product.id,
        customerId: customer.id,
        nickname: input.nickname ?? customer.firstname,
        title: input.title,
        detail: input.detail,
        rating: input.rating,
        approved: false,
      });
      if (!inserted) throw new HttpError(409, 'You have already reviewed this product.', 'sku');
      const [review] = await answers([inserted], customer.id);
      return review!;
    },
  };
}

export type CustomerReviews = ReturnType<typeof createCustomerReviews>;
