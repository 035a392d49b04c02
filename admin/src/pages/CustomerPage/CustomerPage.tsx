import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { adminCustomerDetailSchema, customerActionAnswerSchema } from '@shop/shared/backoffice';
import { ApiError, call, newRequestKey } from '../../api';
import { Confirm } from '../../components/Confirm';
import { dateTime, pence } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';

type Action = 'reset-link' | 'disable' | 'enable';
const TEXT: Record<Action, { title: string; confirm: string; done: string }> = {
  'reset-link': { title: 'Send a password reset link?', confirm: 'Send the link', done: 'A password reset link has been emailed to the customer.' },
  disable: { title: 'Disable this account?', confirm: 'Disable sign-in', done: 'The account is disabled: the customer is signed out and cannot sign in.' },
  enable: { title: 'Enable this account?', confirm: 'Enable sign-in', done: 'The account is enabled: the customer can sign in again.' },
};

/** One customer: details, addresses, orders; reset link, disable or enable. */
export function CustomerPage() {
  const id = Number(useParams().id);
  const { data: customer, setData, error } = useLoad(() => call(adminCustomerDetailSchema, 'GET', `/customers/${id}`), [id]);
  const [pending, setPending] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  if (error) return <p className={ui.error} role="alert">{error}</p>;
  if (!customer) return <p className={ui.muted}>Loading…</p>;

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const answer = await call(customerActionAnswerSchema, 'POST', `/customers/${id}/${pending}`, { requestKey });
      setData(answer.customer);
      setMessage({ ok: true, text: TEXT[pending].done });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof ApiError ? e.message : 'Something went wrong. Please try again.' });
    } finally {
      setRequestKey(newRequestKey());
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <div className={ui.page}>
      <p><Link to="/customers">← Customers</Link></p>
      <h1 className={ui.heading}>{customer.name}</h1>
      <p className={ui.row}>
        <span className={ui.badge}>{customer.disabled ? 'sign-in disabled' : 'sign-in enabled'}</span>
        <a href={`mailto:${customer.email}`}>{customer.email}</a>
        {customer.company && <span>{customer.company}</span>}
        <span className={ui.muted}>Customer since {dateTime(customer.created_at)}</span>
      </p>
      {message && <p className={message.ok ? ui.notice : ui.error} role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
      <div className={ui.row}>
        <button type="button" className={ui.secondary} onClick={() => setPending('reset-link')}>Send password reset link…</button>
        {customer.disabled ? (
          <button type="button" className={ui.button} onClick={() => setPending('enable')}>Enable sign-in…</button>
        ) : (
          <button type="button" className={ui.danger} onClick={() => setPending('disable')}>Disable sign-in…</button>
        )}
      </div>
      <section className={ui.card}>
        <h2 className={ui.subheading}>Orders ({customer.orders})</h2>
        {customer.recent_orders.length === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead><tr><th>Order</th><th>Placed</th><th>Status</th><th className={ui.num}>Total inc VAT</th></tr></thead>
              <tbody>
                {customer.recent_orders.map((o) => (
                  <tr key={o.id}>
                    <td><Link to={`/orders/${o.id}`}>{o.number}</Link></td>
                    <td>{dateTime(o.created_at)}</td>
                    <td><span className={ui.badge}>{o.status}</span></td>
                    <td className={ui.num}>{pence(o.grand_total_pence)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className={ui.card}>
        <h2 className={ui.subheading}>Addresses</h2>
        {customer.addresses.length === 0 ? (
          <p>No saved addresses.</p>
        ) : (
          <div className={ui.grid2}>
            {customer.addresses.map((a) => (
              <address key={a.id} style={{ fontStyle: 'normal' }}>
                {a.firstname} {a.lastname}
                {a.company && <><br />{a.company}</>}
                {a.street.filter(Boolean).map((s) => <span key={s}><br />{s}</span>)}
                <br />{a.city}{a.region && `, ${a.region}`}
                <br />{a.postcode} {a.country_id}
                {a.telephone && <><br />{a.telephone}</>}
                {(a.default_billing || a.default_shipping) && (
                  <><br /><span className={ui.muted}>{[a.default_shipping && 'Default shipping', a.default_billing && 'Default billing'].filter(Boolean).join(' · ')}</span></>
                )}
              </address>
            ))}
          </div>
        )}
      </section>
      <Confirm
        open={pending !== null}
        busy={busy}
        danger={pending === 'disable'}
        title={pending ? TEXT[pending].title : ''}
        confirmLabel={pending ? TEXT[pending].confirm : ''}
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending === 'reset-link' && `${customer.email} gets an email with a link to choose a new password.`}
          {pending === 'disable' && `${customer.name} is signed out everywhere and cannot sign in until the account is enabled.`}
          {pending === 'enable' && `${customer.name} can sign in again with their password.`}
        </p>
      </Confirm>
    </div>
  );
}
