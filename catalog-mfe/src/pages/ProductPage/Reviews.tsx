import { useEffect, useRef, useState } from 'react';
import { formatLongDate, REVIEWS_PAGE_SIZE, Spinner, StarRating, type ProductReviews, type ReviewSummary } from '@shop/shared';
import { loadProductReviews } from '../../api/reviews';
import { Pagination } from '../../components/Pagination';
import styles from './Reviews.module.css';

type State = { status: 'idle' | 'loading' } | { status: 'ready'; answer: ProductReviews } | { status: 'failed' };

/** The product's approved reviews from the shop's own review data: average, count, 15 a page. */
export function Reviews({ sku, summary, active }: { sku: string; summary: ReviewSummary; active: boolean }) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const top = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!active || summary.count === 0) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadProductReviews(sku, page, controller.signal)
      .then((answer) => setState({ status: 'ready', answer }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[catalog] reviews failed to load', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [active, sku, page, summary.count, attempt]);

  if (summary.count === 0) {
    return <p className={styles.none}>There are no reviews of this product yet.</p>;
  }
  const answer = state.status === 'ready' ? state.answer : null;
  const average = answer?.average ?? summary.average;
  const count = answer?.count ?? summary.count;
  const pageCount = Math.ceil(count / (answer?.pageSize ?? REVIEWS_PAGE_SIZE));

  return (
    <div className={styles.reviews} ref={top}>
      <div className={styles.summary}>
        <p className={styles.average}>
          <span className={styles.averageValue}>{average.toFixed(1)}</span>
          <span className={styles.outOf}> out of 5</span>
        </p>
        <StarRating value={average} count={count} size={22} />
        <p className={styles.count}>
          Based on {count} {count === 1 ? 'review' : 'reviews'}
        </p>
        {answer ? (
          <ul className={styles.distribution} aria-label="Ratings">
            {([5, 4, 3, 2, 1] as const).map((stars) => {
              const n = answer.distribution[stars];
              const share = count > 0 ? Math.round((n / count) * 100) : 0;
              return (
                <li key={stars} className={styles.bar}>
                  <span className={styles.barLabel}>{stars} star</span>
                  <span className={styles.barTrack} aria-hidden="true">
                    <span className={styles.barFill} style={{ width: `${share}%` }} />
                  </span>
                  <span className={styles.barCount}>
                    {n}
                    <span className={styles.hidden}> {n === 1 ? 'review' : 'reviews'}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      <div className={styles.list}>
        {state.status === 'failed' ? (
          <p role="alert" className={styles.error}>
            Sorry, the reviews could not be loaded.{' '}
            <button type="button" className={styles.retry} onClick={() => setAttempt((a) => a + 1)}>
              Try again
            </button>
          </p>
        ) : !answer ? (
          <Spinner label="Loading reviews…" />
        ) : (
          <>
            <ol className={styles.items}>
              {answer.items.map((r) => (
                <li key={r.id} className={styles.review}>
                  <article>
                    <h3 className={styles.title}>{r.title}</h3>
                    <StarRating value={r.rating} size={16} />
                    <p className={styles.meta}>
                      By <strong>{r.nickname}</strong> on <time dateTime={r.created_at}>{formatLongDate(r.created_at)}</time>
                    </p>
                    <p className={styles.detail}>{r.detail}</p>
                  </article>
                </li>
              ))}
            </ol>
            <Pagination
              page={page}
              pageCount={pageCount}
              label="Review pages"
              onPage={(p) => {
                setPage(p);
                top.current?.scrollIntoView?.({ block: 'start' });
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
