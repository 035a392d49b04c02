import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@shop/shared/router';
import { PageHeading, type OrderSummary } from '@shop/shared';
import { fetchOrders, ORDERS_PAGE_SIZE } from '../../account/orders';
import { useCustomer } from '../../account/useCustomer';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import styles from '../../components/Form/Form.module.css';
import { OrdersTable } from '../../components/OrdersTable/OrdersTable';
import page from './OrdersPage.module.css';

interface OrdersState {
  loading: boolean;
  error: string | null;
  items: OrderSummary[];
  totalCount: number;
}

/** My Orders: 10 a page (?p=2 for the second), with loading, error and empty states. */
export default function OrdersPage() {
  const { token } = useCustomer();
  const [params] = useSearchParams();
  const current = Math.max(1, Math.floor(Number(params.get('p')) || 1));
  const [state, setState] = useState<OrdersState>({ loading: true, error: null, items: [], totalCount: 0 });

  useEffect(() => {
    if (!token) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchOrders(token, current)
      .then(({ items, totalCount }) => live && setState({ loading: false, error: null, items, totalCount }))
      .catch((error: Error) => {
        console.warn('[account] orders could not be loaded', error.cause ?? error);
        // The list is emptied on failure (spec section 8).
        if (live) setState({ loading: false, error: error.message, items: [], totalCount: 0 });
      });
    return () => {
      live = false;
    };
  }, [token, current]);

  const pages = Math.max(1, Math.ceil(state.totalCount / ORDERS_PAGE_SIZE));
  return (
    <AccountLayout>
      <PageHeading title="My Orders" />
      {state.loading ? (
        <p role="status">Loading your orders...</p>
      ) : state.error ? (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      ) : state.items.length === 0 ? (
        <p>You have placed no orders.</p>
      ) : (
        <>
          <OrdersTable orders={state.items} caption="My orders" />
          <nav className={page.pager} aria-label="Order pages">
            <span>
              {state.totalCount} {state.totalCount === 1 ? 'order' : 'orders'}, page {current} of {pages}
            </span>
            {current > 1 ? (
              <Link to={`?p=${current - 1}`} rel="prev">
                Previous
              </Link>
            ) : null}
            {current < pages ? (
              <Link to={`?p=${current + 1}`} rel="next">
                Next
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </AccountLayout>
  );
}
