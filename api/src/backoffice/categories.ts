import { asc, eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES, type AdminCategory, type CategorySaveRequest } from '@shop/shared/backoffice';
import type { CatalogChanges } from '../catalog/changes';
import { categories, productCategories } from '../catalog/schema';
import type { Db, DbExecutor } from '../db/client';
import { notFound } from '../http-errors';
import type { ActivityLog, Actor } from './activity';
import { cleanHtml } from './sanitize';

/**
 * The back office's categories (catalogue role): name, description (rich text, stored sanitised),
 * position in the menu and enabled. A disabled category leaves the storefront's menu and its page
 * answers 404 (the catalogue reads `is_active`); every API process drops its cached answers when
 * the save commits (catalog/changes.ts).
 */
export function createCategoryAdmin({ db, activity, changes }: { db: Db; activity: ActivityLog; changes: CatalogChanges }) {
  const productCount = sql<number>`(select count(*)::int from ${productCategories} pc where pc.category_id = ${categories.id})`;

  async function rows(executor: DbExecutor, id?: number): Promise<AdminCategory[]> {
    const found = await executor
      .select({ c: categories, n: productCount })
      .from(categories)
      .where(id === undefined ? undefined : eq(categories.id, id))
      .orderBy(asc(categories.urlPath));
    return found.map(({ c, n }) => ({
      id: c.id,
      name: c.name,
      parent_id: c.parentId,
      url_path: c.urlPath,
      position: c.position,
      enabled: c.isActive,
      description: c.description,
      product_count: Number(n),
      updated_at: c.updatedAt.toISOString(),
    }));
  }

  async function one(id: number, executor: DbExecutor = db): Promise<AdminCategory> {
    const [category] = await rows(executor, id);
    if (!category) throw notFound(CONTENT_MESSAGES.categoryNotFound);
    return category;
  }

  const logged = ({ name, description, position, enabled }: AdminCategory) => ({ name, description, position, enabled });

  return {
    /** Every category, by its path (a parent before its children). */
    list: async () => ({ items: await rows(db) }),
    detail: (id: number) => one(id),

    async save(id: number, input: CategorySaveRequest, actor: Actor): Promise<AdminCategory> {
      const saved = await db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
        if (!locked) throw notFound(CONTENT_MESSAGES.categoryNotFound);
        const before = await one(id, tx);
        const description = cleanHtml(input.description);
        await tx
          .update(categories)
          .set({ name: input.name, description: description === '' ? null : description, position: input.position, isActive: input.enabled, updatedAt: sql`now()` })
          .where(eq(categories.id, id));
        const after = await one(id, tx);
        await activity.record(tx, actor, { action: 'category.save', targetType: 'category', targetId: id, before: logged(before), after: logged(after) });
        await changes.announce(tx, { categoryIds: [id] });
        return after;
      });
      changes.committed({ categoryIds: [id] });
      return saved;
    },
  };
}

export type CategoryAdmin = ReturnType<typeof createCategoryAdmin>;
