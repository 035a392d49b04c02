import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { basketErrorAtom } from '@shop/shared';
import styles from './Basket.module.css';

/** Tells the shopper when a basket change failed; goes away by itself or when dismissed. */
export function BasketMessage() {
  const [message, setMessage] = useAtom(basketErrorAtom);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 8000);
    return () => clearTimeout(timer);
  }, [message, setMessage]);
  return (
    <div className={styles.toastArea} role="alert">
      {message ? (
        <div className={styles.toast}>
          <span>{message}</span>
          <button type="button" onClick={() => setMessage(null)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
