import { PageHeading } from '@shop/shared';
import { accountApi } from '../../account/api';
import { formatDate } from '../../account/format';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import { ListState } from '../../components/AccountList/ListState';
import { useAccountList } from '../../components/AccountList/useAccountList';
import styles from '../../components/Form/Form.module.css';

/** Billing Agreements: the payment agreements (e.g. PayPal) the customer has with the shop. */
export default function BillingAgreementsPage() {
  const state = useAccountList(accountApi.billingAgreements, 'Could not load your billing agreements. Please try again.');
  return (
    <AccountLayout>
      <PageHeading title="Billing Agreements" />
      <ListState state={state} loading="Loading your billing agreements..." empty="There are no billing agreements yet.">
        <table className={styles.table}>
          <caption className={styles.sr}>Billing agreements</caption>
          <thead>
            <tr>
              <th scope="col">Reference ID</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Updated</th>
              <th scope="col">Payment Method</th>
            </tr>
          </thead>
          <tbody>
            {state.items.map((a) => (
              <tr key={a.id}>
                <td data-label="Reference ID">{a.reference_id}</td>
                <td data-label="Status">{a.status}</td>
                <td data-label="Created">{formatDate(a.created_at)}</td>
                <td data-label="Updated">{formatDate(a.updated_at)}</td>
                <td data-label="Payment Method">{a.method_title}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
    </AccountLayout>
  );
}
