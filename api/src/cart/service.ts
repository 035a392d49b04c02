import { fromPence, incVatPence } from '@shop/shared/pricing';
import { ACCOUNT_MESSAGES } from '@shop/shared/schemas';
import type { CartAnswer, ProductOptionsRequest, ShippingEstimate } from '@shop/shared/schemas';
import { authenticateCustomer, type AuthenticatedCustomer } from '../customer/auth';
import { badRequest, HttpError, notFound } from '../http-errors';
import { toCartAnswer } from './answer';
import { addLineAndRead, decrementAndRead, readBasket, type BasketRows } from './basket-store';
import { createBasketProducts, type BasketProducts } from '../catalog/basket-products';
import { createLineResolver, hasCustomChoice, type ResolvedLine } from './choice';
import { CART_MESSAGES, MAX_LINE_QTY, MAX_LINES } from './messages';
import { cartTotals, priceCart, ratesFor, savedShippingRate, type PricedCart } from './pricing';
import type { CartRow, CartStore, Executor } from './store';

export { toCartAnswer, toTotalsAnswer } from './answer';
export { CART_MESSAGES, MAX_LINE_QTY, MAX_LINES } from './messages';

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
  async function basketAndLine(owner: CartOwnerInput, productSku: string, productOptions: ProductOptionsRequest): Promise<[CartContext, ResolvedLine]> {
    const [ctx, line] = await Promise.allSettled([resolveForChange(owner), resolveLine(productSku, productOptions)]);
    if (ctx.status === 'rejected') throw ctx.reason;
    if (line.status === 'rejected') throw line.reason;
    return [ctx.value, line.value];
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

    /**
     * Adds to the line: one statement checks the basket is open, reads the figures the checks
     * need, upserts the line and reads the basket back (src/cart/basket-store.ts). A guest's add
     * of a plain product without options is that statement alone, by sku; any other add, and one
     * that statement did not make (not a plain product, a limit, a basket that is not open), takes
     * the full path: the product's choice resolved first (cart/choice.ts), for a customer side by
     * side with their basket, then the statement; a basket that is not open (unknown, held by a
     * payment) is resolved again. Refusals keep their order: the basket (404, 409), then the
     * product, then at most 999 of a line, at most 100 lines, out of stock, no more than in stock.
     */
    async add(owner: CartOwnerInput, productSku: string, quantity: number, productOptions: ProductOptionsRequest): Promise<CartAnswer> {
      const guestCartId = !owner.customerToken ? owner.cartId : null;
      const limits = { maxQty: MAX_LINE_QTY, maxLines: MAX_LINES };
      if (guestCartId && !hasCustomChoice(productOptions)) {
        const quick = await addLineAndRead(db, guestCartId, { sku: productSku }, quantity, { ...limits, guest: true });
        if (quick.changed && quick.cart) return answerOf({ cart: quick.cart, groupId: 0 }, quick);
      }
      let ctx: CartContext | undefined;
      let line: ResolvedLine;
      if (guestCartId) {
        try {
          line = await resolveLine(productSku, productOptions);
        } catch (error) {
          await resolveForChange(owner); // the basket's refusal comes first
          throw error;
        }
      } else {
        [ctx, line] = await basketAndLine(owner, productSku, productOptions);
      }
      const inStock = line.product.isInStock && line.product.stockQty > 0;
      const attempt = (cartId: string, guest: boolean) =>
        addLineAndRead(
          db,
          cartId,
          {
            line: { productId: line.product.id, parentProductId: line.parent?.id ?? null, sku: line.sku, lineKey: line.lineKey, options: line.options },
            stock: inStock ? line.product.stockQty : 0,
          },
          quantity,
          { ...limits, guest },
        );
      let outcome = await attempt(ctx?.cart.id ?? guestCartId!, !ctx);
      if (!outcome.cart) {
        // Not an open basket: 404 for an unknown one; one held by a payment is given back first.
        ctx = await resolveForChange(owner);
        outcome = await attempt(ctx.cart.id, !ctx.customer);
        if (!outcome.cart) throw new HttpError(409, CART_MESSAGES.inCheckout);
      }
      if (!outcome.changed) {
        if (outcome.existingQty > 0 && outcome.existingQty + quantity > MAX_LINE_QTY) throw badRequest(CART_MESSAGES.maxQty, 'quantity');
        if (outcome.existingQty === 0 && outcome.lineCount >= MAX_LINES) throw badRequest(CART_MESSAGES.basketFull, 'productSku');
        if (!inStock) throw badRequest(CART_MESSAGES.outOfStock(line.product.name), 'productSku');
        if (outcome.productQtyInBasket + quantity > line.product.stockQty) {
          throw badRequest(CART_MESSAGES.onlyInStock(line.product.name, line.product.stockQty), 'quantity');
        }
        // A concurrent add took the line to its limit between the checks and the upsert.
        throw badRequest(CART_MESSAGES.maxQty, 'quantity');
      }
      // The basket as the statement left it (a concurrent add to another line may follow it).
      return answerOf({ cart: outcome.cart, groupId: ctx?.groupId ?? 0 }, outcome);
    },

    /**
     * Lowers the line by one (deletes it at 1): the line with `itemId`, else the newest with this
     * sku (one statement, which for a guest also checks the basket); else the line the product
     * page's sku and options make, else the newest line of a parent sku. A basket that is not
     * open (unknown, another's, held by a payment) is resolved first, as for an add.
     */
    async remove(owner: CartOwnerInput, productSku: string, itemId: number | undefined, productOptions: ProductOptionsRequest): Promise<CartAnswer> {
      const target = { itemId: itemId ?? null, sku: productSku };
      const guestCartId = !owner.customerToken ? owner.cartId : null;
      let quick = guestCartId ? await decrementAndRead(db, guestCartId, target, { guest: true }) : null;
      let ctx: Pick<CartContext, 'cart' | 'groupId'>;
      let guest = true;
      if (quick?.cart) {
        ctx = { cart: quick.cart, groupId: 0 };
      } else {
        const resolved = await resolveForChange(owner);
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
