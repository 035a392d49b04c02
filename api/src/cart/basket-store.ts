import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';
import { preparedRows, queryRows, type Db, type DbExecutor } from '../db/client';
import { carts, type CartAddressColumn, type CartLineOptionsColumn } from './schema';
import { parseBasketItems, selectBasketItemsJson, type BasketProduct } from '../catalog/basket-products';
import type { CartItemRow, CartRow, NewLine } from './store';

/**
 * The basket's hot path in single statements: a change to a line (add, lower by one) and the
 * basket read back with every product its pricing needs, in one round trip, as a named prepared
 * statement on PostgreSQL. Row locks only (the upsert's or update's row): no table-wide locks.
 *
 * PostgreSQL runs every part of a statement on one snapshot, so the statement cannot simply read
 * `cart_items` after changing it: the lines after the change are the lines before it (`cur`),
 * with the changed rows' new quantities, without the deleted ones, plus the inserted one.
 */

/** A basket as stored: its lines (by id) and the catalogue rows of their products and parents. */
export interface BasketRows {
  items: CartItemRow[];
  products: Map<number, BasketProduct>;
}

interface LineJson extends Omit<CartItemRow, 'createdAt' | 'updatedAt'> {
  createdAt: string | Date;
  updatedAt: string | Date;
}

interface BasketJson {
  [column: string]: unknown;
  lines: LineJson[] | null;
  /** The stored basket items of the lines' products and parents (a JSON array as text). */
  products: string | null;
}

/** The columns of a line, as CartItemRow names them (for json_agg). */
const lineColumns = (alias: string, qty: SQL = sql.raw(`${alias}.qty`), updatedAt: SQL = sql.raw(`${alias}.updated_at`)) => sql`
  ${sql.raw(alias)}.id, ${sql.raw(alias)}.cart_id as "cartId", ${sql.raw(alias)}.product_id as "productId",
  ${sql.raw(alias)}.parent_product_id as "parentProductId", ${sql.raw(alias)}.sku, ${sql.raw(alias)}.line_key as "lineKey",
  ${qty} as qty, ${sql.raw(alias)}.options, ${sql.raw(alias)}.created_at as "createdAt", ${updatedAt} as "updatedAt"`;

/**
 * A basket's id as the statements find its lines by (`cart_items.cart_id = …`): an uncorrelated
 * subquery, so PostgreSQL estimates "the lines of one basket" alike for every id and keeps one
 * generic plan per connection. With the id as a literal, once ANALYZE has seen a few baskets with
 * many lines, any other id looks like a basket of one line, so each call's own plan looks cheaper
 * than the generic one and PostgreSQL planned the statement again on every call: 0.6 ms of
 * planning for 0.3 ms of execution (measured with pg_stat_statements.track_planning).
 */
const basketKey = (cartId: string) => sql`(select ${cartId}::text)`;

/** The basket of CTE `after`: its lines and their products, as two JSON values. */
const basketOfAfter = sql`
  (select json_agg(a order by a.id) from after a) as lines,
  (${selectBasketItemsJson(sql`select "productId" from after union select "parentProductId" from after where "parentProductId" is not null`)}) as products`;

/** Every column of `carts c`, named as CartRow names them (from the schema, so never out of date). */
const cartColumns = sql.join(
  Object.entries(getTableColumns(carts)).map(([key, column]) => sql`c.${sql.identifier(column.name)} as ${sql.identifier(key)}`),
  sql`, `,
);
const cartTimestamps = Object.entries(getTableColumns(carts))
  .filter(([, column]) => column.dataType === 'date')
  .map(([key]) => key);

/** A carts row read with `cartColumns` (PGlite answers timestamps as text). */
function toCartRow(row: Record<string, unknown>): CartRow {
  const cart: Record<string, unknown> = { ...row };
  for (const key of cartTimestamps) if (cart[key] != null) cart[key] = new Date(cart[key] as string | Date);
  return cart as CartRow;
}

function toBasketRows(row: BasketJson | undefined): BasketRows {
  const items = (row?.lines ?? []).map((l) => ({ ...l, createdAt: new Date(l.createdAt), updatedAt: new Date(l.updatedAt) }));
  const products = new Map<number, BasketProduct>();
  for (const p of parseBasketItems(row?.products)) products.set(p.id, p);
  return { items, products };
}

/** The basket's lines and products in one statement (inside a transaction too). */
export async function readBasket(db: Db, cartId: string, executor: DbExecutor = db): Promise<BasketRows> {
  const query = sql`with after as (select ${lineColumns('i')} from cart_items i where i.cart_id = ${basketKey(cartId)})
                    select ${basketOfAfter}`;
  const [row] = executor === db ? await preparedRows<BasketJson>(db, 'cart_read', query) : await queryRows<BasketJson>(executor as Db, query);
  return toBasketRows(row);
}


/** A basket row (null: no such basket) with its lines and products. */
export interface CartWithBasket extends BasketRows {
  cart: CartRow | null;
}

/**
 * The basket row, its lines and their products in one statement (a named prepared statement on
 * PostgreSQL): what the checkout steps of a guest read first, instead of the row and then the basket.
 */
export async function readCartWithBasket(db: Db, cartId: string): Promise<CartWithBasket> {
  const [row] = await preparedRows<BasketJson>(
    db,
    'cart_with_basket',
    sql`with after as (select ${lineColumns('i')} from cart_items i where i.cart_id = ${basketKey(cartId)})
        select (select row_to_json(c) from (select ${cartColumns} from carts c where c.id = ${cartId}) c) as "chkCart", ${basketOfAfter}`,
  );
  const found = row?.chkCart as Record<string, unknown> | null | undefined;
  return { ...toBasketRows(row), cart: found ? toCartRow(found) : null };
}

/** The checkout choices saved on a basket (save-shipping-info, save-payment-info); null or left out: kept as they are. */
export interface CheckoutChoices {
  shippingAddress?: CartAddressColumn | null;
  shippingCarrierCode?: string | null;
  shippingMethodCode?: string | null;
  paymentMethod?: string | null;
  email?: string | null;
  customerNote?: string | null;
  billingAddress?: CartAddressColumn | null;
}

const jsonOrNull = (value: unknown) => (value == null ? null : JSON.stringify(value));

/**
 * Saves checkout choices on a basket only while it is open ('active'; a guest's when `guest`) and
 * answers the basket row as saved with its lines and products, in one statement (prepared on
 * PostgreSQL; every choice is a parameter, a null one keeps the column). `cart` null: not an open
 * basket (unknown, another's, held by a payment, ordered): nothing was saved.
 */
export async function saveChoicesAndRead(db: Db, cartId: string, choices: CheckoutChoices, limits: { guest: boolean }): Promise<CartWithBasket> {
  const [row] = await preparedRows<BasketJson>(
    db,
    'cart_save_choices',
    sql`with c as (
          update carts c set
            shipping_address = coalesce(${jsonOrNull(choices.shippingAddress)}::jsonb, c.shipping_address),
            shipping_carrier_code = coalesce(${choices.shippingCarrierCode ?? null}::text, c.shipping_carrier_code),
            shipping_method_code = coalesce(${choices.shippingMethodCode ?? null}::text, c.shipping_method_code),
            payment_method = coalesce(${choices.paymentMethod ?? null}::text, c.payment_method),
            email = coalesce(${choices.email ?? null}::text, c.email),
            customer_note = coalesce(${choices.customerNote ?? null}::text, c.customer_note),
            billing_address = coalesce(${jsonOrNull(choices.billingAddress)}::jsonb, c.billing_address),
            updated_at = now()
          where c.id = ${cartId} and c.status = 'active' and (not ${limits.guest}::boolean or c.customer_id is null)
          returning ${cartColumns}),
        after as (select ${lineColumns('i')} from cart_items i where i.cart_id = ${basketKey(cartId)} and exists (select 1 from c))
        select (select row_to_json(c) from c) as "chkCart", ${basketOfAfter}`,
  );
  const found = row?.chkCart as Record<string, unknown> | null | undefined;
  return { ...toBasketRows(row), cart: found ? toCartRow(found) : null };
}


export interface AddOutcome extends BasketRows {
  /** The basket row as the statement saw it; null: not an open basket it may change (nothing done). */
  cart: CartRow | null;
  /** Whether the statement had a line to add (false: a sku alone that is not a plain product). */
  lineFound: boolean;
  /** Units already on this line before the add (0: a new line). */
  existingQty: number;
  /** Lines in the basket before the add. */
  lineCount: number;
  /** Units of this product in the basket before the add, on any line. */
  productQtyInBasket: number;
  /** Whether the line changed (false: a limit below refused it; the basket is as it was). */
  changed: boolean;
}

/**
 * What an add adds: the line the product page's choice made (cart/choice.ts) with the units the
 * product may have in a basket (`stock`, 0 when out of stock), or a sku alone. A sku alone is
 * added only when it names a plain product: sold on the storefront, neither configurable nor
 * grouped nor a configurable product's child, without custom options. Its line is then the one
 * choice.ts makes of that sku without options (same sku, line key and options; a test holds them
 * equal), so the add needs no lookup of the product first.
 */
export type AddLine = { line: Omit<NewLine, 'cartId'>; stock: number } | { sku: string };

/** The `ln` CTE of an add: the line, with the units the product may have in a basket. */
function lineSource(add: AddLine): SQL {
  if ('line' in add) {
    const { line, stock } = add;
    return sql`select ${line.productId}::int as product_id, ${line.parentProductId}::int as parent_id, ${line.sku}::text as sku,
                      ${line.lineKey}::text as line_key, ${JSON.stringify(line.options)}::jsonb as options, ${stock}::int as stock`;
  }
  return sql`select p.id as product_id, null::int as parent_id, p.sku, p.id || '||[]' as line_key,
                    '{"configurable":[],"custom":[]}'::jsonb as options,
                    case when s.is_in_stock and s.qty > 0 then s.qty else 0 end as stock
               from products p left join product_stock s on s.product_id = p.id
              where p.sku = ${add.sku} and p.type_id not in ('configurable', 'grouped')
                and p.status = 1 and ${STOREFRONT_WEBSITE_ID}::int = any(p.website_ids)
                and not exists (select 1 from product_options o where o.product_id = p.id)
                and not exists (select 1 from product_configurable_links cl where cl.child_id = p.id)
              limit 1`;
}

/**
 * Adds `qty` to the line (or inserts it) only when the basket is open ('active'; a guest's when
 * `guest`), the line stays within `maxQty`, a new line fits within `maxLines`, and the product's
 * units in the basket stay within its `stock`; answers the basket row, the figures the checks
 * used and the basket afterwards. One statement: concurrent adds to one line serialise on its
 * row, and the upsert's own condition keeps it within `maxQty`.
 */
export async function addLineAndRead(
  db: Db,
  cartId: string,
  add: AddLine,
  qty: number,
  limits: { maxQty: number; maxLines: number; guest: boolean },
): Promise<AddOutcome> {
  const [row] = await preparedRows<BasketJson>(
    db,
    'line' in add ? 'cart_add_line_v2' : 'cart_add_sku',
    sql`with c as (
          select ${cartColumns} from carts c
          where c.id = ${cartId} and c.status = 'active' and (not ${limits.guest}::boolean or c.customer_id is null)),
        ln as (${lineSource(add)}),
        cur as (select id, line_key, product_id, qty from cart_items where cart_id = ${basketKey(cartId)}),
        chk as (
          select coalesce((select qty from cur where line_key = (select line_key from ln)), 0)::int as existing,
                 (select count(*) from cur)::int as line_count,
                 (select coalesce(sum(qty), 0) from cur where product_id = (select product_id from ln))::int as in_basket),
        up as (
          insert into cart_items (cart_id, product_id, parent_product_id, sku, line_key, qty, options)
          select ${cartId}, ln.product_id, ln.parent_id, ln.sku, ln.line_key, ${qty}::int, ln.options
          from chk, ln
          where exists (select 1 from c)
            and chk.existing + ${qty}::int <= ${limits.maxQty}::int
            and (chk.existing > 0 or chk.line_count < ${limits.maxLines}::int)
            and chk.in_basket + ${qty}::int <= ln.stock
          on conflict (cart_id, line_key) do update set qty = cart_items.qty + excluded.qty, updated_at = now()
            where cart_items.qty + excluded.qty <= ${limits.maxQty}::int
          returning *),
        after as (
          select ${lineColumns('i', sql`coalesce(u.qty, i.qty)`, sql`coalesce(u.updated_at, i.updated_at)`)}
            from cart_items i left join up u on u.id = i.id where i.cart_id = ${basketKey(cartId)}
          union all
          select ${lineColumns('u')} from up u where not exists (select 1 from cur where cur.id = u.id))
        select chk.existing as "chkExisting", chk.line_count as "chkLineCount", chk.in_basket as "chkInBasket",
               exists (select 1 from ln) as "chkLineFound",
               (select count(*) from up)::int as "chkChanged", (select row_to_json(c) from c) as "chkCart", ${basketOfAfter}
        from chk`,
  );
  const found = row!.chkCart as Record<string, unknown> | null;
  return {
    ...toBasketRows(row),
    cart: found ? toCartRow(found) : null,
    lineFound: row!.chkLineFound as boolean,
    existingQty: row!.chkExisting as number,
    lineCount: row!.chkLineCount as number,
    productQtyInBasket: row!.chkInBasket as number,
    changed: (row!.chkChanged as number) > 0,
  };
}

export interface RemoveOutcome extends BasketRows {
  /** The basket row as the statement saw it; null: not an open basket it may change (nothing done). */
  cart: CartRow | null;
  /** The line chosen (null: none matched; nothing changed). */
  targetId: number | null;
}

/**
 * Lowers one line of the basket by one (deletes it at 1) when the basket is open ('active'; a
 * guest's when `guest`), and answers the basket afterwards. The line: `itemId` when it is in this
 * basket, else the newest line with `sku`.
 */
export async function decrementAndRead(
  db: Db,
  cartId: string,
  target: { itemId: number | null; sku: string | null },
  limits: { guest: boolean },
): Promise<RemoveOutcome> {
  const [row] = await preparedRows<BasketJson & { targetId: number | null }>(
    db,
    'cart_decrement_line_v2',
    sql`with c as (
          select ${cartColumns} from carts c
          where c.id = ${cartId} and c.status = 'active' and (not ${limits.guest}::boolean or c.customer_id is null)),
        cur as (select id, sku from cart_items where cart_id = ${basketKey(cartId)} and exists (select 1 from c)),
        target as (
          select coalesce((select id from cur where id = ${target.itemId}::int),
                          (select id from cur where sku = ${target.sku}::text order by id desc limit 1)) as id),
        del as (delete from cart_items where id = (select id from target) and cart_id = ${basketKey(cartId)} and qty = 1 returning id),
        dec as (
          update cart_items set qty = qty - 1, updated_at = now()
          where id = (select id from target) and cart_id = ${basketKey(cartId)} and qty > 1 returning id, qty, updated_at),
        after as (
          select ${lineColumns('i', sql`coalesce(d.qty, i.qty)`, sql`coalesce(d.updated_at, i.updated_at)`)}
            from cart_items i left join dec d on d.id = i.id
           where i.cart_id = ${basketKey(cartId)} and not exists (select 1 from del where del.id = i.id))
        select (select id from target) as "targetId", (select row_to_json(c) from c) as "chkCart", ${basketOfAfter}`,
  );
  const found = row?.chkCart as Record<string, unknown> | null | undefined;
  return { ...toBasketRows(row), cart: found ? toCartRow(found) : null, targetId: row?.targetId ?? null };
}
