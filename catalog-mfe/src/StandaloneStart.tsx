import { useEffect, useState } from 'react';
import { Link, useLocation } from '@shop/shared/router';
import { ApiError, apiRequest, NotFound, PageHeading, Spinner, type ResolvedPath } from '@shop/shared';
import { resolvedPathSchema } from '@shop/shared/schemas';
import CategoryPage from './pages/CategoryPage/CategoryPage';
import ProductPage from './pages/ProductPage/ProductPage';
import { useCategories } from './api/useCategories';

/**
 * Pages of the standalone host only (the shell has its own): a start page listing the categories,
 * and the catch-all that resolves shop paths (/damp-proofing, /hydrovault-…) to catalogue pages.
 */
export function StandaloneStart() {
  const categories = useCategories();
  return (
    <section>
      <PageHeading title="Catalogue" heading="Catalogue (standalone)" />
      <p>
        Try the <Link to="/search?q=membrane">search</Link>, or open a category:
      </p>
      {categories.status === 'ready' ? (
        <ul>
          {categories.categories.map((c) => (
            <li key={c.id}>
              <Link to={c.url}>{c.name}</Link>
            </li>
          ))}
        </ul>
      ) : categories.status === 'loading' ? (
        <Spinner />
      ) : (
        <p role="alert">The API did not answer: is it running (npm run dev -w @shop/api)?</p>
      )}
    </section>
  );
}

export function StandaloneResolve() {
  const { pathname } = useLocation();
  const [page, setPage] = useState<{ path: string; page: ResolvedPath | null } | null>(null);
  useEffect(() => {
    let live = true;
    const path = pathname.replace(/^\/+|\/+$/g, '');
    apiRequest(`/url-rewrites/resolve?path=${encodeURIComponent(path)}`, { schema: resolvedPathSchema })
      .then((answer) => live && setPage({ path: pathname, page: answer }))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) console.error('[catalog] resolve failed', error);
        if (live) setPage({ path: pathname, page: null });
      });
    return () => {
      live = false;
    };
  }, [pathname]);
  if (!page || page.path !== pathname) return <Spinner />;
  if (page.page?.type === 'product') return <ProductPage productId={page.page.id} />;
  if (page.page?.type === 'category') return <CategoryPage categoryId={page.page.id} />;
  if (page.page?.type === 'redirect') return <p>Moved to <Link to={page.page.target}>{page.page.target}</Link></p>;
  return <NotFound />;
}
