import { and, count, desc, eq, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';
import { CONTENT_MESSAGES, type AdminReview, type AdminReviewsQuery, type ReviewModerateRequest } from '@shop/shared/backoffice';
import type { CatalogChanges } from '../catalog/changes';
import { products } from '../catalog/schema';
import type { Db, DbExecutor } from '../db/client';
import { notFound } from '../http-errors';
import { productReviews, storeReviews } from '../reviews/schema';
import type { ActivityLog, Actor } from './activity';

type Kind = 'product' | 'store';
type State = 'pending' | 'approved' | 'rejected';
type ReviewTable = typeof productReviews | typeof storeReviews;

const stateOf = (r: { approved: boolean; rejectedAt: Date | null }): State => (r.approved ? 'approved' : r.rejectedAt ? 'rejected' : 'pending');
const inState = (t: ReviewTable, state: State): SQL =>
  state === 'approved' ? eq(t.approved, true) : state === 'rejected' ? isNotNull(t.rejectedAt)! : and(not(t.approved), isNull(t.rejectedAt))!;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Review moderation (content role). A review a customer writes waits as pending and is not shown
 * (reviews/customer-reviews.ts); staff approve it (shown on its product's page or, a store review,
 * in the carousel) or reject it with an optional reason for the record. A product review's
 * moderation changes the product's rating summary: the product's read model is marked stale by
 * its trigger in the same transaction, and every API process drops its cached answers when the
 * change commits (catalog/changes.ts).
 */
export function createReviewAdmin({ db, activity, changes }: { db: Db; activity: ActivityLog; changes: CatalogChanges }) {
  const productColumns = {
    r: productReviews,
    sku: products.sku,
    name: products.name,
    urlKey: products.urlKey,
    shown: sql<boolean>`(${products.status} = 1 and ${products.visibility} <> 1 and ${STOREFRONT_WEBSITE_ID} = any(${products.websiteIds}))`,
  };

  function productAnswer(row: { r: typeof productReviews.$inferSelect; sku: string; name: string; urlKey: string; shown: boolean }): AdminReview {
    const { r } = row;
    return {
      id: r.id,
      kind: 'product',
      state: stateOf(r),
      nickname: r.nickname,
      title: r.title,
      detail: r.detail,
      rating: r.rating,
      created_at: r.createdAt.toISOString(),
      product: { id: r.productId, sku: row.sku, name: row.name, url: row.shown ? `/${row.urlKey}` : null },
      location: null,
      customer_id: r.customerId,
      moderation_reason: r.moderationReason,
      moderated_by: r.moderatedBy,
      moderated_at: iso(r.moderatedAt),
    };
  }

  function storeAnswer(r: typeof storeReviews.$inferSelect): AdminReview {
    return {
      id: r.id,
      kind: 'store',
      state: stateOf(r),
      nickname: r.nickname,
      title: r.title,
      detail: r.detail,
      rating: r.rating,
      created_at: r.createdAt.toISOString(),
      product: null,
      location: r.location,
      customer_id: null,
      moderation_reason: r.moderationReason,
      moderated_by: r.moderatedBy,
      moderated_at: iso(r.moderatedAt),
    };
  }

  async function one(kind: Kind, id: number, executor: DbExecutor = db): Promise<AdminReview> {
    if (kind === 'product') {
      const [row] = await executor.select(productColumns).from(productReviews).innerJoin(products, eq(products.id, productReviews.productId)).where(eq(productReviews.id, id));
      if (!row) throw notFound(CONTENT_MESSAGES.reviewNotFound);
      return productAnswer(row);
    }
    const [row] = await executor.select().from(storeReviews).where(eq(storeReviews.id, id));
    if (!row) throw notFound(CONTENT_MESSAGES.reviewNotFound);
    return storeAnswer(row);
  }

  return {
    /** Reviews of one kind in one state; pending ones oldest first (the queue), the others newest first. */
    async list(query: Required<Pick<AdminReviewsQuery, 'kind' | 'state'>> & { page: number; pageSize: number }) {
      const table: ReviewTable = query.kind === 'product' ? productReviews : storeReviews;
      const where = inState(table, query.state);
      const order = query.state === 'pending' ? [table.createdAt, table.id] : [desc(table.createdAt), desc(table.id)];
      const offset = (query.page - 1) * query.pageSize;
      const [total] = await db.select({ n: count() }).from(table).where(where);
      const items =
        query.kind === 'product'
          ? (await db.select(productColumns).from(productReviews).innerJoin(products, eq(products.id, productReviews.productId)).where(where).orderBy(...order).limit(query.pageSize).offset(offset)).map(productAnswer)
          : (await db.select().from(storeReviews).where(where).orderBy(...order).limit(query.pageSize).offset(offset)).map(storeAnswer);
      return { items, totalCount: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    /** Approves or rejects a review; `done: false` when it already was (a double click changes nothing). */
    async moderate(kind: Kind, id: number, input: ReviewModerateRequest, actor: Actor): Promise<{ done: boolean; review: AdminReview }> {
      const approve = input.decision === 'approve';
      const table: ReviewTable = kind === 'product' ? productReviews : storeReviews;
      let productId: number | null = null;
      const result = await db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
        if (!locked) throw notFound(CONTENT_MESSAGES.reviewNotFound);
        const before = await one(kind, id, tx);
        productId = before.product?.id ?? null;
        if (before.state === (approve ? 'approved' : 'rejected')) return { done: false, review: before };
        const moderation = {
          approved: approve,
          rejectedAt: approve ? null : sql`now()`,
          moderationReason: approve ? null : input.reason || null,
          moderatedBy: actor.email,
          moderatedAt: sql`now()`,
        };
        if (kind === 'product') await tx.update(productReviews).set({ ...moderation, updatedAt: sql`now()` }).where(eq(productReviews.id, id));
        else await tx.update(storeReviews).set(moderation).where(eq(storeReviews.id, id));
        const after = await one(kind, id, tx);
        await activity.record(tx, actor, {
          action: approve ? 'review.approve' : 'review.reject',
          targetType: `${kind}-review`,
          targetId: id,
          before: { state: before.state },
          after: { state: after.state, reason: after.moderation_reason },
        });
        await changes.announce(tx, { content: true, ...(productId === null ? {} : { productIds: [productId] }) });
        return { done: true, review: after };
      });
      if (result.done) changes.committed({ content: true, ...(productId === null ? {} : { productIds: [productId] }) });
      return result;
    },
  };
}

export type ReviewAdmin = ReturnType<typeof createReviewAdmin>;
