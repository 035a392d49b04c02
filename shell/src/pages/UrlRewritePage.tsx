import { useEffect, useState } from 'react';
import { Navigate, useLocation } from '@shop/shared/router';
import { apiRequest, ApiError, NotFound, Spinner, usePageData, type ResolvedPath } from '@shop/shared';
import { RemotePage } from '../federation/RemotePage';
import type { RemoteName } from '../federation/remotes';
import { useRouteTable } from '../routes';
import { RoutesUnavailable } from './RoutesUnavailable';

type State = { path: string } & ({ status: 'loading' } | { status: 'found'; page: ResolvedPath } | { status: 'missing' });

/**
 * The catch-all route: a URL path resolves to a product page, a category page, a CMS page or
 * not-found. Which remote module renders each kind of rewrite comes from the remotes' route lists.
 * While a remote's list is missing, an unknown path may be one of its pages: its region says it
 * could not be loaded (with Retry) instead of not-found.
 */
export function UrlRewritePage() {
  const { pathname } = useLocation();
  const { table } = useRouteTable();
  const notFound = table.missing.length > 0 ? <RoutesUnavailable remotes={table.missing} /> : <NotFound />;
  // The page server resolved the first page's path already (page data): rendered at once, not asked again.
  const resolved = usePageData<ResolvedPath>(`rewrite:${pathname}`);
  const missing = usePageData<true>(`not-found:${pathname}`);
  const [state, setState] = useState<State>(
    resolved
      ? { path: pathname, status: 'found', page: resolved }
      : missing
        ? { path: pathname, status: 'missing' }
        : { path: pathname, status: 'loading' },
  );

  useEffect(() => {
    if (state.path === pathname && state.status !== 'loading') return;
    const controller = new AbortController();
    // Trailing slash kept: the API redirects '/damp-proofing/' to '/damp-proofing'.
    const path = pathname.replace(/^\/+/, '');
    // The answer steers the page, so it is parsed; the schema (and zod) load with the first
    // client navigation, never with a server-rendered first page.
    import('@shop/shared/schemas')
      .then(({ resolvedPathSchema }) =>
        apiRequest(`/url-rewrites/resolve?path=${encodeURIComponent(path)}`, {
          schema: resolvedPathSchema,
          signal: controller.signal,
        }),
      )
      .then((page) => setState({ path: pathname, status: 'found', page }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError && error.status === 404)) console.error('[rewrite] resolve failed', error);
        setState({ path: pathname, status: 'missing' });
      });
    return () => controller.abort();
    // Only a new path is resolved; `state` is read to skip the one the server resolved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  if (state.path !== pathname || state.status === 'loading') {
    return (
      <div style={{ padding: 'var(--space-8)', textAlign: 'center' }}>
        <Spinner />
      </div>
    );
  }
  if (state.status === 'missing') return notFound;
  const page = state.page;
  if (page.type === 'redirect') return <Navigate to={page.target} replace />;
  const target = table.rewrites[page.type];
  if (!target) return notFound;
  const id = page.type === 'cms-page' ? page.identifier : page.id;
  return <RemotePage module={target.module as `${RemoteName}/${string}`} props={{ [target.prop]: id }} />;
}
