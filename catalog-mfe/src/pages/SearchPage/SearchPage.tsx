import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '@shop/shared/router';
import { PageHeading, Spinner, type ProductSearchHit } from '@shop/shared';
import { searchProducts } from '../../api/listings';
import { CATALOG_MESSAGES } from '../../catalog/messages';
import { Pagination } from '../../components/Pagination';
import { cardFromSearchHit } from '../../components/ProductCard';
import { ProductGrid } from '../../components/ProductGrid';
import styles from './SearchPage.module.css';

type State =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; term: string; items: ProductSearchHit[]; totalCount: number; page: number; pageSize: number }
  | { status: 'failed' };

/** /search?q=&page= : the server's search results, a page at a time, with how many match in all. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const term = (params.get('q') ?? '').trim().slice(0, 100);
  const page = Math.min(1000, Math.max(1, Math.floor(Number(params.get('page')) || 1)));
  const resultsTop = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ status: 'idle' });
  const [draft, setDraft] = useState(term);
  const inputId = useId();

  useEffect(() => setDraft(term), [term]);

  useEffect(() => {
    if (!term) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    searchProducts(term, page, controller.signal)
      .then((answer) => setState({ status: 'ready', term, ...answer }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[catalog] search failed', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [term, page]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = draft.trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  const goToPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    if (next <= 1) nextParams.delete('page');
    else nextParams.set('page', String(next));
    setParams(nextParams);
    resultsTop.current?.scrollIntoView?.({ block: 'start' });
  };

  const pageCount = state.status === 'ready' ? Math.max(1, Math.ceil(state.totalCount / state.pageSize)) : 1;

  return (
    <div className={styles.page} data-page="search">
      <PageHeading title={term ? `Search results for "${term}"` : 'Search'} heading={term ? `Search results for "${term}"` : 'Search our products'} />
      <form role="search" className={styles.form} onSubmit={submit}>
        <label htmlFor={inputId} className={styles.label}>
          Search products
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            type="search"
            className={styles.input}
            value={draft}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className={styles.submit}>
            Search
          </button>
        </div>
      </form>
      <div aria-live="polite" className={styles.results} ref={resultsTop}>
        {state.status === 'loading' ? (
          <Spinner label="Searching…" />
        ) : state.status === 'failed' ? (
          <p role="alert" className={styles.error}>
            Sorry, the search did not work. Please try again.
          </p>
        ) : state.status === 'ready' ? (
          state.totalCount === 0 ? (
            <div className={styles.empty}>
              <p className={styles.none}>{CATALOG_MESSAGES.noSearchResults(state.term)}</p>
              <p>Check the spelling, try a shorter word (e.g. “membrane”, “pump”, “DPC”), or call our technical helpline for advice.</p>
            </div>
          ) : (
            <>
              <h2 className={styles.hidden}>Results</h2>
              <p className={styles.count}>
                {state.totalCount} {state.totalCount === 1 ? 'product' : 'products'} found for “{state.term}”
                {pageCount > 1 ? (
                  <span className={styles.range}>
                    {' '}
                    (showing {(state.page - 1) * state.pageSize + 1}–{(state.page - 1) * state.pageSize + state.items.length})
                  </span>
                ) : null}
              </p>
              <ProductGrid products={state.items.map(cardFromSearchHit)} label={`Search results for ${state.term}`} />
              <Pagination page={state.page} pageCount={pageCount} onPage={goToPage} label={`Search results pages`} />
            </>
          )
        ) : null}
      </div>
    </div>
  );
}
