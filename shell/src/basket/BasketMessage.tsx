import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { basketErrorAtom, basketErrorReasonAtom, basketOpenAtom } from '@shop/shared';
import styles from './Basket.module.css';

/** Tells the shopper when a basket change failed; goes away by itself or when dismissed. */
export function BasketMessage() {
  const [message, setMessage] = useAtom(basketErrorAtom);
  // While the basket is open the page behind it is inert: the basket shows the message itself.
  const basketOpen = useAtomValue(basketOpenAtom);
  const reason = useAtomValue(basketErrorReasonAtom);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 8000);
    return () => clearTimeout(timer);
  }, [message, setMessage]);
  return (
    <div className={styles.toastArea} role="alert">
      {message && !basketOpen ? (
        <div className={styles.toast}>
          <span>
            {message}
            {reason ? <span className={styles.reason}>{reason}</span> : null}
          </span>
          <button type="button" onClick={() => setMessage(null)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
