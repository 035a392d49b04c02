import { PageHeading } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { accountApi } from '../../account/api';
import { formatDate } from '../../account/format';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import { ListState } from '../../components/AccountList/ListState';
import { useAccountList } from '../../components/AccountList/useAccountList';
import styles from '../../components/Form/Form.module.css';

const STATUS = { available: 'Available', pending: 'Pending payment', expired: 'Expired' } as const;

/** My Downloadable Products: files bought with orders, each with its signed download link once paid. */
export default function DownloadablePage() {
  const state = useAccountList(accountApi.downloads, 'Could not load your downloadable products. Please try again.');
  return (
    <AccountLayout>
      <PageHeading title="My Downloadable Products" />
      <ListState state={state} loading="Loading your downloadable products..." empty="You have not purchased any downloadable products yet.">
        <table className={styles.table}>
          <caption className={styles.sr}>My downloadable products</caption>
          <thead>
            <tr>
              <th scope="col">Order #</th>
              <th scope="col">Date</th>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Remaining Downloads</th>
            </tr>
          </thead>
          <tbody>
            {state.items.map((d) => (
              <tr key={d.id}>
                <td data-label="Order #">
                  <Link to={`/sales/order/view/order_id/${d.order_id}`}>{d.order_increment_id}</Link>
                </td>
                <td data-label="Date">{formatDate(d.created_at)}</td>
                <td data-label="Title">
                  {d.url ? (
                    <a href={d.url} download={d.file_name}>
                      {d.title}
                    </a>
                  ) : (
                    d.title
                  )}
                </td>
                <td data-label="Status">{STATUS[d.status]}</td>
                <td data-label="Remaining Downloads">{d.downloads_remaining === null ? 'Unlimited' : d.downloads_remaining}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
    </AccountLayout>
  );
}
