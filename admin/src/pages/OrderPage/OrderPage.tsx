import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { adminOrderDetailSchema, orderActionAnswerSchema, type AdminOrderDetail } from '@shop/shared/backoffice';
import { ApiError, call, newRequestKey } from '../../api';
import { Confirm } from '../../components/Confirm';
import { dateTime, pence } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import { RefundForm, type RefundBody } from './RefundForm';

type Address = AdminOrderDetail['shipping_address'];

function AddressBlock({ title, address }: { title: string; address: Address }) {
  return (
    <section className={ui.card}>
      <h2 className={ui.subheading}>{title}</h2>
      {address ? (
        <address style={{ fontStyle: 'normal' }}>
          {address.firstname} {address.lastname}
          {address.company && <><br />{address.company}</>}
          {address.street.filter(Boolean).map((s) => <span key={s}><br />{s}</span>)}
          <br />
          {address.city}
          {address.region && `, ${address.region}`}
          <br />
          {address.postcode} {address.country_id}
          {address.telephone && <><br />{address.telephone}</>}
        </address>
      ) : (
        <p className={ui.muted}>None</p>
      )}
    </section>
  );
}

const shipForm = z.object({
  carrier: z.string().trim().min(1, 'Enter the carrier.').max(60),
  trackingNumber: z.string().trim().min(3, 'Enter the tracking number.').max(60).regex(/^[A-Za-z0-9 -]+$/, 'A tracking number has only letters, digits, spaces and dashes.'),
  qty: z.record(z.string(), z.coerce.number().int().min(0, 'Not below 0')),
});
type ShipForm = z.input<typeof shipForm>;

const commentForm = z.object({ body: z.string().trim().min(1, 'Write the comment.').max(4000), notifyCustomer: z.boolean() });
type CommentForm = z.infer<typeof commentForm>;

type Pending =
  | { kind: 'ship'; body: { carrier: string; trackingNumber: string; lines: Array<{ lineId: number; qty: number }> } }
  | { kind: 'comment'; body: CommentForm }
  | { kind: 'cancel'; body: { reason?: string } }
  | { kind: 'refund'; body: RefundBody };

const refundStatus: Record<string, string> = { requested: 'requested', pending: 'pending (not confirmed yet)', succeeded: 'refunded', failed: 'failed', canceled: 'cancelled' };

/** What a refund request asks for, in words, for the confirmation. */
function refundSummary(order: AdminOrderDetail, body: RefundBody) {
  const parts: string[] = [];
  if (body.amountPence) parts.push(pence(body.amountPence));
  for (const l of body.lines ?? []) parts.push(`${l.qty} × ${order.lines.find((x) => x.id === l.lineId)?.name ?? 'line'}`);
  if (body.includeDelivery) parts.push('the delivery');
  return parts.join(', ');
}

/** One order: lines, money, addresses, payment, shipments, history; Ship, Comment and Cancel. */
export function OrderPage() {
  const id = Number(useParams().id);
  const { data: order, setData, error } = useLoad(() => call(adminOrderDetailSchema, 'GET', `/orders/${id}`), [id]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [cancelReason, setCancelReason] = useState('');

  const ship = useForm<ShipForm>({ resolver: zodResolver(shipForm), defaultValues: { carrier: '', trackingNumber: '', qty: {} } });
  const comment = useForm<CommentForm>({ resolver: zodResolver(commentForm), defaultValues: { body: '', notifyCustomer: false } });

  if (error) return <p className={ui.error} role="alert">{error}</p>;
  if (!order) return <p className={ui.muted}>Loading…</p>;

  const remaining = (line: AdminOrderDetail['lines'][number]) => line.qty - line.qty_shipped;

  const onShip = ship.handleSubmit((values) => {
    const lines = order.lines
      .map((l) => ({ lineId: l.id, qty: Number(values.qty[String(l.id)] ?? remaining(l)) }))
      .filter((l) => l.qty > 0);
    if (lines.length === 0) return setMessage({ ok: false, text: 'Choose at least one line to ship.' });
    setPending({ kind: 'ship', body: { carrier: values.carrier, trackingNumber: values.trackingNumber, lines } });
  });
  const onComment = comment.handleSubmit((values) => setPending({ kind: 'comment', body: values }));

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    setMessage(null);
    try {
      const answer = await call(orderActionAnswerSchema, 'POST', `/orders/${id}/${pending.kind}`, { requestKey, ...pending.body });
      setData(answer.order);
      setMessage({
        ok: true,
        text: pending.kind === 'ship' ? 'Shipped. The customer has been sent the tracking number.' : pending.kind === 'comment' ? (pending.body.notifyCustomer ? 'Comment saved and sent to the customer.' : 'Internal comment saved.') : pending.kind === 'refund'
              ? answer.order.payment.refunds.at(-1)?.status === 'succeeded'
                ? `Refunded; the customer has been emailed.${answer.order.closed ? ' The order is refunded in full and closed.' : ''}`
                : 'Refund requested: the payment provider has not confirmed it yet (it is checked again automatically). The customer has been emailed.'
              : 'Order cancelled; the stock is back and the customer has been told.',
      });
      if (pending.kind === 'ship') ship.reset({ carrier: '', trackingNumber: '', qty: {} });
      if (pending.kind === 'comment') comment.reset({ body: '', notifyCustomer: false });
      setRequestKey(newRequestKey());
    } catch (e) {
      setMessage({ ok: false, text: e instanceof ApiError ? e.message : 'Something went wrong. Please try again.' });
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) setRequestKey(newRequestKey());
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <div className={ui.page}>
      <p><Link to="/orders">← Orders</Link></p>
      <h1 className={ui.heading}>Order {order.number}</h1>
      <p className={ui.row}>
        <span className={ui.badge}>{order.status}</span>
        <span className={ui.badge}>{order.payment_state === 'paid' ? 'paid' : 'not paid'}</span>
        <span className={ui.muted}>Placed {dateTime(order.created_at)}</span>
      </p>
      {message && <p className={message.ok ? ui.notice : ui.error} role={message.ok ? 'status' : 'alert'}>{message.text}</p>}

      <div className={ui.grid2}>
        <section className={ui.card}>
          <h2 className={ui.subheading}>Customer</h2>
          <p>
            {order.customer.firstname} {order.customer.lastname}{' '}
            {order.customer.guest ? '(guest)' : <Link to={`/customers/${order.customer.id}`}>(account #{order.customer.id})</Link>}
            <br />
            <a href={`mailto:${order.email}`}>{order.email}</a>
          </p>
          {order.customer_note && <p>Note: {order.customer_note}</p>}
        </section>
        <section className={ui.card}>
          <h2 className={ui.subheading}>Payment</h2>
          <p>
            {order.payment.title}
            {order.payment.provider && ` · ${order.payment.provider}`}
            {order.payment.reference && <><br /><span className={ui.muted}>Reference {order.payment.reference}</span></>}
            <br />
            Paid {pence(order.payment.paid_pence)} · refunded {pence(order.payment.refunded_pence)}
            {order.closed && <> · <span className={ui.badge}>closed</span></>}
          </p>
          {order.payment.refunds.length > 0 && (
            <ul aria-label="Refunds">
              {order.payment.refunds.map((r) => (
                <li key={r.id}>
                  {pence(r.amount_pence)} · {refundStatus[r.status] ?? r.status} · {dateTime(r.created_at)}
                  {r.failure_reason && <span className={ui.muted}> ({r.failure_reason})</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <AddressBlock title="Shipping address" address={order.shipping_address} />
        <AddressBlock title="Billing address" address={order.billing_address} />
      </div>

      <section className={ui.card}>
        <h2 className={ui.subheading}>Lines</h2>
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr><th>Product</th><th className={ui.num}>Qty</th><th className={ui.num}>Shipped</th><th className={ui.num}>Unit ex VAT</th><th className={ui.num}>Row ex VAT</th><th className={ui.num}>VAT</th></tr>
            </thead>
            <tbody>
              {order.lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.name}<br /><span className={ui.muted}>{l.sku}{l.options.map((o) => ` · ${o.label}: ${o.value}`).join('')}</span></td>
                  <td className={ui.num}>{l.qty}</td>
                  <td className={ui.num}>{l.qty_shipped}</td>
                  <td className={ui.num}>{pence(l.unit_price_pence)}</td>
                  <td className={ui.num}>{pence(l.row_total_pence)}</td>
                  <td className={ui.num}>{pence(l.vat_pence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={ui.num} style={{ textAlign: 'right' }}>
          Goods {pence(order.subtotal_pence)} · {order.shipping_description} {pence(order.shipping_pence)} · VAT {pence(order.tax_pence)} ·{' '}
          <strong>Total {pence(order.grand_total_pence)} inc VAT</strong>
        </p>
      </section>

      {order.shipments.length > 0 && (
        <section className={ui.card}>
          <h2 className={ui.subheading}>Shipments</h2>
          <ul>
            {order.shipments.map((s) => (
              <li key={s.id}>
                {dateTime(s.created_at)}: {s.carrier}, tracking <strong>{s.tracking_number}</strong> ({s.lines.map((l) => `${l.qty} × ${l.name}`).join(', ')})
              </li>
            ))}
          </ul>
        </section>
      )}

      {order.can_ship && (
        <form className={`${ui.card} ${ui.form}`} onSubmit={onShip} noValidate aria-labelledby="ship-title">
          <h2 id="ship-title" className={ui.subheading}>Ship</h2>
          <div className={ui.field}>
            <label htmlFor="carrier">Carrier</label>
            <input id="carrier" list="carriers" {...ship.register('carrier')} />
            <datalist id="carriers"><option value="DPD" /><option value="Royal Mail" /><option value="Parcelforce" /><option value="Pallet network" /></datalist>
            {ship.formState.errors.carrier && <span className={ui.fieldError}>{ship.formState.errors.carrier.message}</span>}
          </div>
          <div className={ui.field}>
            <label htmlFor="tracking">Tracking number</label>
            <input id="tracking" {...ship.register('trackingNumber')} />
            {ship.formState.errors.trackingNumber && <span className={ui.fieldError}>{ship.formState.errors.trackingNumber.message}</span>}
          </div>
          {order.lines.filter((l) => remaining(l) > 0).map((l) => (
            <div className={ui.field} key={l.id}>
              <label htmlFor={`qty-${l.id}`}>{l.name}: quantity in this parcel (of {remaining(l)} left)</label>
              <input id={`qty-${l.id}`} type="number" min={0} max={remaining(l)} defaultValue={remaining(l)} {...ship.register(`qty.${l.id}`)} />
            </div>
          ))}
          <button className={ui.button} type="submit">Ship…</button>
        </form>
      )}

      <form className={`${ui.card} ${ui.form}`} onSubmit={onComment} noValidate aria-labelledby="comment-title">
        <h2 id="comment-title" className={ui.subheading}>Comment</h2>
        <div className={ui.field}>
          <label htmlFor="comment">Comment</label>
          <textarea id="comment" {...comment.register('body')} />
          {comment.formState.errors.body && <span className={ui.fieldError}>{comment.formState.errors.body.message}</span>}
        </div>
        <label className={ui.row}>
          <input type="checkbox" {...comment.register('notifyCustomer')} /> Send to the customer by email (and show it in their order)
        </label>
        <button className={ui.button} type="submit">Add comment…</button>
      </form>

      {order.can_cancel && (
        <section className={`${ui.card} ${ui.form}`}>
          <h2 className={ui.subheading}>Cancel</h2>
          <div className={ui.field}>
            <label htmlFor="reason">Reason (sent to the customer)</label>
            <input id="reason" value={cancelReason} onChange={(e) => setCancelReason(e.target.value)} maxLength={1000} />
          </div>
          <button type="button" className={ui.danger} onClick={() => setPending({ kind: 'cancel', body: cancelReason.trim() ? { reason: cancelReason.trim() } : {} })}>
            Cancel order…
          </button>
        </section>
      )}

      {/* Keyed by what is refunded so far: a refund made empties the form (no second refund by a stray click). */}
      {order.can_refund && <RefundForm key={order.payment.refunded_pence} order={order} onRequest={(body) => setPending({ kind: 'refund', body })} />}

      <section className={ui.card}>
        <h2 className={ui.subheading}>History</h2>
        <ol>
          {order.history.map((h, i) => (
            <li key={i}>
              {dateTime(h.created_at)} · {h.kind === 'status' ? <span className={ui.badge}>{h.status}</span> : <span className={ui.badge}>{h.visible_to_customer ? 'to customer' : 'internal'}</span>}{' '}
              {h.comment}
              {h.by && <span className={ui.muted}> ({h.by})</span>}
            </li>
          ))}
        </ol>
      </section>

      <Confirm
        open={pending !== null}
        busy={busy}
        danger={pending?.kind === 'cancel' || pending?.kind === 'refund'}
        title={pending?.kind === 'ship' ? 'Ship these items?' : pending?.kind === 'comment' ? 'Add this comment?' : pending?.kind === 'refund' ? `Refund order ${order.number}?` : `Cancel order ${order.number}?`}
        confirmLabel={pending?.kind === 'ship' ? 'Ship and email the customer' : pending?.kind === 'comment' ? 'Add comment' : pending?.kind === 'refund' ? 'Refund and email the customer' : 'Cancel the order'}
        onConfirm={() => void run()}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'ship' && (
          <p>
            {pending.body.lines.map((l) => `${l.qty} × ${order.lines.find((x) => x.id === l.lineId)?.name}`).join(', ')} with {pending.body.carrier}, tracking{' '}
            {pending.body.trackingNumber}. {order.email} gets a “your order is on its way” email.
          </p>
        )}
        {pending?.kind === 'comment' && <p>{pending.body.notifyCustomer ? `${order.email} will be emailed this comment and see it in their order.` : 'Only staff will see this comment.'}</p>}
        {pending?.kind === 'refund' && (
          <p>
            Refund {refundSummary(order, pending.body)} to the customer's {order.payment.title}. {order.email} is emailed. A refund cannot be undone.
          </p>
        )}
        {pending?.kind === 'cancel' && <p>The stock goes back and {order.email} is emailed.{order.payment_state === 'paid' ? ' The payment is refunded in full.' : ''}</p>}
      </Confirm>
    </div>
  );
}
