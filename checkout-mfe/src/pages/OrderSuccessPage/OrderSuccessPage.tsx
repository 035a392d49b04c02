import { useEffect, useState } from 'react';
import { Link } from '@shop/shared/router';
import { useAtomValue } from 'jotai';
import { ApiError, authTokenAtom, formatGBP, OrderTotals, PageHeading, reportError, Spinner, useHydrated } from '@shop/shared';
import { findCountry } from '@shop/shared/forms';
import type { OrderSuccess } from '@shop/shared/schemas';
import { checkoutApi } from '../../api/checkoutApi';
import { addressLines } from '../../checkout/addresses';
import { readLastOrder, type LastOrder } from '../../checkout/lastOrder';
import styles from './OrderSuccessPage.module.css';
import { successOrderIdAtom } from '../../checkout/checkoutState';

type State =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; order: OrderSuccess; placed: LastOrder | null };

const countryName = (id: string) => findCountry(id)?.name ?? id;

/**
 * After the order (spec section 2, /order/success): the order reference, what was bought, where it
 * goes and how, the totals and the email the confirmation went to; a guest can continue shopping
 * or create an account, a customer can view the order in their account.
 */
export default function OrderSuccessPage() {
  const reference = useAtomValue(successOrderIdAtom);
  const token = useAtomValue(authTokenAtom);
  // The order's reference is in this tab's sessionStorage, which the server cannot read: its HTML,
  // and the browser's first render that hydrates it, show the loading state; the order follows.
  const hydrated = useHydrated();
  const [state, setState] = useState<State>(reference ? { kind: 'loading' } : { kind: 'none' });
  const [orderId, setOrderId] = useState<number | null>(null);

  useEffect(() => {
    if (!reference) {
      setState({ kind: 'none' });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    checkoutApi.orderSuccess(reference).then(
      (answer) => live && setState({ kind: 'ready', order: answer.data, placed: readLastOrder(reference) }),
      (error: unknown) => {
        reportError('[checkout] order success data failed to load', error);
        if (!live) return;
        setState({
          kind: 'failed',
          message:
            error instanceof ApiError && error.status === 404
              ? 'We could not find this order.'
              : 'Your order is placed, but we could not load its details just now. Your confirmation email has them all.',
        });
      },
    );
    return () => {
      live = false;
    };
  }, [reference]);

  // A customer's link to the order in their account needs its id: find it in their order list.
  const incrementId = state.kind === 'ready' ? state.order.increment_id : null;
  useEffect(() => {
    if (!token || !incrementId) return;
    let live = true;
    checkoutApi.ordersList(token).then(
      (answer) => {
        const found = answer.data.items.find((o) => o.increment_id === incrementId);
        if (live && found) setOrderId(found.entity_id);
      },
      (error: unknown) => reportError('[checkout] order list for the success page failed', error),
    );
    return () => {
      live = false;
    };
  }, [token, incrementId]);

  if (!hydrated || state.kind === 'loading') {
    return (
      <div className={styles.page}>
        <PageHeading title="Thank you for your order" heading="Thank you for your order" />
        <Spinner label="Loading your order…" />
      </div>
    );
  }

  if (state.kind === 'none' || state.kind === 'failed') {
    return (
      <div className={styles.page}>
        <PageHeading title="Thank you for your order" heading={state.kind === 'none' ? 'No recent order' : 'Thank you for your order'} />
        <p className={state.kind === 'failed' ? styles.notice : undefined}>
          {state.kind === 'none' ? 'There is no recent order to show in this browser tab.' : state.message}
        </p>
        <div className={styles.actions}>
          <Link to="/" className={styles.primary}>
            Continue Shopping
          </Link>
          {token ? (
            <Link to="/sales/order/history" className={styles.secondary}>
              View My Orders
            </Link>
          ) : null}
        </div>
      </div>
    );
  }

  const { order, placed } = state;
  const delivery = placed
    ? addressLines(placed.shippingAddress)
    : order.delivery
      ? [order.delivery.city, order.delivery.postcode_outward, countryName(order.delivery.country_id)]
      : [];
  const email = placed?.email || order.email_masked;

  return (
    <div className={styles.page}>
      <PageHeading title="Thank you for your order" heading={`Thank you for your order, ${order.customer_firstname}`} />
      <div className={styles.confirmed} role="status">
        <p className={styles.reference}>
          Your order number is <strong data-testid="order-number">{order.increment_id}</strong>.
        </p>
        <p>
          We have sent a confirmation email to <strong>{email}</strong> with your order details.
        </p>
        <p className={styles.muted}>
          Status: {order.status_label} · Placed {new Date(order.created_at).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })}
        </p>
      </div>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="success-items">
          <h2 id="success-items">What you ordered</h2>
          <ul className={styles.lines}>
            {order.items.map((item) => (
              <li key={item.item_id} className={styles.line}>
                <span className={styles.name}>
                  {item.name}
                  {item.options.length > 0 ? (
                    <span className={styles.options}>{item.options.map((o) => `${o.label}: ${o.value}`).join(', ')}</span>
                  ) : null}
                  <span className={styles.options}>
                    SKU {item.sku} · Qty {item.qty_ordered} × {formatGBP(item.price)}
                  </span>
                </span>
                <span className={styles.price}>{formatGBP(item.row_total)}</span>
              </li>
            ))}
          </ul>
          <OrderTotals
            subtotal={order.subtotal}
            discount={order.discount_amount}
            shipping={order.shipping_amount}
            tax={order.tax_amount}
            grandTotal={order.grand_total}
            className={styles.totals}
          />
        </section>

        <div className={styles.side}>
          <section className={styles.card} aria-labelledby="success-delivery">
            <h2 id="success-delivery">Delivery</h2>
            <address className={styles.address}>
              {delivery.map((line, i) => (
                <span key={i}>{line}</span>
              ))}
            </address>
            <p>
              <strong>Delivery method:</strong> {order.shipping_description}
            </p>
            <p>
              <strong>Payment:</strong> {order.payment_method_title}
            </p>
          </section>

          <section className={styles.card} aria-labelledby="success-next">
            <h2 id="success-next">What next?</h2>
            {token ? (
              <>
                <p>You can follow your order in your account.</p>
                <div className={styles.actions}>
                  <Link to={orderId ? `/sales/order/view/order_id/${orderId}` : '/sales/order/history'} className={styles.primary}>
                    View Order
                  </Link>
                  <Link to="/" className={styles.secondary}>
                    Continue Shopping
                  </Link>
                </div>
              </>
            ) : (
              <>
                <p>Create an account to track this order, check out faster and keep your addresses.</p>
                <div className={styles.actions}>
                  <Link to="/" className={styles.primary}>
                    Continue Shopping
                  </Link>
                  <Link to="/customer/account/create" className={styles.secondary}>
                    Create an Account
                  </Link>
                </div>
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
