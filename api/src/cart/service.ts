import { fromPence, incVatPence } from '@shop/shared/pricing';
import type { CartAnswer, ProductOptionsRequest, ShippingEstimate } from '@shop/shared/schemas';
import type { AuthenticatedCustomer } from '../customer/auth';
import { customerFor, type Shopper } from '../customer/shopper';
import { badRequest, HttpError, notFound } from '../http-errors';
import { toCartAnswer } from './answer';
import { addLineAndRead, decrementAndRead, readBasket, readCartWithBasket, type AddOutcome, type BasketRows } from './basket-store';
import { createBasketProducts, type BasketProducts } from '../catalog/basket-products';
import { createLineResolver, isSkuAlone, type ResolvedLine } from './choice';
import { CART_MESSAGES, MAX_LINE_QTY, MAX_LINES } from './messages';
import { cartTotals, priceCart, ratesFor, savedShippingRate, type PricedCart } from './pricing';
import type { CartRow, CartStore, Executor } from './store';

export { toCartAnswer, toTotalsAnswer } from './answer';
export { CART_MESSAGES, MAX_LINE_QTY, MAX_LINES } from './messages';

/** The basket a call works on, for whom (the customer, or null for a guest). */
export interface CartContext {
  cart: CartRow;
  customer: AuthenticatedCustomer | null;
  /** Customer group for prices: 0 for guests. */
  groupId: number;
}

/** The basket confirm-order works on: its id and for whom (see `basketToOrder`). */
export interface BasketToOrder {
  cartId: string;
  customer: AuthenticatedCustomer | null;
  /** Customer group for prices: 0 for guests. */
  groupId: number;
}

/**
 * What a call does with the shopper's basket, which decides which basket it is:
 * - `read`: a customer's open basket (created when missing); a guest's open basket by its id;
 * - `change`: the same, and one held by a payment waiting for its extra step is given back first
 *   (or the call is refused while a payment is in flight);
 * - `order` (confirm-order): the same baskets, and those that let a repeated confirm find its
 *   order: a guest's ordered basket; the customer's own basket named by `cartId`; without it, the
 *   customer's basket ordered minutes ago when the open one is empty.
 */
export type BasketPurpose = 'read' | 'change' | 'order';

/** A repeated confirm by a customer (no cartId) finds a basket ordered this recently. */
const REPEAT_WINDOW_MS = 15 * 60_000;

/** One add: what the product page chose, and how many. */
export interface AddRequest {
  productSku: string;
  quantity: number;
  productOptions: ProductOptionsRequest;
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

export function createCartService(
  store: CartStore,
  deps: {
    checkoutHold?: CheckoutHold;
    /** The catalogue's products as the basket needs them (built over the store's database when not given). */
    products?: BasketProducts;
  } = {},
) {
  const db = store.db;
  const resolveLine = createLineResolver(deps.products ?? createBasketProducts(db));

  /** A guest's basket by the id they hold: 404 when unknown, a customer's or merged (and ordered, unless `ordered` may answer). */
  async function guestBasket(cartId: string | null, ordered: 'allowed' | 'gone'): Promise<CartContext> {
    if (!cartId) throw badRequest(CART_MESSAGES.guestCartIdRequired, 'cartId');
    const cart = await store.findCart(cartId);
    if (!cart || cart.customerId !== null || cart.status === 'merged' || (cart.status === 'ordered' && ordered === 'gone')) {
      throw notFound(CART_MESSAGES.cartGone);
    }
    return { cart, customer: null, groupId: 0 };
  }

  /** The basket confirm-order works on (see `BasketPurpose`). */
  async function basketToOrder(shopper: Shopper): Promise<CartContext> {
    if (shopper.kind === 'guest') return guestBasket(shopper.cartId, 'allowed');
    const customer = customerFor(shopper);
    const mine = (cart: CartRow): CartContext => ({ cart, customer, groupId: customer.groupId });
    if (shopper.cartId) {
      const given = await store.findCart(shopper.cartId);
      if (given && given.customerId === customer.id && given.status !== 'merged') return mine(given);
    }
    const open = await store.findOpenCartOfCustomer(customer.id);
    if (open && (open.status === 'checkout' || (await store.countLines(open.id)) > 0)) return mine(open);
    const recent = await store.recentlyOrderedCart(customer.id, REPEAT_WINDOW_MS);
    if (recent) return mine(recent);
    return mine(open ?? (await store.ensureCustomerCart(customer.id)));
  }

  /**
   * The shopper's basket for a call: the one rule of whose basket it is. A customer always works
   * on their own open basket (created when missing; a cartId sent is ignored, but by confirm-order);
   * a guest on the guest basket whose id they hold; a dead login token is a 401.
   */
  async function activeBasket(shopper: Shopper, purpose: BasketPurpose): Promise<CartContext> {
    if (purpose === 'order') return basketToOrder(shopper);
    const ctx: CartContext =
      shopper.kind === 'guest'
        ? await guestBasket(shopper.cartId, 'gone')
        : await (async () => {
            const customer = customerFor(shopper);
            return { cart: await store.ensureCustomerCart(customer.id), customer, groupId: customer.groupId };
          })();
    if (purpose === 'read' || ctx.cart.status !== 'checkout') return ctx;
    if (!deps.checkoutHold) throw new HttpError(409, CART_MESSAGES.inCheckout);
    await deps.checkoutHold.releaseForChanges(ctx.cart);
    const again = await activeBasket(shopper, 'read');
    if (again.cart.status === 'checkout') throw new HttpError(409, CART_MESSAGES.inCheckout);
    return again;
  }

  /**
   * The shopper's basket for a call (as `activeBasket`) with its lines and products. A guest's is
   * read in one statement, row and basket together; the rules are `guestBasket`'s, and a basket
   * held by a payment that a change must give back first takes `activeBasket`'s way.
   */
  async function basketFor(shopper: Shopper, purpose: 'read' | 'change'): Promise<{ ctx: CartContext; basket: BasketRows }> {
    if (shopper.kind === 'guest') {
      if (!shopper.cartId) throw badRequest(CART_MESSAGES.guestCartIdRequired, 'cartId');
      const { cart, ...basket } = await readCartWithBasket(db, shopper.cartId);
      if (!cart || cart.customerId !== null || cart.status === 'merged' || cart.status === 'ordered') throw notFound(CART_MESSAGES.cartGone);
      if (purpose === 'read' || cart.status !== 'checkout') return { ctx: { cart, customer: null, groupId: 0 }, basket };
    }
    const ctx = await activeBasket(shopper, purpose);
    return { ctx, basket: await readBasket(db, ctx.cart.id) };
  }

  async function priced(cartId: string, groupId: number, executor: Executor = db): Promise<PricedCart> {
    const basket = await readBasket(db, cartId, executor);
    return priceCart(basket.items, basket.products, groupId);
  }

  /** The basket priced, with the saved delivery method if it is still offered. */
  async function view(ctx: Pick<CartContext, 'cart' | 'groupId'>, executor: Executor = db) {
    const p = await priced(ctx.cart.id, ctx.groupId, executor);
    const rate = savedShippingRate(p, ctx.cart.shippingAddress, ctx.cart.shippingCarrierCode, ctx.cart.shippingMethodCode);
    return { priced: p, totals: cartTotals(p, rate) };
  }

  /** The answer for a basket already read (priced here, with the saved delivery method). */
  function answerOf(ctx: Pick<CartContext, 'cart' | 'groupId'>, basket: BasketRows): CartAnswer {
    const p = priceCart(basket.items, basket.products, ctx.groupId);
    const rate = savedShippingRate(p, ctx.cart.shippingAddress, ctx.cart.shippingCarrierCode, ctx.cart.shippingMethodCode);
    return toCartAnswer(p, cartTotals(p, rate));
  }

  async function answer(ctx: Pick<CartContext, 'cart' | 'groupId'>): Promise<CartAnswer> {
    return answerOf(ctx, await readBasket(db, ctx.cart.id));
  }

  /**
   * The basket and the line for a change, looked up side by side (two round trips at once on
   * PostgreSQL's pool); the basket's refusal comes first, as when they ran one after the other.
   */
  async function basketAndLine(shopper: Shopper, productSku: string, productOptions: ProductOptionsRequest): Promise<[CartContext, ResolvedLine]> {
    const [ctx, line] = await Promise.allSettled([activeBasket(shopper, 'change'), resolveLine(productSku, productOptions)]);
    if (ctx.status === 'rejected') throw ctx.reason;
    if (line.status === 'rejected') throw line.reason;
    return [ctx.value, line.value];
  }

  const limits = { maxQty: MAX_LINE_QTY, maxLines: MAX_LINES };

  /** The one-statement add of a resolved line to a basket (`guest`: only if it is a guest's). */
  function addResolved(cartId: string, line: ResolvedLine, quantity: number, guest: boolean): Promise<AddOutcome> {
    const inStock = line.product.isInStock && line.product.stockQty > 0;
    return addLineAndRead(
      db,
      cartId,
      {
        line: { productId: line.product.id, parentProductId: line.parent?.id ?? null, sku: line.sku, lineKey: line.lineKey, options: line.options },
        stock: inStock ? line.product.stockQty : 0,
      },
      quantity,
      { ...limits, guest },
    );
  }

  /**
   * Why an add was refused, from the figures the statement read (at most 999 of a line, at most
   * 100 lines, out of stock, no more than in stock), in that order. Figures of a basket not yet
   * made are all zero.
   */
  function refusal(line: ResolvedLine, quantity: number, figures: Pick<AddOutcome, 'existingQty' | 'lineCount' | 'productQtyInBasket'>): HttpError {
    const inStock = line.product.isInStock && line.product.stockQty > 0;
    if (figures.existingQty > 0 && figures.existingQty + quantity > MAX_LINE_QTY) return badRequest(CART_MESSAGES.maxQty, 'quantity');
    if (figures.existingQty === 0 && figures.lineCount >= MAX_LINES) return badRequest(CART_MESSAGES.basketFull, 'productSku');
    if (!inStock) return badRequest(CART_MESSAGES.outOfStock(line.product.name), 'productSku');
    if (figures.productQtyInBasket + quantity > line.product.stockQty) {
      return badRequest(CART_MESSAGES.onlyInStock(line.product.name, line.product.stockQty), 'quantity');
    }
    // A concurrent add took the line to its limit between the checks and the upsert.
    return badRequest(CART_MESSAGES.maxQty, 'quantity');
  }

  /**
   * A guest's first add (no cartId): the product's choice is resolved and checked first, so a
   * refused add makes no basket; then `beforeNewBasket` (the per-client limit on new baskets), the
   * basket and the line. Answers the new basket's id with the basket.
   */
  async function addToNewBasket(request: AddRequest, beforeNewBasket: () => Promise<void>): Promise<CartAnswer & { cartId: string }> {
    const line = await resolveLine(request.productSku, request.productOptions);
    const empty = { existingQty: 0, lineCount: 0, productQtyInBasket: 0 };
    const inStock = line.product.isInStock && line.product.stockQty > 0;
    if (!inStock || request.quantity > line.product.stockQty) throw refusal(line, request.quantity, empty);
    await beforeNewBasket();
    const cart = await store.createCart(null);
    const outcome = await addResolved(cart.id, line, request.quantity, true);
    // A basket nobody else knows yet: only a change of stock meanwhile can refuse the line.
    if (!outcome.changed || !outcome.cart) throw refusal(line, request.quantity, outcome);
    return { ...answerOf({ cart: outcome.cart, groupId: 0 }, outcome), cartId: cart.id };
  }

  return {
    activeBasket,
    basketFor,

    /**
     * The basket confirm-order works on (purpose 'order'). A guest's is the one they name, not
     * read here: the order's claim locks it and refuses it (404) when unknown, a customer's or
     * merged, as `activeBasket` would; a customer's is found by `activeBasket`.
     */
    async basketToOrder(shopper: Shopper): Promise<BasketToOrder> {
      if (shopper.kind === 'guest') {
        if (!shopper.cartId) throw badRequest(CART_MESSAGES.guestCartIdRequired, 'cartId');
        return { cartId: shopper.cartId, customer: null, groupId: 0 };
      }
      const ctx = await activeBasket(shopper, 'order');
      return { cartId: ctx.cart.id, customer: ctx.customer, groupId: ctx.groupId };
    },
    view,
    priced,
    answerOf,

    async createGuestCart(): Promise<{ cartId: string }> {
      const cart = await store.createCart(null);
      return { cartId: cart.id };
    },

    async get(shopper: Shopper): Promise<CartAnswer> {
      return answer(await activeBasket(shopper, 'read'));
    },

    /** POST /api/cart/mine: the customer's open basket, with its id (401 for a guest). */
    async mine(shopper: Shopper): Promise<CartAnswer & { id: string }> {
      customerFor(shopper);
      const ctx = await activeBasket(shopper, 'read');
      return { id: ctx.cart.id, ...(await answer(ctx)) };
    },

    /**
     * Adds to the line: one statement checks the basket is open, reads the figures the checks
     * need, upserts the line and reads the basket back (src/cart/basket-store.ts). A guest's add
     * of a sku alone (no options, no configurable or grouped choice) is first tried as that
     * statement alone, by sku; it adds plain products only. Any other add, and one that statement
     * did not make (not a plain product, a limit, a basket that is not open), takes the full path:
     * the product's choice resolved first (cart/choice.ts), for a customer side by side with their
     * basket, then the statement; a basket that is not open (unknown, held by a payment) is
     * resolved again. Refusals keep their order: the basket (404, 409), then the product, then at
     * most 999 of a line, at most 100 lines, out of stock, no more than in stock.
     *
     * A guest without a basket (no cartId) gets one with this add: `cartId` is then in the answer,
     * and `beforeNewBasket` runs first (the route's per-client limit on new baskets).
     */
    async add(
      shopper: Shopper,
      request: AddRequest,
      options: { beforeNewBasket?: () => Promise<void> } = {},
    ): Promise<CartAnswer & { cartId?: string }> {
      const { productSku, quantity, productOptions } = request;
      if (shopper.kind === 'guest' && !shopper.cartId) return addToNewBasket(request, options.beforeNewBasket ?? (async () => {}));
      const guestCartId = shopper.kind === 'guest' ? shopper.cartId : null;
      if (guestCartId && isSkuAlone(productOptions)) {
        const quick = await addLineAndRead(db, guestCartId, { sku: productSku }, quantity, { ...limits, guest: true });
        if (quick.changed && quick.cart) return answerOf({ cart: quick.cart, groupId: 0 }, quick);
      }
      let ctx: CartContext | undefined;
      let line: ResolvedLine;
      if (guestCartId) {
        try {
          line = await resolveLine(productSku, productOptions);
        } catch (error) {
          await activeBasket(shopper, 'change'); // the basket's refusal comes first
          throw error;
        }
      } else {
        [ctx, line] = await basketAndLine(shopper, productSku, productOptions);
      }
      let outcome = await addResolved(ctx?.cart.id ?? guestCartId!, line, quantity, !ctx);
      if (!outcome.cart) {
        // Not an open basket: 404 for an unknown one; one held by a payment is given back first.
        ctx = await activeBasket(shopper, 'change');
        outcome = await addResolved(ctx.cart.id, line, quantity, !ctx.customer);
        if (!outcome.cart) throw new HttpError(409, CART_MESSAGES.inCheckout);
      }
      if (!outcome.changed) throw refusal(line, quantity, outcome);
      // The basket as the statement left it (a concurrent add to another line may follow it).
      return answerOf({ cart: outcome.cart, groupId: ctx?.groupId ?? 0 }, outcome);
    },

    /**
     * Lowers the line by one (deletes it at 1): the line with `itemId`, else the newest with this
     * sku (one statement, which for a guest also checks the basket); else the line the product
     * page's sku and options make, else the newest line of a parent sku. A basket that is not
     * open (unknown, another's, held by a payment) is resolved first, as for an add.
     */
    async remove(shopper: Shopper, productSku: string, itemId: number | undefined, productOptions: ProductOptionsRequest): Promise<CartAnswer> {
      const target = { itemId: itemId ?? null, sku: productSku };
      const guestCartId = shopper.kind === 'guest' ? shopper.cartId : null;
      let quick = guestCartId ? await decrementAndRead(db, guestCartId, target, { guest: true }) : null;
      let ctx: Pick<CartContext, 'cart' | 'groupId'>;
      let guest = true;
      if (quick?.cart) {
        ctx = { cart: quick.cart, groupId: 0 };
      } else {
        const resolved = await activeBasket(shopper, 'change');
        ctx = resolved;
        guest = !resolved.customer;
        quick = await decrementAndRead(db, ctx.cart.id, target, { guest });
        if (!quick.cart) throw new HttpError(409, CART_MESSAGES.inCheckout); // held again meanwhile
      }
      if (quick.targetId !== null) return answerOf(ctx, quick);
      const items = quick.items;
      let line: (typeof items)[number] | undefined;
      if (productOptions) {
        // The product page's sku and options (e.g. a configurable parent): the line they make.
        try {
          const chosen = await resolveLine(productSku, productOptions);
          line = items.find((i) => i.lineKey === chosen.lineKey);
        } catch {
          line = undefined;
        }
      }
      if (!line) {
        // A parent sku without options: its newest line.
        const byParent = items.filter((i) => i.sku.startsWith(`${productSku}-`));
        line = byParent[byParent.length - 1];
      }
      if (!line) throw badRequest(CART_MESSAGES.lineNotFound(productSku), 'productSku');
      const outcome = await decrementAndRead(db, ctx.cart.id, { itemId: line.id, sku: null }, { guest });
      if (!outcome.cart) throw new HttpError(409, CART_MESSAGES.inCheckout);
      return answerOf(ctx, outcome);
    },

    /**
     * Moves a guest basket's lines into the customer's basket (same line: quantities add, capped at
     * 999) and closes the guest basket. An unknown, closed or someone else's guest basket merges
     * nothing (the login flow goes on).
     */
    async mergeGuestCart(shopper: Shopper, guestCartId: string): Promise<CartAnswer & { merged: number }> {
      customerFor(shopper);
      const ctx = await activeBasket(shopper, 'change');
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
    async estimate(shopper: Shopper, address: { country_id: string; postcode: string }): Promise<ShippingEstimate[]> {
      const { ctx, basket } = await basketFor(shopper, 'read');
      const p = priceCart(basket.items, basket.products, ctx.groupId);
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
