import { Link } from 'react-router-dom';
import { adminCustomersAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { SearchedList } from '../../components/SearchedList';
import { dateTime } from '../../money';
import ui from '../../ui.module.css';

/** Customer accounts, newest first: search by email, name, company or postcode. */
export function CustomersPage() {
  return (
    <SearchedList
      title="Customers"
      searchLabel="Email, name, company or postcode"
      load={(query) => call(adminCustomersAnswerSchema, 'GET', `/customers?${query}`)}
      head={<><th>Customer</th><th>Company</th><th>Since</th><th className={ui.num}>Orders</th><th>Sign-in</th></>}
      row={(c) => (
        <>
          <td><Link to={`/customers/${c.id}`}>{c.name}</Link><br /><span className={ui.muted}>{c.email}</span></td>
          <td>{c.company}</td>
          <td>{dateTime(c.created_at)}</td>
          <td className={ui.num}>{c.orders}</td>
          <td><span className={ui.badge}>{c.disabled ? 'disabled' : 'enabled'}</span></td>
        </>
      )}
      empty="No customers match."
      pager={{ back: 'Newer', forward: 'Older' }}
    />
  );
}
