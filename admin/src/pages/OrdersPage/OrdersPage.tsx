import { Link, useSearchParams } from 'react-router-dom';
import { adminOrdersAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { dateTime, pence } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';

const FILTERS = ['q', 'status', 'payment', 'from', 'to'] as const;

/** Orders, newest first: search by number, email, name or postcode; filter by status, payment and dates. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const query = new URLSearchParams();
  for (const f of FILTERS) if (params.get(f)) query.set(f, params.get(f)!);
  query.set('page', String(page));
  const { data, error } = useLoad(() => call(adminOrdersAnswerSchema, 'GET', `/orders?${query}`), [query.toString()]);

  const onSearch = (form: HTMLFormElement) => {
    const next = new URLSearchParams();
    const values = new FormData(form);
    for (const f of FILTERS) {
      const v = String(values.get(f) ?? '').trim();
      if (v) next.set(f, v);
    }
    setParams(next);
  };
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };

  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Orders</h1>
      <form
        className={`${ui.card} ${ui.row}`}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(e.currentTarget);
        }}
      >
        <div className={ui.field}>
          <label htmlFor="q">Order number, email, name or postcode</label>
          <input id="q" name="q" type="search" defaultValue={params.get('q') ?? ''} />
        </div>
        <div className={ui.field}>
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">Any</option>
            <option value="pending">Pending payment</option>
            <option value="processing">Processing</option>
            <option value="complete">Complete</option>
            <option value="closed">Closed (refunded in full)</option>
            <option value="cancelled">Cancelled</option>
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="payment">Payment</label>
          <select id="payment" name="payment" defaultValue={params.get('payment') ?? ''}>
            <option value="">Any</option>
            <option value="paid">Paid</option>
            <option value="unpaid">Not paid</option>
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="from">From</label>
          <input id="from" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </div>
        <div className={ui.field}>
          <label htmlFor="to">To</label>
          <input id="to" name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </div>
        <button className={ui.button} type="submit">
          Search
        </button>
      </form>
      {error && <p className={ui.error} role="alert">{error}</p>}
      {data && (
        <>
          <p className={ui.muted}>{data.totalCount} {data.totalCount === 1 ? 'order' : 'orders'}</p>
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>Order</th>
                  <th>Placed</th>
                  <th>Customer</th>
                  <th>Postcode</th>
                  <th>Status</th>
                  <th>Payment</th>
                  <th className={ui.num}>Total inc VAT</th>
                  <th className={ui.num}>ex VAT</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <Link to={`/orders/${o.id}`}>{o.number}</Link>
                    </td>
                    <td>{dateTime(o.created_at)}</td>
                    <td>
                      {o.name}
                      <br />
                      <span className={ui.muted}>{o.email}</span>
                    </td>
                    <td>{o.postcode}</td>
                    <td><span className={ui.badge}>{o.status}</span></td>
                    <td><span className={ui.badge}>{o.payment_state === 'paid' ? 'paid' : 'not paid'}</span></td>
                    <td className={ui.num}>{pence(o.grand_total_pence)}</td>
                    <td className={ui.num}>{pence(o.grand_total_pence - o.tax_pence)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.items.length === 0 && <p>No orders match.</p>}
          <nav className={ui.row} aria-label="Pages">
            <button type="button" className={ui.secondary} disabled={page <= 1} onClick={() => go(page - 1)}>
              Newer
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button type="button" className={ui.secondary} disabled={page >= pages} onClick={() => go(page + 1)}>
              Older
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
