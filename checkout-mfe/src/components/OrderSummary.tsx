import { formatGBP, OrderTotals, type Cart, productThumbnailOf } from '@shop/shared';
import type { SummaryTotals } from '../checkout/totals';
import styles from './OrderSummary.module.css';

/** The basket as the order will be: lines, subtotal, delivery, VAT and total (prices ex VAT, total inc VAT). */
export function OrderSummary({ cart, totals, shippingTitle }: { cart: Cart; totals: SummaryTotals; shippingTitle?: string | null | undefined }) {
  const count = cart.items.reduce((n, i) => n + i.qty, 0);
  return (
    <div className={styles.summary}>
      <p className={styles.count}>
        {count} {count === 1 ? 'item' : 'items'} in your basket
      </p>
      <ul className={styles.lines}>
        {cart.items.map((item) => (
          <li key={String(item.item_id)} className={styles.line}>
            {item.image ? <img src={productThumbnailOf(item.image)} alt="" width={56} height={56} className={styles.image} loading="lazy" /> : <span className={styles.image} />}
            <span className={styles.name}>
              {item.name}
              {item.option_title ? <span className={styles.option}>{item.option_title}</span> : null}
              <span className={styles.qty}>Qty {item.qty}</span>
            </span>
            <span className={styles.price}>{formatGBP(item.row_total ?? item.price * item.qty)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals
        subtotal={totals.subtotal}
        discount={totals.discount}
        shipping={totals.shippingKnown ? totals.shipping : null}
        shippingTitle={shippingTitle}
        tax={totals.tax}
        grandTotal={totals.grandTotal}
      />
    </div>
  );
}
