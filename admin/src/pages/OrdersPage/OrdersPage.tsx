import { Link } from 'react-router-dom';
import { adminOrdersAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { dateTime, pence } from '../../money';
import ui from '../../ui.module.css';
import { Pager } from '../../Pager';
import { useFilteredList } from '../../useFilteredList';

const FILTERS = ['q', 'status', 'payment', 'from', 'to'] as const;

/** Orders, newest first: search by number, email, name or postcode; filter by status, payment and dates. */
export function OrdersPage() {
  const { params, page, pages, data, error, search, go } = useFilteredList(FILTERS, (query) => call(adminOrdersAnswerSchema, 'GET', `/orders?${query}`));

  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Orders</h1>
      <form
        className={`${ui.card} ${ui.row}`}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(e.currentTarget);
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
          <Pager page={page} pages={pages} go={go} back="Newer" forward="Older" />
        </>
      )}
    </div>
  );
}
