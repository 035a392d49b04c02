import { useEffect, useState } from 'react';
import { Link, useParams } from '@shop/shared/router';
import { formatGBP, OrderTotals, PageHeading, Spinner, type OrderDetail } from '@shop/shared';
import { formatDate } from '../../account/format';
import { fetchOrder } from '../../account/orders';
import { useCustomer } from '../../account/useCustomer';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import { AddressBlock } from '../../components/AddressBlock/AddressBlock';
import styles from '../../components/Form/Form.module.css';
import page from './OrderViewPage.module.css';

/** Order detail: lines with options, totals with VAT and delivery, addresses, payment and status; printable. */
export default function OrderViewPage() {
  const { orderId } = useParams();
  const { token } = useCustomer();
  const [state, setState] = useState<{ loading: boolean; error: string | null; order: OrderDetail | null }>({
    loading: true,
    error: null,
    order: null,
  });

  useEffect(() => {
    if (!token) return;
    let live = true;
    setState({ loading: true, error: null, order: null });
    fetchOrder(token, orderId)
      .then((order) => live && setState({ loading: false, error: null, order }))
      .catch((error: Error) => live && setState({ loading: false, error: error.message, order: null }));
    return () => {
      live = false;
    };
  }, [token, orderId]);

  const { order } = state;
  return (
    <AccountLayout>
      {state.loading ? (
        <>
          <PageHeading title="My Orders" heading="Order" />
          <Spinner label="Loading your order…" />
        </>
      ) : !order ? (
        <>
          <PageHeading title="My Orders" heading="Order" />
          <p role="alert" className={styles.error}>
            {state.error}
          </p>
          <p>
            <Link to="/sales/order/history">Back to My Orders</Link>
          </p>
        </>
      ) : (
        <article className={page.order}>
          <PageHeading title={`Order # ${order.increment_id}`} heading={`Order # ${order.increment_id}`} />
          <p className={page.meta}>
            <span className={page.status}>{order.status_label}</span>
            <span>Order Date: {formatDate(order.created_at)}</span>
          </p>
          <p className={`${styles.actions} ${page.noPrint}`}>
            <button type="button" className={styles.secondary} onClick={() => window.print()}>
              Print Order
            </button>
            <Link to="/sales/order/history">Back to My Orders</Link>
          </p>

          <h2>Items Ordered</h2>
          <table className={styles.table}>
            <caption className={styles.sr}>Items ordered</caption>
            <thead>
              <tr>
                <th scope="col">Product Name</th>
                <th scope="col">SKU</th>
                <th scope="col" className={styles.num}>
                  Price
                </th>
                <th scope="col" className={styles.num}>
                  Qty
                </th>
                <th scope="col" className={styles.num}>
                  Subtotal
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((line) => (
                <tr key={line.item_id}>
                  <td data-label="Product Name">
                    <strong>{line.name}</strong>
                    {line.options.length > 0 ? (
                      <dl className={page.options}>
                        {line.options.map((o) => (
                          <div key={o.label}>
                            <dt>{o.label}</dt>
                            <dd>{o.value}</dd>
                          </div>
                        ))}
                      </dl>
                    ) : null}
                  </td>
                  <td data-label="SKU">{line.sku}</td>
                  <td data-label="Price" className={styles.num}>
                    {formatGBP(line.price)}
                  </td>
                  <td data-label="Qty" className={styles.num}>
                    {line.qty_ordered}
                  </td>
                  <td data-label="Subtotal" className={styles.num}>
                    {formatGBP(line.row_total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <OrderTotals
            subtotal={order.subtotal}
            discount={order.discount_amount}
            shipping={order.shipping_amount}
            tax={order.tax_amount}
            grandTotal={order.grand_total}
            className={page.totals}
          />

          {order.shipments.length > 0 ? (
            <section aria-labelledby="shipments">
              <h2 id="shipments">Shipments</h2>
              <ul className={page.shipments}>
                {order.shipments.map((s) => (
                  <li key={`${s.carrier}-${s.tracking_number}-${s.created_at}`}>
                    <strong>{s.carrier}</strong>, tracking number <strong>{s.tracking_number}</strong>
                    <br />
                    {s.items.map((i) => `${i.qty} × ${i.name}`).join(', ')}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {order.comments.length > 0 ? (
            <section aria-labelledby="order-messages">
              <h2 id="order-messages">Messages about this order</h2>
              {order.comments.map((c) => (
                <p key={c.created_at} className={page.message}>
                  {c.comment}
                </p>
              ))}
            </section>
          ) : null}

          <h2>Order Information</h2>
          <div className={styles.grid}>
            <section className={styles.box} aria-labelledby="ship-to">
              <h3 id="ship-to">Shipping Address</h3>
              {order.shipping_address ? <AddressBlock address={order.shipping_address} /> : <p>No delivery address.</p>}
            </section>
            <section className={styles.box} aria-labelledby="ship-method">
              <h3 id="ship-method">Shipping Method</h3>
              <p>{order.shipping_description}</p>
              {order.customer_note ? <p>Note: {order.customer_note}</p> : null}
            </section>
            <section className={styles.box} aria-labelledby="bill-to">
              <h3 id="bill-to">Billing Address</h3>
              {order.billing_address ? <AddressBlock address={order.billing_address} /> : <p>Same as shipping address.</p>}
            </section>
            <section className={styles.box} aria-labelledby="pay-method">
              <h3 id="pay-method">Payment Method</h3>
              <p>{order.payment.title}</p>
            </section>
          </div>
        </article>
      )}
    </AccountLayout>
  );
}
