import { Link, useSearchParams } from 'react-router-dom';
import { adminCustomersAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { dateTime } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';

/** Customer accounts, newest first: search by email, name, company or postcode. */
export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const q = params.get('q') ?? '';
  const query = new URLSearchParams({ page: String(page), ...(q ? { q } : {}) });
  const { data, error } = useLoad(() => call(adminCustomersAnswerSchema, 'GET', `/customers?${query}`), [query.toString()]);
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;
  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Customers</h1>
      <form
        className={`${ui.card} ${ui.row}`}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const value = String(new FormData(e.currentTarget).get('q') ?? '').trim();
          setParams(value ? { q: value } : {});
        }}
      >
        <div className={ui.field}>
          <label htmlFor="q">Email, name, company or postcode</label>
          <input id="q" name="q" type="search" defaultValue={q} />
        </div>
        <button className={ui.button} type="submit">Search</button>
      </form>
      {error && <p className={ui.error} role="alert">{error}</p>}
      {data && (
        <>
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead><tr><th>Customer</th><th>Company</th><th>Since</th><th className={ui.num}>Orders</th><th>Sign-in</th></tr></thead>
              <tbody>
                {data.items.map((c) => (
                  <tr key={c.id}>
                    <td><Link to={`/customers/${c.id}`}>{c.name}</Link><br /><span className={ui.muted}>{c.email}</span></td>
                    <td>{c.company}</td>
                    <td>{dateTime(c.created_at)}</td>
                    <td className={ui.num}>{c.orders}</td>
                    <td><span className={ui.badge}>{c.disabled ? 'disabled' : 'enabled'}</span></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.items.length === 0 && <p>No customers match.</p>}
          <nav className={ui.row} aria-label="Pages">
            <button type="button" className={ui.secondary} disabled={page <= 1} onClick={() => setParams({ ...(q ? { q } : {}), page: String(page - 1) })}>Newer</button>
            <span>Page {page} of {pages}</span>
            <button type="button" className={ui.secondary} disabled={page >= pages} onClick={() => setParams({ ...(q ? { q } : {}), page: String(page + 1) })}>Older</button>
          </nav>
        </>
      )}
    </div>
  );
}
