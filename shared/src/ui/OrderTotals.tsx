import { formatGBP } from '../pricing/money';
import styles from './OrderTotals.module.css';

export interface OrderTotalsProps {
  subtotal: number;
  /** A discount as a positive amount; nothing is shown when there is none. */
  discount?: number | null | undefined;
  /** Delivery ex VAT, or null while no delivery method is chosen. */
  shipping: number | null;
  /** The delivery method's title, under the Delivery label. */
  shippingTitle?: string | null | undefined;
  tax: number;
  grandTotal: number;
  className?: string | undefined;
}

/**
 * An order's totals as the whole shop words them: the checkout's summary, the order confirmation
 * and the customer's order detail (prices ex VAT, the total inc VAT).
 */
export function OrderTotals({ subtotal, discount, shipping, shippingTitle, tax, grandTotal, className }: OrderTotalsProps) {
  return (
    <dl className={`${styles.totals} ${className ?? ''}`} aria-label="Order totals">
      <div>
        <dt>Subtotal (ex VAT)</dt>
        <dd>{formatGBP(subtotal)}</dd>
      </div>
      {discount ? (
        <div>
          <dt>Discount</dt>
          <dd>-{formatGBP(Math.abs(discount))}</dd>
        </div>
      ) : null}
      <div>
        <dt>
          Delivery (ex VAT){shippingTitle ? <span className={styles.method}>{shippingTitle}</span> : null}
        </dt>
        <dd>{shipping === null ? 'Choose a delivery method' : shipping === 0 ? 'Free' : formatGBP(shipping)}</dd>
      </div>
      <div>
        <dt>VAT (20%)</dt>
        <dd>{formatGBP(tax)}</dd>
      </div>
      <div className={styles.grand}>
        <dt>Order Total (inc VAT)</dt>
        <dd>{formatGBP(grandTotal)}</dd>
      </div>
    </dl>
  );
}
