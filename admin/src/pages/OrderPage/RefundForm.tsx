import { useState, type FormEvent } from 'react';
import type { AdminOrderDetail } from '@shop/shared/backoffice';
import { pence } from '../../money';
import ui from '../../ui.module.css';

/** What the Refund route takes (shared refundRequestSchema), without the request key. */
export interface RefundBody {
  amountPence?: number;
  lines?: Array<{ lineId: number; qty: number }>;
  includeDelivery: boolean;
  reason?: string;
}

/** £12.34 or 12.34 → 1234 pence; null when it is not a positive amount with at most two decimals. */
export function parsePounds(text: string): number | null {
  const match = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value > 0 ? value : null;
}

/**
 * The Refund form: an amount or lines and quantities, the delivery charge included or not, a
 * reason for the customer's mail. It only composes the request: the page confirms it and sends it.
 */
export function RefundForm({ order, onRequest }: { order: AdminOrderDetail; onRequest: (body: RefundBody) => void }) {
  const [mode, setMode] = useState<'amount' | 'lines'>('amount');
  const [amount, setAmount] = useState('');
  const [qty, setQty] = useState<Record<number, string>>({});
  const [includeDelivery, setIncludeDelivery] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const left = order.payment.paid_pence - order.payment.refunded_pence;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body: RefundBody = { includeDelivery, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    if (mode === 'amount') {
      if (amount.trim() || !includeDelivery) {
        const value = parsePounds(amount);
        if (value === null) return setError('Enter the amount to refund in pounds, e.g. 12.50.');
        if (value > left) return setError(`At most ${pence(left)} can be refunded.`);
        body.amountPence = value;
      }
    } else {
      const lines = order.lines.map((l) => ({ lineId: l.id, qty: Number(qty[l.id] || 0) })).filter((l) => l.qty > 0);
      const bad = order.lines.find((l) => !Number.isInteger(Number(qty[l.id] || 0)) || Number(qty[l.id] || 0) < 0 || Number(qty[l.id] || 0) > l.qty);
      if (bad) return setError(`Enter a quantity of 0 to ${bad.qty} for ${bad.name}.`);
      if (lines.length > 0) body.lines = lines;
      else if (!includeDelivery) return setError('Choose at least one line to refund, or the delivery.');
    }
    onRequest(body);
  };

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate aria-labelledby="refund-title">
      <h2 id="refund-title" className={ui.subheading}>Refund</h2>
      <p className={ui.muted}>{pence(left)} of {pence(order.payment.paid_pence)} can still be refunded.</p>
      <fieldset className={ui.row}>
        <legend>Refund by</legend>
        <label><input type="radio" name="refund-mode" checked={mode === 'amount'} onChange={() => setMode('amount')} /> Amount</label>
        <label><input type="radio" name="refund-mode" checked={mode === 'lines'} onChange={() => setMode('lines')} /> Lines</label>
      </fieldset>
      {mode === 'amount' ? (
        <div className={ui.field}>
          <label htmlFor="refund-amount">Amount (£)</label>
          <input id="refund-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
      ) : (
        order.lines.map((l) => (
          <div className={ui.field} key={l.id}>
            <label htmlFor={`refund-qty-${l.id}`}>{l.name}: quantity to refund (of {l.qty})</label>
            <input id={`refund-qty-${l.id}`} type="number" min={0} max={l.qty} value={qty[l.id] ?? ''} onChange={(e) => setQty({ ...qty, [l.id]: e.target.value })} />
          </div>
        ))
      )}
      <label className={ui.row}>
        <input type="checkbox" checked={includeDelivery} onChange={(e) => setIncludeDelivery(e.target.checked)} /> Also refund the delivery ({order.shipping_description}, {pence(order.shipping_pence)} ex VAT)
      </label>
      <div className={ui.field}>
        <label htmlFor="refund-reason">Reason (sent to the customer)</label>
        <input id="refund-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
      </div>
      {error && <p className={ui.error} role="alert">{error}</p>}
      <button className={ui.danger} type="submit">Refund…</button>
    </form>
  );
}
