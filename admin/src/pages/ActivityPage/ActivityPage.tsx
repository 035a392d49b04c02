import { useSearchParams } from 'react-router-dom';
import { activityAnswerSchema, CONTENT_ACTIONS } from '@shop/shared/backoffice';
import { call } from '../../api';
import { dateTime } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';

const FILTERS = ['staff', 'action', 'targetType', 'targetId'] as const;
const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The owner's page: every staff write (who, when, what, before and after), newest first. */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const query = new URLSearchParams();
  for (const f of FILTERS) if (params.get(f)) query.set(f, params.get(f)!);
  query.set('page', String(page));
  const { data, error } = useLoad(() => call(activityAnswerSchema, 'GET', `/activity?${query}`), [query.toString()]);
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;

  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Activity log</h1>
      <form
        className={`${ui.card} ${ui.row}`}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const values = new FormData(e.currentTarget);
          const next = new URLSearchParams();
          for (const f of FILTERS) {
            const v = String(values.get(f) ?? '').trim();
            if (v) next.set(f, v);
          }
          setParams(next);
        }}
      >
        <div className={ui.field}><label htmlFor="staff">Staff email</label><input id="staff" name="staff" defaultValue={params.get('staff') ?? ''} /></div>
        <div className={ui.field}>
          <label htmlFor="action">Action</label>
          <select id="action" name="action" defaultValue={params.get('action') ?? ''}>
            <option value="">Any</option>
            {['order.ship', 'order.comment.internal', 'order.comment.customer', 'order.cancel', 'customer.reset_link', 'customer.disable', 'customer.enable', 'message.reply', 'message.handled', 'message.reopen', 'staff.add', 'staff.reinvite', 'staff.setup', 'staff.disable', ...CONTENT_ACTIONS].map((a) => <option key={a}>{a}</option>)}
          </select>
        </div>
        <div className={ui.field}><label htmlFor="targetId">Order number or staff id</label><input id="targetId" name="targetId" defaultValue={params.get('targetId') ?? ''} /></div>
        <button className={ui.button} type="submit">Filter</button>
      </form>
      {error && <p className={ui.error} role="alert">{error}</p>}
      {data && (
        <>
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead><tr><th>When</th><th>Who</th><th>What</th><th>On</th><th>Before</th><th>After</th></tr></thead>
              <tbody>
                {data.items.map((e) => (
                  <tr key={e.id}>
                    <td>{dateTime(e.created_at)}</td>
                    <td>{e.staff_email}</td>
                    <td>{e.action}</td>
                    <td>{e.target_type} {e.target_id}</td>
                    <td><code>{show(e.before)}</code></td>
                    <td><code>{show(e.after)}</code></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className={ui.row} aria-label="Pages">
            <button type="button" className={ui.secondary} disabled={page <= 1} onClick={() => setParams((p) => (p.set('page', String(page - 1)), p))}>Newer</button>
            <span>Page {page} of {pages}</span>
            <button type="button" className={ui.secondary} disabled={page >= pages} onClick={() => setParams((p) => (p.set('page', String(page + 1)), p))}>Older</button>
          </nav>
        </>
      )}
    </div>
  );
}
