import { useEffect, useState } from 'react';
import { Link } from '@shop/shared/router';
import { PageHeading, Spinner, type OrderSummary } from '@shop/shared';
import { accountApi } from '../../account/api';
import { companyOf, useCustomer } from '../../account/useCustomer';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import { AddressBlock } from '../../components/AddressBlock/AddressBlock';
import styles from '../../components/Form/Form.module.css';
import { OrdersTable } from '../../components/OrdersTable/OrdersTable';

const RECENT_ORDERS = 5;

/** Account dashboard: contact information, newsletter, default addresses and recent orders. */
export default function DashboardPage() {
  const { token, me } = useCustomer();
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [ordersFailed, setOrdersFailed] = useState(false);

  useEffect(() => {
    if (!token) return;
    accountApi
      .orders(token, 1, RECENT_ORDERS)
      .then((answer) => setOrders(answer.data.items))
      .catch((error: unknown) => {
        console.warn('[account] recent orders could not be loaded', error);
        setOrdersFailed(true);
      });
  }, [token]);

  const billing = me?.addresses.find((a) => a.default_billing || String(a.id) === me.default_billing);
  const shipping = me?.addresses.find((a) => a.default_shipping || String(a.id) === me.default_shipping);

  return (
    <AccountLayout>
      <PageHeading title="My Account" />
      {!me ? (
        <Spinner label="Loading your account…" />
      ) : (
        <>
          <section aria-labelledby="account-info">
            <h2 id="account-info">Account Information</h2>
            <div className={styles.grid}>
              <div className={styles.box}>
                <h3>Contact Information</h3>
                <p>
                  {me.firstname} {me.lastname}
                  <br />
                  {companyOf(me) ? (
                    <>
                      {companyOf(me)}
                      <br />
                    </>
                  ) : null}
                  {me.email}
                </p>
                <p className={styles.actions}>
                  <Link to="/customer/account/edit">Edit</Link>
                  <Link to="/customer/account/edit/changepass">Change Password</Link>
                </p>
              </div>
              <div className={styles.box}>
                <h3>Newsletters</h3>
                <p>
                  {me.extension_attributes?.is_subscribed
                    ? 'You are subscribed to our newsletter.'
                    : "You aren't subscribed to our newsletter."}
                </p>
                <p>
                  <Link to="/customer/account/newsletter">Edit</Link>
                </p>
              </div>
            </div>
          </section>
          <section aria-labelledby="address-book">
            <h2 id="address-book">Address Book</h2>
            <div className={styles.grid}>
              <div className={styles.box}>
                <h3>Default Billing Address</h3>
                {billing ? <AddressBlock address={billing} /> : <p>You have not set a default billing address.</p>}
              </div>
              <div className={styles.box}>
                <h3>Default Shipping Address</h3>
                {shipping ? <AddressBlock address={shipping} /> : <p>You have not set a default shipping address.</p>}
              </div>
            </div>
            <p>
              <Link to="/customer/address">Manage Addresses</Link>
            </p>
          </section>
          <section aria-labelledby="recent-orders">
            <h2 id="recent-orders">Recent Orders</h2>
            {ordersFailed ? (
              <p role="alert" className={styles.error}>
                Could not retrieve your orders.
              </p>
            ) : orders === null ? (
              <Spinner label="Loading your orders…" />
            ) : orders.length === 0 ? (
              <p>You have placed no orders.</p>
            ) : (
              <>
                <OrdersTable orders={orders} caption="Recent orders" />
                <p>
                  <Link to="/sales/order/history">View All</Link>
                </p>
              </>
            )}
          </section>
        </>
      )}
    </AccountLayout>
  );
}
