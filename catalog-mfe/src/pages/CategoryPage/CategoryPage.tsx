import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from '@shop/shared/router';
import {
  Breadcrumb,
  CATEGORY_SORTS,
  categorySortOf,
  NotFound,
  PageHeading,
  SafeHtml,
  Spinner,
  usePageData,
  useSafeHtml,
  type Category,
  type CategoryProducts,
  type CategorySort,
  type PageLoader,
  type ProductListItem,
} from '@shop/shared';
import { CATEGORY_PAGE_SIZE, loadBestsellers, loadCategoryProducts } from '../../api/listings';
import { isShown } from '../../catalog/visibility';
import { CategorySidebar } from '../../components/CategorySidebar';
import { CATALOG_MESSAGES } from '../../catalog/messages';
import { Pagination } from '../../components/Pagination';
import { CATEGORY_PLACEHOLDER } from '../../catalog/placeholder';
import { cardFromListItem } from '../../components/ProductCard';
import { ProductCarousel } from '../../components/ProductCarousel';
import { ProductGrid } from '../../components/ProductGrid';
import { useCategories } from '../../api/useCategories';
import { categoryTrail } from '../../catalog/categories';
import styles from './CategoryPage.module.css';

export const SORT_LABELS: Record<CategorySort, string> = {
  position: 'Featured',
  bestselling: 'Best selling',
  name: 'Name: A to Z',
  name_desc: 'Name: Z to A',
  price: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest',
};

type Listing = { status: 'loading'; previous?: CategoryProducts | undefined } | { status: 'ready'; answer: CategoryProducts } | { status: 'failed' };

/** The page and sort a category's URL asks for (?page=2&sort=name). */
function listingQuery(search: URLSearchParams): { page: number; sort: CategorySort } {
  return { page: Math.max(1, Math.floor(Number(search.get('page')) || 1)), sort: categorySortOf(search.get('sort')) ?? 'position' };
}

/** Page-data keys of a category's listing page and of its best sellers. */
const listingKey = (id: number, page: number, sort: CategorySort) => `category-products:${id}:${page}:${sort}`;
const bestsellersKey = (id: number) => `bestsellers:${id}`;

/** What the page server loads to render a category page: the listing page asked for and the best sellers. */
export const loadPageData: PageLoader<{ categoryId?: number | string }> = async (request, api) => {
  const id = Number(request.props.categoryId ?? request.params.categoryId);
  if (!Number.isInteger(id) || id <= 0) return {};
  const { page, sort } = listingQuery(request.query);
  const query = new URLSearchParams({ page: String(page), pageSize: String(CATEGORY_PAGE_SIZE) });
  if (sort !== 'position') query.set('sort', sort);
  const [listing, bestsellers] = await Promise.all([
    api.get(`/categories/${id}/products?${query}`, 'categoryProductsSchema'),
    api.get(`/categories/bestselling-products/${id}`, 'bestsellingProductsSchema').catch(() => null),
  ]);
  const data: Record<string, unknown> = {};
  if (listing) data[listingKey(id, page, sort)] = { ...listing, items: listing.items.filter(isShown) };
  if (bestsellers) data[bestsellersKey(id)] = bestsellers.data.filter(isShown);
  return data;
};

/** The category page (reached through a URL rewrite or catalog/category/view/id/{id}). */
export default function CategoryPage({ categoryId }: { categoryId?: number | string }) {
  const params = useParams();
  const id = Number(categoryId ?? params.categoryId);
  const categories = useCategories();

  if (categories.status === 'loading') {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading category…" />
      </div>
    );
  }
  const list = categories.status === 'ready' ? categories.categories : [];
  const category = list.find((c) => c.id === id);
  // An unknown category (or one the API no longer lists) is the not-found page.
  if (!category) return <NotFound />;
  return <CategoryView key={category.id} category={category} categories={list} />;
}

function CategoryView({ category, categories }: { category: Category; categories: Category[] }) {
  const [search, setSearch] = useSearchParams();
  const { page, sort } = listingQuery(search);
  // A server-rendered page starts with the server's answers and does not ask for them again.
  const initialListing = usePageData<CategoryProducts>(listingKey(category.id, page, sort));
  const initialBestsellers = usePageData<ProductListItem[]>(bestsellersKey(category.id));
  const [listing, setListing] = useState<Listing>(initialListing ? { status: 'ready', answer: initialListing } : { status: 'loading' });
  const [bestsellers, setBestsellers] = useState<ProductListItem[]>(initialBestsellers ?? []);
  const served = useRef({ listing: initialListing ? listingKey(category.id, page, sort) : '', bestsellers: initialBestsellers !== undefined });
  const gridTop = useRef<HTMLDivElement>(null);
  const sortId = useId();

  useEffect(() => {
    if (served.current.listing === listingKey(category.id, page, sort)) return;
    served.current.listing = '';
    const controller = new AbortController();
    setListing((l) => ({ status: 'loading', previous: l.status === 'ready' ? l.answer : l.status === 'loading' ? l.previous : undefined }));
    loadCategoryProducts(category.id, { page, sort: sort === 'position' ? undefined : sort }, controller.signal)
      .then((answer) => setListing({ status: 'ready', answer }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[catalog] category products failed to load', error);
        setListing({ status: 'failed' });
      });
    return () => controller.abort();
  }, [category.id, page, sort]);

  useEffect(() => {
    if (served.current.bestsellers) return;
    const controller = new AbortController();
    loadBestsellers(category.id, controller.signal)
      .then(setBestsellers)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('[catalog] best sellers failed to load', error);
      });
    return () => controller.abort();
  }, [category.id]);

  const goTo = (next: { page?: number; sort?: CategorySort }) => {
    const params = new URLSearchParams(search);
    const nextSort = next.sort ?? sort;
    const nextPage = next.sort !== undefined ? 1 : (next.page ?? page);
    if (nextSort === 'position') params.delete('sort');
    else params.set('sort', nextSort);
    if (nextPage <= 1) params.delete('page');
    else params.set('page', String(nextPage));
    setSearch(params);
    if (next.page !== undefined) gridTop.current?.scrollIntoView?.({ block: 'start' });
  };

  const answer = listing.status === 'ready' ? listing.answer : listing.status === 'loading' ? listing.previous : undefined;
  const cards = useMemo(() => answer?.items.map(cardFromListItem) ?? [], [answer]);
  const bestsellerCards = useMemo(() => bestsellers.map(cardFromListItem), [bestsellers]);
  const total = answer?.totalCount ?? category.product_count;
  const pageCount = Math.max(1, Math.ceil(total / (answer?.pageSize ?? CATEGORY_PAGE_SIZE)));
  const first = (page - 1) * (answer?.pageSize ?? CATEGORY_PAGE_SIZE) + 1;
  const last = Math.min(total, first + (answer?.items.length ?? 0) - 1);
  const trail = categoryTrail(categories, category.id);
  const shortDescription = category.attrs.custom_short_description;

  return (
    <div className={styles.page} data-page="category" data-category={category.id}>
      <Breadcrumb
        items={[{ label: 'Home', to: '/' }, ...trail.map((c) => ({ label: c.name, to: c.id === category.id ? undefined : c.url }))]}
      />
      <div className={styles.layout}>
        <div className={styles.main}>
          <header className={styles.header}>
            <div className={styles.headerText}>
              <PageHeading
                title={category.attrs.meta_title || category.name}
                heading={category.name}
                description={category.attrs.meta_description ?? undefined}
              />
              {shortDescription ? (
                <SafeHtml className={styles.short} html={shortDescription} />
              ) : null}
            </div>
            <img
              className={styles.headerImage}
              src={category.attrs.image ?? CATEGORY_PLACEHOLDER}
              alt=""
              width={1200}
              height={400}
              fetchPriority="high"
              decoding="async"
            />
          </header>

          <h2 className={styles.hidden}>Products</h2>
          <div className={styles.toolbar} ref={gridTop}>
            <p className={styles.count} aria-live="polite">
              {total === 0
                ? 'No products in this category yet'
                : pageCount > 1 && answer
                  ? `Showing ${first}–${last} of ${total} products`
                  : `${total} ${total === 1 ? 'product' : 'products'}`}
            </p>
            <div className={styles.sort}>
              <label htmlFor={sortId}>Sort by</label>
              <select id={sortId} value={sort} onChange={(e) => goTo({ sort: e.target.value as CategorySort })}>
                {CATEGORY_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {listing.status === 'failed' ? (
            <p role="alert" className={styles.error}>
              Sorry, the products of this category could not be loaded. Please try again.
            </p>
          ) : answer ? (
            <div className={listing.status === 'loading' ? styles.refreshing : undefined} aria-busy={listing.status === 'loading'}>
              <ProductGrid products={cards} label={`${category.name} products`} />
            </div>
          ) : (
            <div className={`${styles.loading} ${styles.gridLoading}`}>
              <Spinner label="Loading products…" />
            </div>
          )}
          <Pagination page={page} pageCount={pageCount} onPage={(p) => goTo({ page: p })} label={`${category.name} pages`} />

          <ProductCarousel title="Best Sellers" products={bestsellerCards} />

          {category.attrs.description ? <MoreInformation name={category.name} html={category.attrs.description} /> : null}
        </div>
        <CategorySidebar categories={categories} currentId={category.id} className={styles.sidebar} />
      </div>
    </div>
  );
}

/** 'More Information on {category}': the long description, collapsed to 8rem until More is chosen. */
export const MoreInformation = memo(function MoreInformation({ name, html }: { name: string; html: string }) {
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(true);
  const body = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const bodyId = useId();
  const safe = useSafeHtml(html);

  useEffect(() => {
    const el = body.current;
    // Measured only where layout exists (browsers): a short text needs no More button.
    if (el && el.scrollHeight > 0 && !open) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [safe.dangerouslySetInnerHTML.__html, open]);

  return (
    <section className={styles.more} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.moreHeading}>
        {CATALOG_MESSAGES.moreInformation(name)}
      </h2>
      <div
        id={bodyId}
        ref={body}
        className={`${styles.moreBody} ${open ? styles.open : ''} ${overflows && !open ? styles.faded : ''}`}
        data-collapsed={!open}
        {...safe}
      />
      {overflows || open ? (
        <button type="button" className={styles.moreToggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Less' : 'More'}
        </button>
      ) : null}
    </section>
  );
});
