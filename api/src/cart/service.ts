import { fromPence, incVatPence } from '@shop/shared/pricing';
import { ACCOUNT_MESSAGES } from '@shop/shared/schemas';
import type {
  CartAnswer,
  CartItem,
  CartTotals,
  ProductOptionsRequest,
  ShippingEstimate,
} from '@shop/shared/schemas';
import { FREE_DELIVERY_MESSAGE, FREE_DELIVERY_THRESHOLD_PENCE, freeDeliveryRemainingPence } from '../shipping/rules';
import { authenticateCustomer, type AuthenticatedCustomer } from '../customer/auth';
import { badRequest, HttpError, notFound } from '../http-errors';
import { cartTotals, priceCart, ratesFor, savedShippingRate, type CartTotalsPence, type PricedCart } from './pricing';
import type { CartLineOptionsColumn } from './schema';
import { isSellable, type BasketProduct, type CartRow, type CartStore, type Executor } from './store';

/** Most units of one line (spec: quantities 1-999). */
export const MAX_LINE_QTY = 999;
/** Most lines in one basket. */
export const MAX_LINES = 100;

export const CART_MESSAGES = {
  cartGone: 'This basket no longer exists. Please start a new one.',
  guestCartIdRequired: 'cartId is required for a guest basket',
  selectAllOptions: 'Please select all product options before adding to basket.',
  comboUnavailable: 'This combination of options is not available.',
  unknownSku: (sku: string) => `We could not find a product with SKU "${sku}".`,
  notAvailable: (name: string) => `${name} is not available to buy online.`,
  chooseGroupedItem: (name: string) => `Please choose which ${name} you would like.`,
  notInGroup: (sku: string, name: string) => `"${sku}" is not one of the items of ${name}.`,
  requiredOption: (title: string) => `${title}: This is a required field.`,
  unknownOption: (id: string | number) => `Unknown product option ${id}.`,
  badOptionValue: (title: string) => `${title}: please choose one of the values offered.`,
  outOfStock: (name: string) => `Sorry, ${name} is out of stock.`,
  onlyInStock: (name: string, n: number) => `Sorry, we only have ${n} of ${name} in stock.`,
  maxQty: `You can order at most ${MAX_LINE_QTY} of one item.`,
  basketFull: `Your basket is full: it can hold ${MAX_LINES} different items.`,
  lineNotFound: (sku: string) => `"${sku}" is not in your basket.`,
  inCheckout: 'Your payment for this basket is being processed. Please wait a moment.',
} as const;

/** Who a cart call is for: the customer (when a token was sent) and the basket. */
export interface CartContext {
  cart: CartRow;
  customer: AuthenticatedCustomer | null;
  /** Customer group for prices: 0 for guests. */
  groupId: number;
}

export interface CartOwnerInput {
  /** A login token (body or header); null for a guest. */
  customerToken: string | null;
  cartId: string | null;
}

/** What the checkout domain provides to free a basket held by a payment in progress. */
export interface CheckoutHold {
  /**
   * Called before a basket in 'checkout' is changed: gives the basket back (cancelling a payment
   * that waits for an extra step) or throws (409 while a payment is in flight, or the basket was
   * just ordered).
   */
  releaseForChanges(cart: CartRow): Promise<void>;
}

/** A basket line as chosen: what to store. */
interface ResolvedLine {
  product: BasketProduct;
  parent: BasketProduct | null;
  sku: string;
  lineKey: string;
  options: CartLineOptionsColumn;
}

const toNumber = (v: string | number) => (typeof v === 'number' ? v : Number(v.trim()));

export function createCartService(store: CartStore, deps: { checkoutHold?: CheckoutHold } = {}) {
  const db = store.db;

  async function customerFor(token: string): Promise<AuthenticatedCustomer> {
    const customer = await authenticateCustomer(db, token);
    if (!customer) throw new HttpError(401, ACCOUNT_MESSAGES.sessionExpired);
    return customer;
  }

  /**
   * The basket a call works on. A customer (token) always gets their own open basket, created when
   * missing; a guest the guest basket whose id they hold (404 when unknown, a customer's, ordered
   * or merged).
   */
  async function resolve(owner: CartOwnerInput): Promise<CartContext> {
    if (owner.customerToken) {
      const customer = await customerFor(owner.customerToken);
      const cart = await store.ensureCustomerCart(customer.id);
      return { cart, customer, groupId: customer.groupId };
    }
    if (!owner.cartId) throw badRequest(CART_MESSAGES.guestCartIdRequired, 'cartId');
    const cart = await store.findCart(owner.cartId);
    if (!cart || cart.customerId !== null || cart.status === 'ordered' || cart.status === 'merged') {
      throw notFound(CART_MESSAGES.cartGone);
    }
    return { cart, customer: null, groupId: 0 };
  }

  /** A basket about to change: one held by a payment is given back first (or the call is refused). */
  async function resolveForChange(owner: CartOwnerInput): Promise<CartContext> {
    let ctx = await resolve(owner);
    if (ctx.cart.status === 'checkout') {
      if (!deps.checkoutHold) throw new HttpError(409, CART_MESSAGES.inCheckout);
      await deps.checkoutHold.releaseForChanges(ctx.cart);
      ctx = await resolve(owner);
      if (ctx.cart.status === 'checkout') throw new HttpError(409, CART_MESSAGES.inCheckout);
    }
    return ctx;
  }

  async function priced(cartId: string, groupId: number, executor: Executor = db): Promise<PricedCart> {
    const items = await store.lines(cartId, executor);
    const ids = items.flatMap((i) => (i.parentProductId ? [i.productId, i.parentProductId] : [i.productId]));
    const products = await store.productsByIds(ids, executor);
    return priceCart(items, products, groupId);
  }

  /** The basket priced, with the saved delivery method if it is still offered. */
  async function view(ctx: Pick<CartContext, 'cart' | 'groupId'>, executor: Executor = db) {
    const p = await priced(ctx.cart.id, ctx.groupId, executor);
    const rate = savedShippingRate(p, ctx.cart.shippingAddress, ctx.cart.shippingCarrierCode, ctx.cart.shippingMethodCode);
    return { priced: p, totals: cartTotals(p, rate) };
  }

  async function answer(ctx: Pick<CartContext, 'cart' | 'groupId'>): Promise<CartAnswer> {
    const v = await view(ctx);
    return toCartAnswer(v.priced, v.totals);
  }

  /** Turns the product page's choice into the line to store (400 with a clear message otherwise). */
  async function resolveLine(productSku: string, productOptions: ProductOptionsRequest): Promise<ResolvedLine> {
    const options = productOptions ?? {};
    const configurableChoice = options.configurable_item_options ?? options.extension_attributes?.configurable_item_options ?? [];
    const customChoice = options.custom_options ?? options.extension_attributes?.custom_options ?? [];

    const requested = await store.productBySku(productSku);
    if (!requested) throw badRequest(CART_MESSAGES.unknownSku(productSku), 'productSku');
    if (!isSellable(requested)) throw badRequest(CART_MESSAGES.notAvailable(requested.name), 'productSku');

    let product: BasketProduct = requested;
    let parent: BasketProduct | null = null;
    let configurable: CartLineOptionsColumn['configurable'] = [];

    if (requested.typeId === 'configurable') {
      parent = requested;
      const chosen = new Map<number, number>();
      for (const c of configurableChoice) {
        const attributeId = toNumber(c.option_id);
        const value = toNumber(c.option_value);
        if (!Number.isInteger(attributeId) || !Number.isInteger(value)) {
          throw badRequest(CART_MESSAGES.selectAllOptions, 'productOptions.configurable_item_options');
        }
        chosen.set(attributeId, value);
      }
      const needed = parent.configurableOptions.map((o) => o.attributeId);
      if (needed.length === 0 || needed.some((id) => !chosen.has(id))) {
        throw badRequest(CART_MESSAGES.selectAllOptions, 'productOptions.configurable_item_options');
      }
      const children = await store.configurableChildren(parent.id);
      const match = children.find((child) => needed.every((id) => Number(child.optionValues[String(id)]) === chosen.get(id)));
      if (!match) throw badRequest(CART_MESSAGES.comboUnavailable, 'productOptions.configurable_item_options');
      const child = (await store.productsByIds([match.childId])).get(match.childId);
      if (!child || !isSellable(child)) throw badRequest(CART_MESSAGES.comboUnavailable, 'productOptions.configurable_item_options');
      product = child;
      configurable = needed.map((id) => ({ option_id: id, option_value: chosen.get(id)! }));
    } else if (requested.typeId === 'grouped') {
      const associatedSku = options.associated_sku?.trim();
      if (!associatedSku) throw badRequest(CART_MESSAGES.chooseGroupedItem(requested.name), 'productOptions.associated_sku');
      const item = await store.productBySku(associatedSku);
      const members = await store.associatedIds(requested.id);
      if (!item || !members.includes(item.id)) {
        throw badRequest(CART_MESSAGES.notInGroup(associatedSku, requested.name), 'productOptions.associated_sku');
      }
      if (!isSellable(item)) throw badRequest(CART_MESSAGES.notAvailable(item.name), 'productOptions.associated_sku');
      product = item;
      parent = null; // a grouped item is bought as itself; the group is only how it was found
    } else {
      // A simple product; when it is a configurable's child, it is bought with its parent's choices.
      const link = requested.configurableParent;
      if (link) {
        const maybeParent = (await store.productsByIds([link.parentId])).get(link.parentId);
        if (maybeParent && maybeParent.typeId === 'configurable') {
          if (!isSellable(maybeParent)) throw badRequest(CART_MESSAGES.notAvailable(requested.name), 'productSku');
          parent = maybeParent;
          configurable = maybeParent.configurableOptions
            .filter((o) => link.optionValues[String(o.attributeId)] !== undefined)
            .map((o) => ({ option_id: o.attributeId, option_value: Number(link.optionValues[String(o.attributeId)]) }));
        }
      }
    }

    // Custom options belong to the product the shopper chose (the configurable parent, else itself).
    const customFrom = parent ?? product;
    const custom: CartLineOptionsColumn['custom'] = [];
    const skuParts: string[] = [];
    const given = new Map<number, (typeof customChoice)[number]['option_value']>();
    for (const c of customChoice) {
      const id = toNumber(c.option_id);
      const option = customFrom.options.find((o) => o.id === id);
      if (!option) throw badRequest(CART_MESSAGES.unknownOption(c.option_id), 'productOptions.custom_options');
      given.set(id, c.option_value);
    }
    for (const option of customFrom.options) {
      const raw = given.get(option.id);
      const empty = raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0);
      if (empty) {
        if (option.isRequire) throw badRequest(CART_MESSAGES.requiredOption(option.title), 'productOptions.custom_options');
        continue;
      }
      if (option.type === 'field') {
        const text = String(raw).trim().slice(0, 255);
        if (!text) {
          if (option.isRequire) throw badRequest(CART_MESSAGES.requiredOption(option.title), 'productOptions.custom_options');
          continue;
        }
        custom.push({ option_id: option.id, option_value: text });
        const valueSku = option.values[0]?.sku;
        if (valueSku) skuParts.push(valueSku);
        continue;
      }
      const list = (Array.isArray(raw) ? raw : String(raw).split(',')).map((v) => toNumber(v as string | number));
      const ids = [...new Set(list)].sort((a, b) => a - b);
      const values = ids.map((id) => option.values.find((v) => v.id === id));
      if (values.some((v) => !v) || (option.type !== 'checkbox' && ids.length > 1)) {
        throw badRequest(CART_MESSAGES.badOptionValue(option.title), 'productOptions.custom_options');
      }
      custom.push({ option_id: option.id, option_value: option.type === 'checkbox' ? ids : ids[0]! });
      for (const v of values) if (v?.sku) skuParts.push(v.sku);
    }

    const sku = [product.sku, ...skuParts].join('-');
    const lineKey = `${product.id}|${parent?.id ?? ''}|${JSON.stringify(custom)}`;
    return { product, parent, sku, lineKey, options: { configurable, custom } };
  }

  return {
    resolve,
    resolveForChange,
    view,
    priced,

    async createGuestCart(): Promise<{ cartId: string }> {
      const cart = await store.createCart(null);
      return { cartId: cart.id };
    },

    async get(owner: CartOwnerInput): Promise<CartAnswer> {
      return answer(await resolve(owner));
    },

    /** POST /api/cart/mine: the customer's open basket, with its id. */
    async mine(customerToken: string | null): Promise<CartAnswer & { id: string }> {
      if (!customerToken) throw new HttpError(401, ACCOUNT_MESSAGES.sessionExpired);
      const ctx = await resolve({ customerToken, cartId: null });
      return { id: ctx.cart.id, ...(await answer(ctx)) };
    },

    async add(owner: CartOwnerInput, productSku: string, quantity: number, productOptions: ProductOptionsRequest): Promise<CartAnswer> {
      const ctx = await resolveForChange(owner);
      const line = await resolveLine(productSku, productOptions);
      const items = await store.lines(ctx.cart.id);
      const existing = items.find((i) => i.lineKey === line.lineKey);
      if (existing && existing.qty + quantity > MAX_LINE_QTY) throw badRequest(CART_MESSAGES.maxQty, 'quantity');
      if (!existing && items.length >= MAX_LINES) throw badRequest(CART_MESSAGES.basketFull, 'productSku');
      const inBasket = items.filter((i) => i.productId === line.product.id).reduce((sum, i) => sum + i.qty, 0);
      if (!line.product.isInStock || line.product.stockQty <= 0) {
        throw badRequest(CART_MESSAGES.outOfStock(line.product.name), 'productSku');
      }
      if (inBasket + quantity > line.product.stockQty) {
        throw badRequest(CART_MESSAGES.onlyInStock(line.product.name, line.product.stockQty), 'quantity');
      }
      const row = await store.addToLine(
        {
          cartId: ctx.cart.id,
          productId: line.product.id,
          parentProductId: line.parent?.id ?? null,
          sku: line.sku,
          lineKey: line.lineKey,
          options: line.options,
        },
        quantity,
        MAX_LINE_QTY,
      );
      if (!row) throw badRequest(CART_MESSAGES.maxQty, 'quantity');
      // Read the lines again: a concurrent add to this basket shows in the answer too.
      return answer(ctx);
    },

    /** Lowers the line by one (deletes it at 1): the line with `itemId`, else the newest with this sku. */
    async remove(owner: CartOwnerInput, productSku: string, itemId: number | undefined, productOptions: ProductOptionsRequest): Promise<CartAnswer> {
      const ctx = await resolveForChange(owner);
      const items = await store.lines(ctx.cart.id);
      let target = itemId !== undefined ? items.find((i) => i.id === itemId) : undefined;
      if (!target) {
        const bySku = items.filter((i) => i.sku === productSku);
        target = bySku[bySku.length - 1];
      }
      if (!target && productOptions) {
        // The product page's sku and options (e.g. a configurable parent): the line they make.
        try {
          const line = await resolveLine(productSku, productOptions);
          target = items.find((i) => i.lineKey === line.lineKey);
        } catch {
          target = undefined;
        }
      }
      if (!target) {
        // A parent sku without options: its newest line.
        const byParent = items.filter((i) => i.sku.startsWith(`${productSku}-`));
        target = byParent[byParent.length - 1];
      }
      if (!target) throw badRequest(CART_MESSAGES.lineNotFound(productSku), 'productSku');
      await store.decrementLine(target.id);
      return answer(ctx);
    },

    /**
     * Moves a guest basket's lines into the customer's basket (same line: quantities add, capped at
     * 999) and closes the guest basket. An unknown, closed or someone else's guest basket merges
     * nothing (the login flow goes on).
     */
    async mergeGuestCart(customerToken: string | null, guestCartId: string): Promise<CartAnswer & { merged: number }> {
      if (!customerToken) throw new HttpError(401, ACCOUNT_MESSAGES.sessionExpired);
      const ctx = await resolveForChange({ customerToken, cartId: null });
      let merged = 0;
      if (guestCartId !== ctx.cart.id) {
        merged = await db.transaction(async (tx) => {
          const guest = await store.lockCart(tx, guestCartId);
          if (!guest || guest.customerId !== null || guest.status !== 'active') return 0;
          const lines = await store.lines(guest.id, tx);
          const target = await store.lines(ctx.cart.id, tx);
          let moved = 0;
          let added = 0;
          for (const line of lines) {
            const same = target.find((t) => t.lineKey === line.lineKey);
            if (!same && target.length + added >= MAX_LINES) continue;
            const qty = Math.min(line.qty, MAX_LINE_QTY - (same?.qty ?? 0));
            if (qty > 0) {
              moved++;
              if (!same) added++;
              await store.addToLine(
                {
                  cartId: ctx.cart.id,
                  productId: line.productId,
                  parentProductId: line.parentProductId,
                  sku: line.sku,
                  lineKey: line.lineKey,
                  options: line.options,
                },
                qty,
                MAX_LINE_QTY,
                tx,
              );
            }
          }
          await store.deleteLines(
            lines.map((l) => l.id),
            tx,
          );
          await store.updateCart(guest.id, { status: 'merged', mergedIntoId: ctx.cart.id, closedAt: new Date() }, tx);
          await store.touchCart(ctx.cart.id, tx);
          return moved;
        });
      }
      return { ...(await answer(ctx)), merged };
    },

    /** POST /api/cart/estimate-shipping-methods */
    async estimate(owner: CartOwnerInput, address: { country_id: string; postcode: string }): Promise<ShippingEstimate[]> {
      const ctx = await resolve(owner);
      const p = await priced(ctx.cart.id, ctx.groupId);
      return ratesFor(p, { countryId: address.country_id, postcode: address.postcode }).map((r) => ({
        carrier_code: r.carrierCode,
        method_code: r.methodCode,
        carrier_title: r.carrierTitle,
        method_title: r.methodTitle,
        amount: fromPence(r.amountPence),
        price_excl_tax: fromPence(r.amountPence),
        price_incl_tax: fromPence(incVatPence(r.amountPence)),
        available: true,
        error_message: '',
      }));
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;

/** The answer shape of a basket (pounds, 2 decimals). */
export function toCartAnswer(priced: PricedCart, totals: CartTotalsPence): CartAnswer {
  const items: CartItem[] = priced.lines.map((l) => {
    const url = `/${(l.parent ?? l.product).urlKey}`;
    const configurable = l.item.options.configurable.map((c) => ({ option_id: String(c.option_id), option_value: c.option_value }));
    const custom = l.item.options.custom.map((c) => ({
      option_id: String(c.option_id),
      option_value: Array.isArray(c.option_value) ? c.option_value.join(',') : c.option_value,
    }));
    return {
      item_id: l.item.id,
      sku: l.item.sku,
      name: l.product.name,
      price: fromPence(l.unitPence),
      price_incl_tax: fromPence(l.unitIncVatPence),
      qty: l.item.qty,
      row_total: fromPence(l.rowPence),
      row_total_incl_tax: fromPence(l.rowPence + l.rowVatPence),
      image: l.product.image ?? l.parent?.image ?? null,
      option_title: l.optionTitle,
      url,
      product_id: l.product.id,
      product_type: l.product.typeId,
      parent_sku: l.parent?.sku ?? null,
      options: l.options,
      product_option:
        configurable.length > 0 || custom.length > 0
          ? {
              extension_attributes: {
                ...(configurable.length > 0 ? { configurable_item_options: configurable } : {}),
                ...(custom.length > 0 ? { custom_options: custom } : {}),
              },
            }
          : null,
    };
  });
  return { items, total: fromPence(totals.subtotalPence), totals: toTotalsAnswer(totals) };
}

export function toTotalsAnswer(t: CartTotalsPence): CartTotals {
  const remaining = freeDeliveryRemainingPence(t.subtotalPence);
  return {
    subtotal: fromPence(t.subtotalPence),
    subtotal_incl_tax: fromPence(t.subtotalInclTaxPence),
    shipping: fromPence(t.shippingPence),
    shipping_incl_tax: fromPence(t.shippingPence + t.shippingVatPence),
    tax: fromPence(t.taxPence),
    discount: fromPence(t.discountPence),
    grand_total: fromPence(t.grandTotalPence),
    currency: 'GBP',
    items_qty: t.itemsQty,
    total_segments: [
      { code: 'subtotal', title: 'Subtotal (ex VAT)', value: fromPence(t.subtotalPence) },
      { code: 'shipping', title: t.shipping ? `Delivery (${t.shipping.methodTitle})` : 'Delivery', value: fromPence(t.shippingPence) },
      { code: 'tax', title: 'VAT (20%)', value: fromPence(t.taxPence) },
      { code: 'grand_total', title: 'Grand Total (inc VAT)', value: fromPence(t.grandTotalPence) },
    ],
    shipping_method: t.shipping
      ? { carrier_code: t.shipping.carrierCode, method_code: t.shipping.methodCode, title: t.shipping.methodTitle }
      : null,
    free_delivery: {
      threshold: fromPence(FREE_DELIVERY_THRESHOLD_PENCE),
      remaining: fromPence(remaining),
      qualifies: remaining === 0,
      message: FREE_DELIVERY_MESSAGE,
    },
  };
}
