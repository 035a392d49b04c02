import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { apiRequest, ApiError, NotFound, resolvedPathSchema, Spinner, type ResolvedPath } from '@shop/shared';
import { RemotePage } from '../federation/RemotePage';

type State = { path: string } & ({ status: 'loading' } | { status: 'found'; page: ResolvedPath } | { status: 'missing' });

/** The catch-all route: a URL path resolves to a product page, a category page, a CMS page or not-found. */
export function UrlRewritePage() {
  const { pathname } = useLocation();
  const [state, setState] = useState<State>({ path: pathname, status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    // Trailing slash kept: the API redirects '/damp-proofing/' to '/damp-proofing'.
    const path = pathname.replace(/^\/+/, '');
    apiRequest(`/url-rewrites/resolve?path=${encodeURIComponent(path)}`, {
      schema: resolvedPathSchema,
      signal: controller.signal,
    })
      .then((page) => setState({ path: pathname, status: 'found', page }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError && error.status === 404)) console.error('[rewrite] resolve failed', error);
        setState({ path: pathname, status: 'missing' });
      });
    return () => controller.abort();
  }, [pathname]);

  if (state.path !== pathname || state.status === 'loading') {
    return (
      <div style={{ padding: 'var(--space-8)', textAlign: 'center' }}>
        <Spinner />
      </div>
    );
  }
  if (state.status === 'missing') return <NotFound />;
  const page = state.page;
  switch (page.type) {
    case 'product':
      return <RemotePage module="catalog/ProductPage" props={{ productId: page.id }} />;
    case 'category':
      return <RemotePage module="catalog/CategoryPage" props={{ categoryId: page.id }} />;
    case 'cms-page':
      return <RemotePage module="content/CmsPage" props={{ identifier: page.identifier }} />;
    case 'redirect':
      return <Navigate to={page.target} replace />;
  }
}
