import { formatGBP, PageHeading } from '@shop/shared';
import { accountApi } from '../../account/api';
import { formatDate } from '../../account/format';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import { ListState } from '../../components/AccountList/ListState';
import { useAccountList } from '../../components/AccountList/useAccountList';
import styles from '../../components/Form/Form.module.css';

/** My Subscriptions: repeat card payments (e.g. a yearly maintenance plan) and their next date. */
export default function SubscriptionsPage() {
  const state = useAccountList(accountApi.subscriptions, 'Could not load your subscriptions. Please try again.');
  return (
    <AccountLayout>
      <PageHeading title="My Subscriptions" />
      <ListState state={state} loading="Loading your subscriptions..." empty="You have no subscriptions.">
        <table className={styles.table}>
          <caption className={styles.sr}>My subscriptions</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Status</th>
              <th scope="col" className={styles.num}>
                Amount
              </th>
              <th scope="col">Every</th>
              <th scope="col">Next Payment</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {state.items.map((s) => (
              <tr key={s.id}>
                <td data-label="Product">{s.product_name}</td>
                <td data-label="Status">{s.status}</td>
                <td data-label="Amount" className={styles.num}>
                  {formatGBP(s.amount)}
                </td>
                <td data-label="Every">{s.interval}</td>
                <td data-label="Next Payment">{s.current_period_end ? formatDate(s.current_period_end) : '—'}</td>
                <td data-label="Started">{formatDate(s.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
    </AccountLayout>
  );
}
