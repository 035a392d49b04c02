import { Link } from '@shop/shared/router';
import { formatGBP, type OrderSummary } from '@shop/shared';
import { formatDate } from '../../account/format';
import styles from '../Form/Form.module.css';

/** Orders as a table (cards on phones): number, date, ship to, total, status and a View link. */
export function OrdersTable({ orders, caption }: { orders: OrderSummary[]; caption: string }) {
  return (
    <table className={styles.table}>
      <caption className={styles.sr}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Order #</th>
          <th scope="col">Date</th>
          <th scope="col">Ship To</th>
          <th scope="col" className={styles.num}>
            Order Total
          </th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className={styles.sr}>Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.entity_id}>
            <td data-label="Order #">{o.increment_id}</td>
            <td data-label="Date">{formatDate(o.created_at)}</td>
            <td data-label="Ship To">{o.ship_to ?? '—'}</td>
            <td data-label="Order Total" className={styles.num}>
              {formatGBP(o.grand_total)}
            </td>
            <td data-label="Status">
              {o.status_label}
              {o.tracking.map((t) => (
                <span key={t.tracking_number} className={styles.tracking}>
                  {t.carrier}, tracking number {t.tracking_number}
                </span>
              ))}
            </td>
            <td>
              <Link to={`/sales/order/view/order_id/${o.entity_id}`} aria-label={`View Order ${o.increment_id}`}>
                View Order
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
