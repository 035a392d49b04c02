import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { basketOpenAtom, cartAtom, Dialog, FederatedSlot, formatGBP, useBasket } from '@shop/shared';
import styles from './Basket.module.css';

/** The basket slide-over: the lines, the subtotal and the way to checkout. */
export function BasketSlideOver() {
  const [open, setOpen] = useAtom(basketOpenAtom);
  const cart = useAtomValue(cartAtom);
  const basket = useBasket();
  const navigate = useNavigate();
  const empty = cart.items.length === 0;

  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Shopping cart" placement="right">
      {empty ? (
        <p className={styles.empty}>Your basket is empty.</p>
      ) : (
        <ul className={styles.lines}>
          {cart.items.map((item) => (
            <li key={item.sku} className={styles.line}>
              {item.image ? <img src={item.image} alt="" width="64" height="64" /> : <span className={styles.noimg} />}
              <div className={styles.details}>
                <span className={styles.name}>{item.name}</span>
                {item.option_title ? <span className={styles.option}>{item.option_title}</span> : null}
                <span className={styles.meta}>
                  <span>{formatGBP(item.price)}</span>
                  <span>Qty {item.qty}</span>
                </span>
              </div>
              <button type="button" className={styles.remove} onClick={() => void basket.remove(item)} aria-label={`Remove ${item.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.summary}>
        <p className={styles.subtotal}>
          <span>Subtotal</span> <strong>{formatGBP(cart.total)}</strong>
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
