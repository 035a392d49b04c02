import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  PRODUCT_MESSAGES,
  STRUCTURE_MESSAGES,
  type AdminCustomOptions,
  type AdminProductImages,
  type AdminProductStructure,
  type ChildLinkRequest,
  type CustomOptionsSaveRequest,
  type ProductImagesSaveRequest,
} from '@shop/shared/backoffice';
import type { CatalogChanges } from '../catalog/changes';
import {
  productConfigurableLinks,
  productConfigurableOptions,
  productLinks,
  productMedia,
  productOptions,
  productOptionValues,
  products,
  productStock,
} from '../catalog/schema';
import type { Db, DbExecutor, Tx } from '../db/client';
import { badRequest, notFound } from '../http-errors';
import type { ActivityLog, Actor } from './activity';

/** The roles Magento gives the main picture (the listing card, the basket, the product page). */
const MAIN_IMAGE_TYPES = ['image', 'small_image', 'thumbnail'];

/**
 * The product sections beside the main form (`catalogue` role), each saved on its own: pictures,
 * a configurable product's children, a grouped product's items, custom options. Every write is one
 * transaction with its activity-log row, locks the product row first (two staff members' writes
 * take turns), and announces the change (catalog/changes.ts) so the storefront shows it at once;
 * the read models follow by the database's triggers in the same transaction.
 */
export function createProductStructure({ db, activity, changes }: { db: Db; activity: ActivityLog; changes: CatalogChanges }) {
  /** Locks the product row for the transaction; answers its type (404 when there is none). */
  async function lock(tx: Tx, id: number) {
    const [row] = await tx.select({ id: products.id, typeId: products.typeId, sku: products.sku }).from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
    return row;
  }

  /**
   * One write: locked, logged, announced (for `productIds` too), then told to this process. The
   * product's `updated_at` is the main form's version (its stale-save check): these sections have
   * checks of their own, so a picture saved does not make the open form stale.
   */
  async function write<T>(id: number, run: (tx: Tx, product: Awaited<ReturnType<typeof lock>>) => Promise<{ answer: T; also?: number[] }>) {
    let ids: number[] = [id];
    const answer = await db.transaction(async (tx) => {
      const product = await lock(tx, id);
      const done = await run(tx, product);
      ids = [id, ...(done.also ?? [])];
      await changes.announce(tx, { productIds: ids });
      return done.answer;
    });
    changes.committed({ productIds: ids });
    return answer;
  }

  /* ------------------------------------------------------------------ pictures */

  async function images(id: number, executor: DbExecutor = db): Promise<AdminProductImages> {
    const rows = await executor.select().from(productMedia).where(eq(productMedia.productId, id)).orderBy(asc(productMedia.position), asc(productMedia.id));
    return { items: rows.map((m) => ({ id: m.id, file: m.file, label: m.label ?? '', position: m.position })) };
  }

  /** Positions 1..n in this order, the first the main image (products.image, the card's and the basket's). */
  async function arrangeImages(tx: Tx, id: number, order: Array<{ id: number; label: string | null }>) {
    for (const [i, image] of order.entries()) {
      await tx
        .update(productMedia)
        .set({ position: i + 1, label: image.label, types: i === 0 ? MAIN_IMAGE_TYPES : [], disabled: false })
        .where(and(eq(productMedia.id, image.id), eq(productMedia.productId, id)));
    }
    const [first] = order.length ? await tx.select({ file: productMedia.file }).from(productMedia).where(eq(productMedia.id, order[0]!.id)) : [];
    await tx.update(products).set({ image: first?.file ?? null }).where(eq(products.id, id));
  }

  /* ------------------------------------------------------------------ children and grouped items */

  const itemColumns = {
    id: products.id,
    sku: products.sku,
    name: products.name,
    price_pence: products.pricePence,
    qty: sql<number>`coalesce(${productStock.qty}, 0)`,
    is_in_stock: sql<boolean>`coalesce(${productStock.isInStock}, false)`,
    status: products.status,
  };

  async function structure(id: number, executor: DbExecutor = db): Promise<AdminProductStructure> {
    const [product] = await executor.select({ typeId: products.typeId }).from(products).where(eq(products.id, id));
    if (!product) throw notFound(PRODUCT_MESSAGES.notFound);
    const options = await executor
      .select()
      .from(productConfigurableOptions)
      .where(eq(productConfigurableOptions.productId, id))
      .orderBy(asc(productConfigurableOptions.position), asc(productConfigurableOptions.id));
    const children = await executor
      .select({ ...itemColumns, position: productConfigurableLinks.position, optionValues: productConfigurableLinks.optionValues })
      .from(productConfigurableLinks)
      .innerJoin(products, eq(products.id, productConfigurableLinks.childId))
      .leftJoin(productStock, eq(productStock.productId, products.id))
      .where(eq(productConfigurableLinks.parentId, id))
      .orderBy(asc(productConfigurableLinks.position), asc(products.id));
    const associated = await executor
      .select({ ...itemColumns, position: productLinks.position })
      .from(productLinks)
      .innerJoin(products, eq(products.id, productLinks.linkedProductId))
      .leftJoin(productStock, eq(productStock.productId, products.id))
      .where(and(eq(productLinks.productId, id), eq(productLinks.linkType, 'associated')))
      .orderBy(asc(productLinks.position), asc(products.id));
    const item = ({ status, qty, is_in_stock, ...rest }: (typeof associated)[number]) => ({ ...rest, qty: Number(qty), is_in_stock: Boolean(is_in_stock), enabled: status === 1 });
    return {
      type_id: product.typeId as AdminProductStructure['type_id'],
      configurable_options: options.map((o) => ({ attribute_id: o.attributeId, code: o.attributeCode, label: o.label, values: o.values })),
      children: children.map(({ optionValues, ...child }) => ({
        ...item(child),
        option_values: optionValues,
        option_labels: Object.fromEntries(
          options.map((o) => [o.label, o.values.find((v) => v.value_index === optionValues[String(o.attributeId)])?.label ?? '']),
        ),
      })),
      associated: associated.map(item),
    };
  }

  /* ------------------------------------------------------------------ custom options */

  async function customOptions(id: number, executor: DbExecutor = db): Promise<AdminCustomOptions> {
    const options = await executor.select().from(productOptions).where(eq(productOptions.productId, id)).orderBy(asc(productOptions.sortOrder), asc(productOptions.id));
    const values = options.length
      ? await executor
          .select()
          .from(productOptionValues)
          .where(inArray(productOptionValues.optionId, options.map((o) => o.id)))
          .orderBy(asc(productOptionValues.sortOrder), asc(productOptionValues.id))
      : [];
    return {
      options: options.map((o) => ({
        id: o.id,
        title: o.title,
        type: o.type,
        required: o.isRequire,
        values: values.filter((v) => v.optionId === o.id).map((v) => ({ id: v.id, title: v.title, pricePence: v.pricePence })),
      })),
    };
  }

  /** 404 for a product that does not exist (the reads of an empty section would answer nothing). */
  async function exists(id: number) {
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
    if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  }

  return {
    images: async (id: number) => {
      await exists(id);
      return images(id);
    },
    structure: (id: number) => structure(id),
    customOptions: async (id: number) => {
      await exists(id);
      return customOptions(id);
    },
    exists,

    /** Adds a stored picture (product-images.ts) last; the product's first picture becomes its main image. */
    addImage: (id: number, file: string, actor: Actor) =>
      write(id, async (tx) => {
        const current = await images(id, tx);
        await tx.insert(productMedia).values({ productId: id, file, label: null, position: current.items.length + 1, types: [] });
        const after = await images(id, tx);
        await arrangeImages(tx, id, after.items.map((m) => ({ id: m.id, label: m.label || null })));
        await activity.record(tx, actor, { action: 'product.image.add', targetType: 'product', targetId: id, after: { file } });
        return { answer: await images(id, tx) };
      }),

    /** The pictures in a new order with their alt text; those left out are removed. */
    saveImages: (id: number, input: ProductImagesSaveRequest, actor: Actor) =>
      write(id, async (tx) => {
        const before = await images(id, tx);
        const known = new Set(before.items.map((m) => m.id));
        const ids = input.images.map((m) => m.id);
        if (new Set(ids).size !== ids.length || ids.some((i) => !known.has(i))) throw badRequest(STRUCTURE_MESSAGES.imagesChanged, 'images');
        const removed = before.items.filter((m) => !ids.includes(m.id)).map((m) => m.id);
        if (removed.length) await tx.delete(productMedia).where(and(eq(productMedia.productId, id), inArray(productMedia.id, removed)));
        await arrangeImages(tx, id, input.images.map((m) => ({ id: m.id, label: m.label === '' ? null : m.label })));
        const after = await images(id, tx);
        const log = (list: AdminProductImages) => list.items.map((m) => ({ file: m.file, label: m.label }));
        await activity.record(tx, actor, { action: 'product.images', targetType: 'product', targetId: id, before: { images: log(before) }, after: { images: log(after) } });
        return { answer: after };
      }),

    /** Links an existing simple product as a child, its value of every option set and unlike its siblings'. */
    linkChild: (id: number, input: ChildLinkRequest, actor: Actor) =>
      write(id, async (tx, parent) => {
        if (parent.typeId !== 'configurable') throw badRequest(STRUCTURE_MESSAGES.notConfigurable, 'sku');
        const [child] = await tx.select({ id: products.id, typeId: products.typeId, sku: products.sku }).from(products).where(eq(products.sku, input.sku));
        if (!child) throw badRequest(STRUCTURE_MESSAGES.childSku, 'sku');
        if (child.typeId !== 'simple') throw badRequest(STRUCTURE_MESSAGES.childNotSimple, 'sku');
        const current = await structure(id, tx);
        if (current.children.some((c) => c.id === child.id)) throw badRequest(STRUCTURE_MESSAGES.childAlready, 'sku');
        const values: Record<string, number> = {};
        for (const option of current.configurable_options) {
          const key = String(option.attribute_id);
          const value = input.optionValues[key];
          if (value === undefined || !option.values.some((v) => v.value_index === value)) throw badRequest(STRUCTURE_MESSAGES.childValue, `optionValues.${key}`);
          values[key] = value;
        }
        const extra = Object.keys(input.optionValues).find((k) => !(k in values));
        if (extra) throw badRequest(STRUCTURE_MESSAGES.childValue, `optionValues.${extra}`);
        const same = (a: Record<string, number>) => Object.keys(values).every((k) => a[k] === values[k]);
        if (current.children.some((c) => same(c.option_values))) throw badRequest(STRUCTURE_MESSAGES.childValuesTaken, 'optionValues');
        const position = Math.max(0, ...current.children.map((c) => c.position)) + 1;
        await tx.insert(productConfigurableLinks).values({ parentId: id, childId: child.id, optionValues: values, position });
        await activity.record(tx, actor, { action: 'product.child.link', targetType: 'product', targetId: id, after: { child: child.sku, optionValues: values } });
        return { answer: await structure(id, tx), also: [child.id] };
      }),

    unlinkChild: (id: number, childId: number, actor: Actor) =>
      write(id, async (tx) => {
        const removed = await tx
          .delete(productConfigurableLinks)
          .where(and(eq(productConfigurableLinks.parentId, id), eq(productConfigurableLinks.childId, childId)))
          .returning({ optionValues: productConfigurableLinks.optionValues });
        if (removed.length === 0) throw badRequest(STRUCTURE_MESSAGES.notChild, 'childId');
        const [child] = await tx.select({ sku: products.sku }).from(products).where(eq(products.id, childId));
        await activity.record(tx, actor, { action: 'product.child.unlink', targetType: 'product', targetId: id, before: { child: child?.sku ?? null, optionValues: removed[0]!.optionValues } });
        return { answer: await structure(id, tx), also: [childId] };
      }),

    /** Adds a simple product to a grouped product, last. */
    addAssociated: (id: number, sku: string, actor: Actor) =>
      write(id, async (tx, group) => {
        if (group.typeId !== 'grouped') throw badRequest(STRUCTURE_MESSAGES.notGrouped, 'sku');
        const [item] = await tx.select({ id: products.id, typeId: products.typeId, sku: products.sku }).from(products).where(eq(products.sku, sku));
        if (!item) throw badRequest(STRUCTURE_MESSAGES.groupedSku, 'sku');
        if (item.typeId !== 'simple') throw badRequest(STRUCTURE_MESSAGES.groupedSimpleOnly, 'sku');
        const current = await structure(id, tx);
        if (current.associated.some((a) => a.id === item.id)) throw badRequest(STRUCTURE_MESSAGES.groupedAlready, 'sku');
        const position = Math.max(0, ...current.associated.map((a) => a.position)) + 1;
        await tx.insert(productLinks).values({ productId: id, linkType: 'associated', linkedProductId: item.id, position, qty: 1 });
        await activity.record(tx, actor, { action: 'product.grouped.add', targetType: 'product', targetId: id, after: { sku: item.sku, position } });
        return { answer: await structure(id, tx), also: [item.id] };
      }),

    removeAssociated: (id: number, itemId: number, actor: Actor) =>
      write(id, async (tx) => {
        const removed = await tx
          .delete(productLinks)
          .where(and(eq(productLinks.productId, id), eq(productLinks.linkType, 'associated'), eq(productLinks.linkedProductId, itemId)))
          .returning({ position: productLinks.position });
        if (removed.length === 0) throw badRequest(STRUCTURE_MESSAGES.groupedChanged, 'itemId');
        const [item] = await tx.select({ sku: products.sku }).from(products).where(eq(products.id, itemId));
        await activity.record(tx, actor, { action: 'product.grouped.remove', targetType: 'product', targetId: id, before: { sku: item?.sku ?? null } });
        return { answer: await structure(id, tx), also: [itemId] };
      }),

    /** The grouped product's items in a new order: exactly the items it has, each once. */
    orderAssociated: (id: number, order: number[], actor: Actor) =>
      write(id, async (tx) => {
        const current = await structure(id, tx);
        const known = current.associated.map((a) => a.id);
        if (order.length !== known.length || new Set(order).size !== order.length || order.some((i) => !known.includes(i))) {
          throw badRequest(STRUCTURE_MESSAGES.groupedChanged, 'ids');
        }
        for (const [i, itemId] of order.entries()) {
          await tx
            .update(productLinks)
            .set({ position: i + 1 })
            .where(and(eq(productLinks.productId, id), eq(productLinks.linkType, 'associated'), eq(productLinks.linkedProductId, itemId)));
        }
        const after = await structure(id, tx);
        const skus = (list: AdminProductStructure['associated']) => list.map((a) => a.sku);
        await activity.record(tx, actor, { action: 'product.grouped.order', targetType: 'product', targetId: id, before: { order: skus(current.associated) }, after: { order: skus(after.associated) } });
        return { answer: after };
      }),

    /**
     * Every custom option of the product: those with an id are kept (baskets name options and values
     * by id, so a basket that chose one stays priced), new ones are added, the rest removed.
     */
    saveCustomOptions: (id: number, input: CustomOptionsSaveRequest, actor: Actor) =>
      write(id, async (tx) => {
        const before = await customOptions(id, tx);
        const optionIds = new Set(before.options.map((o) => o.id));
        input.options.forEach((option, i) => {
          if (option.id !== undefined && !optionIds.has(option.id)) throw badRequest(STRUCTURE_MESSAGES.optionsChanged, `options.${i}.id`);
          const own = new Set(before.options.find((o) => o.id === option.id)?.values.map((v) => v.id) ?? []);
          option.values.forEach((value, j) => {
            if (value.id !== undefined && !own.has(value.id)) throw badRequest(STRUCTURE_MESSAGES.optionsChanged, `options.${i}.values.${j}.id`);
          });
        });
        const keptOptions = input.options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
        if (new Set(keptOptions).size !== keptOptions.length) throw badRequest(STRUCTURE_MESSAGES.optionsChanged, 'options');
        const goneOptions = [...optionIds].filter((o) => !keptOptions.includes(o));
        if (goneOptions.length) await tx.delete(productOptions).where(inArray(productOptions.id, goneOptions));
        for (const [i, option] of input.options.entries()) {
          const fields = { title: option.title, type: option.type, isRequire: option.required, sortOrder: i + 1 };
          let optionId = option.id;
          if (optionId === undefined) {
            const [made] = await tx.insert(productOptions).values({ ...fields, productId: id }).returning({ id: productOptions.id });
            optionId = made!.id;
          } else {
            await tx.update(productOptions).set(fields).where(eq(productOptions.id, optionId));
          }
          const keptValues = option.values.flatMap((v) => (v.id === undefined ? [] : [v.id]));
          if (new Set(keptValues).size !== keptValues.length) throw badRequest(STRUCTURE_MESSAGES.optionsChanged, `options.${i}.values`);
          await tx
            .delete(productOptionValues)
            .where(and(eq(productOptionValues.optionId, optionId), keptValues.length ? notInArray(productOptionValues.id, keptValues) : undefined));
          for (const [j, value] of option.values.entries()) {
            const valueFields = { title: value.title, pricePence: value.pricePence, sortOrder: j + 1 };
            if (value.id === undefined) await tx.insert(productOptionValues).values({ ...valueFields, optionId });
            else await tx.update(productOptionValues).set(valueFields).where(eq(productOptionValues.id, value.id));
          }
        }
        const after = await customOptions(id, tx);
        const log = (o: AdminCustomOptions) => o.options.map(({ title, type, required, values }) => ({ title, type, required, values: values.map((v) => ({ title: v.title, pricePence: v.pricePence })) }));
        await activity.record(tx, actor, { action: 'product.options', targetType: 'product', targetId: id, before: { options: log(before) }, after: { options: log(after) } });
        return { answer: after };
      }),
  };
}

export type ProductStructure = ReturnType<typeof createProductStructure>;
