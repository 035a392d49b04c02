import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigationType, useParams } from '@shop/shared/router';
import {
  ApiError,
  Breadcrumb,
  NotFound,
  PageHeading,
  SafeHtml,
  Spinner,
  StarRating,
  useNearViewport,
  usePageData,
  type Category,
  type ConfigurableChild,
  type PageLoader,
  type ProductInfo,
} from '@shop/shared';
import { loadProduct } from '../../api/products';
import { useCustomerGroup } from '../../catalog/pricing';
import { useCategories } from '../../api/useCategories';
import { categoryTrail, primaryCategory } from '../../catalog/categories';
import { isShown } from '../../catalog/visibility';
import { BuyBox } from './BuyBox';
import { Gallery, type GalleryImage } from './Gallery';
import { ProductTabs, type ProductTab } from './ProductTabs';
import { mergedAttrs, specificationRows } from './specification';
import styles from './ProductPage.module.css';

// Below the fold, so not in the page's first JavaScript: the reviews load with their tab, the
// related and upsell products (one chunk, one call for both) as the shopper scrolls towards them.
const Reviews = lazy(() => import('./Reviews').then((m) => ({ default: m.Reviews })));
const RelatedProducts = lazy(() => import('./LinkedProducts').then((m) => ({ default: m.RelatedProducts })));
const Upsells = lazy(() => import('./LinkedProducts').then((m) => ({ default: m.Upsells })));

type State =
  | { status: 'loading' }
  | { status: 'found'; product: ProductInfo }
  /** A variant of a configurable product: its page is the parent's. */
  | { status: 'moved'; url: string }
  | { status: 'missing' }
  | { status: 'failed' };

/** The page-data key of a product's answer. */
export const productKey = (id: number) => `product:${id}`;

/** What the page server loads to render a product page: the product (categories come with the shell). */
export const loadPageData: PageLoader<{ productId?: number | string }> = async (page, api) => {
  const id = Number(page.props.productId ?? page.params.productId);
  if (!Number.isInteger(id) || id <= 0) return {};
  const product = await api.get(`/products/info/${id}`, 'productInfoSchema');
  // null: the server asked and the shop has no such product (the page is the not-found page at once).
  return { [productKey(id)]: product ?? null };
};

function stateOf(product: ProductInfo): State {
  return !isShown(product) ? { status: 'missing' } : product.parent ? { status: 'moved', url: product.parent.url } : { status: 'found', product };
}

/** The product page (reached through a URL rewrite or catalog/product/view/id/{id}). */
export default function ProductPage({ productId }: { productId?: number | string }) {
  const params = useParams();
  const id = Number(productId ?? params.productId);
  // A server-rendered page starts with the server's answer and does not ask for it again.
  const initial = usePageData<ProductInfo | null>(productKey(id));
  const [state, setState] = useState<State>(() => (initial ? stateOf(initial) : initial === null ? { status: 'missing' } : { status: 'loading' }));
  const [shown, setShown] = useState<number | null>(initial !== undefined ? id : null);
  const [attempt, setAttempt] = useState(0);
  const navigationType = useNavigationType();
  // Loaded once per page (the shell asks at start-up): waiting for them keeps the breadcrumb from jumping in later.
  const categories = useCategories();

  useEffect(() => {
    if (shown === id && attempt === 0) return;
    setShown(null);
    const controller = new AbortController();
    if (!Number.isInteger(id) || id <= 0) {
      setState({ status: 'missing' });
      return;
    }
    setState({ status: 'loading' });
    loadProduct(id, controller.signal)
      .then((product) => setState(stateOf(product)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ status: 'missing' });
          return;
        }
        console.error('[catalog] product failed to load', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
    // `shown` only skips the product the server rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, attempt]);

  // A new product opened from a link starts at the top (back and forward keep their place).
  useEffect(() => {
    if (navigationType === 'PUSH' && !window.location.hash) window.scrollTo?.(0, 0);
  }, [id, navigationType]);

  if (state.status === 'loading' || categories.status === 'loading') {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading product…" />
      </div>
    );
  }
  if (state.status === 'moved') return <Navigate to={state.url} replace />;
  if (state.status === 'missing') return <NotFound />;
  if (state.status === 'failed') {
    return (
      <div className={styles.failed} role="alert">
        <p>Sorry, this product could not be loaded.</p>
        <button type="button" className={styles.retry} onClick={() => setAttempt((a) => a + 1)}>
          Try again
        </button>
      </div>
    );
  }
  return <ProductView key={state.product.id} product={state.product} categories={categories.status === 'ready' ? categories.categories : []} />;
}

function galleryImages(product: ProductInfo): GalleryImage[] {
  const entries = product.media_gallery_entries
    .filter((e) => !e.disabled && e.media_type === 'image')
    .sort((a, b) => a.position - b.position)
    .map((e, i) => ({ src: e.file, alt: e.label || `${product.name}, picture ${i + 1}` }));
  if (entries.length === 0 && product.attrs.image) entries.push({ src: product.attrs.image, alt: product.name });
  // Variants with their own picture join the gallery so choosing one can show it.
  for (const child of product.children ?? []) {
    const src = child.attrs.image;
    if (src && !entries.some((e) => e.src === src)) entries.push({ src, alt: child.name });
  }
  return entries;
}

export function ProductView({ product, categories: list }: { product: ProductInfo; categories: Category[] }) {
  const group = useCustomerGroup();
  const [variant, setVariant] = useState<ConfigurableChild | null>(null);
  const onVariant = useCallback((v: ConfigurableChild | null) => setVariant(v), []);

  const images = useMemo(() => galleryImages(product), [product]);
  // The related products sit beside the tabs (below them on a phone), the upsells after both.
  const tabsColumn = useRef<HTMLDivElement>(null);
  const linkedShown = useNearViewport(tabsColumn);
  const category = primaryCategory(list, product.category_ids);
  const trail = category ? categoryTrail(list, category.id) : [];
  const attrs = mergedAttrs(product.attrs, variant?.attrs);
  const spec = specificationRows(variant?.sku ?? product.sku, attrs);
  const summary = product.review_summary;

  const tabs: ProductTab[] = [
    {
      id: 'description',
      label: 'Description',
      content: () => (
        <div className={styles.description}>
          {product.attrs.description ? <SafeHtml html={product.attrs.description} /> : null}
          {product.attrs.product_features ? (
            <>
              <h3 className={styles.featuresHeading}>Features</h3>
              <SafeHtml className={styles.features} html={product.attrs.product_features} />
            </>
          ) : null}
          {!product.attrs.description && !product.attrs.product_features ? <p>{product.attrs.short_description}</p> : null}
        </div>
      ),
    },
    {
      id: 'specification',
      label: 'Specification',
      content: () => (
        <table className={styles.spec}>
          <caption className={styles.hidden}>Specification of {variant?.name ?? product.name}</caption>
          <tbody>
            {spec.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ),
    },
    {
      id: 'reviews',
      label: summary.count > 0 ? `Reviews (${summary.count})` : 'Reviews',
      content: (active) =>
        active ? (
          <Suspense fallback={<Spinner label="Loading reviews…" />}>
            <Reviews sku={product.sku} summary={summary} active />
          </Suspense>
        ) : null,
    },
  ];
  if (product.downloads.length > 0) {
    tabs.push({
      id: 'downloads',
      label: 'Downloads',
      content: () => (
        <ul className={styles.downloads}>
          {product.downloads.map((d) => (
            <li key={d.url}>
              <a href={d.url} className={styles.download} target="_blank" rel="noopener" type="application/pdf">
                <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M6 2h9l5 5v15H6z" fill="var(--color-bg-alt)" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
                  <path d="M14 2v6h6M9 13h6M9 17h6" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
                <span>
                  {d.title}
                  <span className={styles.hidden}> (opens in a new tab)</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ),
    });
  }

  return (
    <article className={styles.page} data-page="product" data-sku={product.sku} data-type={product.type_id}>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, ...trail.map((c) => ({ label: c.name, to: c.url })), { label: product.name }]} />
      <div className={styles.top}>
        <Gallery images={images} name={product.name} show={variant?.attrs.image} />
        <div className={styles.summary}>
          <PageHeading
            title={product.attrs.meta_title || product.name}
            heading={product.name}
            description={product.attrs.meta_description || product.attrs.short_description || undefined}
          />
          <div className={styles.ratingRow}>
            <StarRating value={summary.average} count={summary.count} />
            {summary.count > 0 ? (
              <a href="#reviews" className={styles.reviewLink}>
                {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
              </a>
            ) : (
              <span className={styles.noReviews}>No reviews yet</span>
            )}
          </div>
          {product.attrs.short_description ? <p className={styles.short}>{product.attrs.short_description}</p> : null}
          <BuyBox product={product} group={group} onVariant={onVariant} />
        </div>
      </div>
      <div className={styles.details}>
        <div className={styles.tabsColumn} ref={tabsColumn}>
          <ProductTabs tabs={tabs} label={`About ${product.name}`} />
        </div>
        {linkedShown ? (
          <Suspense fallback={null}>
            <RelatedProducts product={product} group={group} />
          </Suspense>
        ) : null}
      </div>
      {linkedShown ? (
        <Suspense fallback={null}>
          <Upsells product={product} group={group} />
        </Suspense>
      ) : null}
    </article>
  );
}
