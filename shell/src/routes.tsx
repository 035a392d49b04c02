import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { RemotePage } from './federation/RemotePage';
import { RequireAuth } from './pages/RequireAuth';
import { UrlRewritePage } from './pages/UrlRewritePage';
import { pageRoutes, type PageRoute } from './routeTable';

export { pageRoutes };

function element(route: PageRoute): ReactNode {
  const page = <RemotePage module={route.module} props={route.props} />;
  return route.guarded ? <RequireAuth>{page}</RequireAuth> : page;
}

export function shopRoutes(): ReactNode {
  return (
    <>
      {pageRoutes.map((route) => (
        <Route key={route.path} path={route.path} element={element(route)} />
      ))}
      {/* catch-all (route name urlRewrite): a product, a category, a CMS page or not found */}
      <Route path="*" element={<UrlRewritePage />} />
    </>
  );
}
