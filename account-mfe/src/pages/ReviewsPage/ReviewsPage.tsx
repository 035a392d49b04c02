import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@shop/shared/router';
import { PageHeading, StarRating, type CustomerReview } from '@shop/shared';
import { accountApi } from '../../account/api';
import { formatDate } from '../../account/format';
import { useCustomer } from '../../account/useCustomer';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import { ListState } from '../../components/AccountList/ListState';
import styles from '../../components/Form/Form.module.css';
import page from './ReviewsPage.module.css';

const PAGE_SIZE = 10;

/** My Product Reviews: the customer's reviews, newest first, 10 a page, with their moderation state. */
export default function ReviewsPage() {
  const { token } = useCustomer();
  const [params] = useSearchParams();
  const current = Math.max(1, Math.floor(Number(params.get('p')) || 1));
  const [state, setState] = useState<{ loading: boolean; error: string | null; items: CustomerReview[]; totalCount: number }>({
    loading: true,
    error: null,
    items: [],
    totalCount: 0,
  });

  useEffect(() => {
    if (!token) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    accountApi
      .reviews(token, current, PAGE_SIZE)
      .then(({ data }) => live && setState({ loading: false, error: null, items: data.items, totalCount: data.totalCount }))
      .catch((error: unknown) => {
        console.warn('[account] reviews could not be loaded', error);
        if (live) setState({ loading: false, error: 'Could not load your reviews. Please try again.', items: [], totalCount: 0 });
      });
    return () => {
      live = false;
    };
  }, [token, current]);

  const pages = Math.max(1, Math.ceil(state.totalCount / PAGE_SIZE));
  return (
    <AccountLayout>
      <PageHeading title="My Product Reviews" />
      <ListState state={state} loading="Loading your reviews..." empty="You have submitted no reviews.">
        <ul className={page.reviews}>
          {state.items.map((r) => (
            <li key={r.id} className={styles.box}>
              <h2 className={page.product}>
                <Link to={`/${r.product_url_key}`}>{r.product_name}</Link>
              </h2>
              <StarRating value={r.rating} />
              <h3 className={page.title}>{r.title}</h3>
              <p>{r.detail}</p>
              <p className={styles.muted}>
                {formatDate(r.created_at)} · {r.status === 'approved' ? 'Published' : r.status === 'rejected' ? 'Not published' : 'Awaiting approval'}
                {r.verified_purchase ? ' · Verified purchase' : ''}
              </p>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <nav className={page.pager} aria-label="Review pages">
            <span>
              Page {current} of {pages}
            </span>
            {current > 1 ? <Link to={`?p=${current - 1}`}>Previous</Link> : null}
            {current < pages ? <Link to={`?p=${current + 1}`}>Next</Link> : null}
          </nav>
        ) : null}
      </ListState>
    </AccountLayout>
  );
}
