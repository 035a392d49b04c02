import { useAtom, useAtomValue } from 'jotai';
import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from '@shop/shared/router';
import { basketErrorAtom, basketErrorReasonAtom, basketOpenAtom, cartAtom, Dialog, FederatedSlot, formatGBP, incVat, useBasket, type CartItem, productThumbnailOf } from '@shop/shared';
import styles from './Basket.module.css';

/** A price ex VAT with its inc VAT figure, labelled as on every other page of the shop. */
function VatPrice({ exVat, incVat: inc }: { exVat: number; incVat: number }) {
  return (
    <span className={styles.vatPrice}>
      <span>
        {formatGBP(exVat)} <small>ex VAT</small>
      </span>
      <span className={styles.inc}>
        {formatGBP(inc)} <small>inc VAT</small>
      </span>
    </span>
  );
}

/** The basket slide-over: the lines, the subtotal and the way to checkout. */
export function BasketSlideOver() {
  const [open, setOpen] = useAtom(basketOpenAtom);
  const [error, setError] = useAtom(basketErrorAtom);
  const errorReason = useAtomValue(basketErrorReasonAtom);
  const cart = useAtomValue(cartAtom);
  const basket = useBasket();
  const navigate = useNavigate();
  const empty = cart.items.length === 0;
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  /** The position of the line whose Remove was pressed last, until focus has a new home. */
  const removedAt = useRef<number | null>(null);

  // A removed line takes its Remove button (and the focus) with it: keep the shopper in the
  // basket, on the next line's Remove (or the one before, or the empty-basket note).
  useLayoutEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    const active = document.activeElement;
    if (active && active !== document.body && listRef.current?.contains(active)) return;
    removedAt.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    const next = buttons[Math.min(at, buttons.length - 1)];
    (next ?? emptyRef.current)?.focus();
  }, [cart.items]);

  const remove = (item: CartItem, index: number) => {
    removedAt.current = index;
    void basket.remove(item);
  };

  const incSubtotal = cart.totals?.subtotal_incl_tax ?? incVat(cart.total);

  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Shopping cart" placement="right">
      {error ? (
        <div className={styles.inlineError} role="alert">
          <span>
            {error}
            {errorReason ? <span className={styles.reason}>{errorReason}</span> : null}
          </span>
          <button type="button" onClick={() => setError(null)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ) : null}
      {empty ? (
        <p ref={emptyRef} className={styles.empty} tabIndex={-1}>
          Your basket is empty.
        </p>
      ) : (
        <ul ref={listRef} className={styles.lines}>
          {cart.items.map((item, index) => (
            <li key={item.sku} className={styles.line}>
              {item.image ? <img src={productThumbnailOf(item.image)} alt="" width="64" height="64" /> : <span className={styles.noimg} />}
              <div className={styles.details}>
                <span className={styles.name}>{item.name}</span>
                {item.option_title ? <span className={styles.option}>{item.option_title}</span> : null}
                <span className={styles.meta}>
                  <VatPrice exVat={item.price} incVat={item.price_incl_tax ?? incVat(item.price)} />
                  <span>Qty {item.qty}</span>
                </span>
              </div>
              <button type="button" data-remove className={styles.remove} onClick={() => remove(item, index)} aria-label={`Remove ${item.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.summary}>
        <p className={styles.subtotal}>
          <span>Subtotal</span> <VatPrice exVat={cart.total} incVat={incSubtotal} />
        </p>
        <p className={styles.note}>Shipping and taxes calculated at checkout.</p>
        <button
          type="button"
          className={styles.primary}
          disabled={empty}
          onClick={() => {
            setOpen(false);
            navigate('/checkout');
          }}
        >
          Checkout
        </button>
        <button type="button" className={styles.secondary} onClick={() => setOpen(false)}>
          Continue Shopping
        </button>
        {/* The checkout team's express wallet (Apple Pay, Google Pay or the test wallet). */}
        {empty ? null : <FederatedSlot module="checkout/ExpressCheckoutButton" props={{ context: 'basket' }} />}
      </div>
    </Dialog>
  );
}
