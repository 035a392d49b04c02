import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminReviewsAnswerSchema, reviewModerateAnswerSchema, type AdminReview } from '@shop/shared/backoffice';
import { ApiError, call } from '../../api';
import { dateTime } from '../../money';
import { Pager } from '../../Pager';
import ui from '../../ui.module.css';
import { useFilteredList } from '../../useFilteredList';
import { Notice, type Message } from '../../components/Notice';

const STATES = { pending: 'Waiting for approval', approved: 'Approved (shown)', rejected: 'Rejected' } as const;

/**
 * Reviews of products and of the shop: the pending ones first (oldest first). Approve shows a
 * review on its product's page (or in the shop's reviews carousel) and in the product's rating;
 * Reject hides it, with an optional reason kept for staff.
 */
export function ReviewsPage() {
  const { params, page, pages, data, error, search, go } = useFilteredList(['kind', 'state'], (query) => call(adminReviewsAnswerSchema, 'GET', `/reviews?${query}`));
  const [changed, setChanged] = useState<Record<string, AdminReview>>({});
  const state = (params.get('state') ?? 'pending') as keyof typeof STATES;

  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Reviews</h1>
      <form className={`${ui.card} ${ui.row}`} onSubmit={(e) => { e.preventDefault(); search(e.currentTarget); }} aria-label="Which reviews">
        <div className={ui.field}>
          <label htmlFor="kind">Reviews of</label>
          <select id="kind" name="kind" defaultValue={params.get('kind') ?? 'product'}>
            <option value="product">Products</option>
            <option value="store">The shop</option>
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="state">State</label>
          <select id="state" name="state" defaultValue={state}>
            {Object.entries(STATES).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <button className={ui.button} type="submit">Show</button>
      </form>
      {error && <p className={ui.error} role="alert">{error}</p>}
      {data && (
        <>
          <p className={ui.muted}>{data.totalCount} {data.totalCount === 1 ? 'review' : 'reviews'}</p>
          {data.items.map((r) => {
            const shown = changed[`${r.kind}-${r.id}`] ?? r;
            return <ReviewCard key={`${r.kind}-${r.id}`} review={shown} onChanged={(next) => setChanged((all) => ({ ...all, [`${next.kind}-${next.id}`]: next }))} />;
          })}
          {data.items.length === 0 && <p>No reviews here.</p>}
          <Pager page={page} pages={pages} go={go} back="Previous" forward="Next" />
        </>
      )}
    </div>
  );
}

function ReviewCard({ review, onChanged }: { review: AdminReview; onChanged: (r: AdminReview) => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const reasonId = `reason-${review.kind}-${review.id}`;

  const moderate = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await call(reviewModerateAnswerSchema, 'POST', `/reviews/${review.kind}/${review.id}`, decision === 'reject' && reason.trim() ? { decision, reason } : { decision });
      onChanged(answer.review);
      setMessage({ kind: 'notice', text: decision === 'approve' ? 'Approved: the shop shows it within 2 seconds.' : 'Rejected: it is not shown on the shop.' });
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof ApiError ? e.message : 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={`${ui.card} ${ui.form}`} style={{ maxWidth: '48rem' }} aria-label={`Review: ${review.title}`}>
      <div className={ui.row}>
        <strong>{review.title}</strong>
        <span aria-label={`${review.rating} out of 5 stars`}>{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</span>
        <span className={ui.badge}>{review.state}</span>
      </div>
      <p className={ui.muted}>
        {review.nickname}{review.location ? `, ${review.location}` : ''} · {dateTime(review.created_at)}
        {review.product && <> · about <Link to={`/products/${review.product.id}`}>{review.product.name}</Link> ({review.product.sku})</>}
        {review.customer_id !== null && ' · a signed-in customer'}
      </p>
      <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{review.detail}</p>
      {review.moderated_by && (
        <p className={ui.muted}>
          {review.state === 'rejected' ? 'Rejected' : 'Approved'} by {review.moderated_by}{review.moderated_at ? ` on ${dateTime(review.moderated_at)}` : ''}
          {review.moderation_reason ? `: “${review.moderation_reason}”` : ''}
        </p>
      )}
      <Notice message={message} />
      <div className={ui.row}>
        {review.state !== 'approved' && (
          <button type="button" className={ui.button} disabled={busy} onClick={() => void moderate('approve')}>Approve</button>
        )}
        {review.state !== 'rejected' && (
          <>
            <div className={ui.field}>
              <label htmlFor={reasonId}>Reason for rejecting (optional, for staff)</label>
              <input id={reasonId} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
            <button type="button" className={ui.danger} disabled={busy} onClick={() => void moderate('reject')}>Reject</button>
          </>
        )}
      </div>
    </article>
  );
}
