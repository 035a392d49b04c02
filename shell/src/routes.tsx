import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Route } from '@shop/shared/router';
import type { RouteTable, TableRoute } from '@shop/shared/routes';
import { RemotePage } from './federation/RemotePage';
import { manifestUrl, type RemoteName } from './federation/remotes';
import { RequireAuth } from './pages/RequireAuth';
import { UrlRewritePage } from './pages/UrlRewritePage';
import { composeRoutes, rereadRouteList, type RouteLists } from './routeTable';

interface RouteTableState {
  table: RouteTable;
  /** Remotes whose list is being read again. */
  reading: string[];
  /** Reads a missing remote's list again (the Retry of its region). */
  reread(remote: string): void;
}

const RouteTableContext = createContext<RouteTableState | null>(null);

/** Holds the composed route table; a missing remote's list can be read again without a reload. */
export function RouteTableProvider({ lists, children }: { lists: RouteLists; children: ReactNode }) {
  const [current, setCurrent] = useState(lists);
  const [reading, setReading] = useState<string[]>([]);
  const table = useMemo(() => composeRoutes(current), [current]);

  const reread = useCallback(
    (remote: string) => {
      const url = manifestUrl(remote as RemoteName);
      if (!url) return;
      setReading((r) => [...r, remote]);
      rereadRouteList(current, remote, url)
        .then(setCurrent, (error: unknown) => console.error(`[routes] ${remote}: route list still unavailable`, error))
        .finally(() => setReading((r) => r.filter((x) => x !== remote)));
    },
    [current],
  );

  const value = useMemo(() => ({ table, reading, reread }), [table, reading, reread]);
  return <RouteTableContext.Provider value={value}>{children}</RouteTableContext.Provider>;
}

export function useRouteTable(): RouteTableState {
  const state = useContext(RouteTableContext);
  if (!state) throw new Error('useRouteTable needs a RouteTableProvider');
  return state;
}

function element(route: TableRoute): ReactNode {
  const page = <RemotePage module={route.module as `${RemoteName}/${string}`} props={route.props} />;
  return route.guarded ? <RequireAuth>{page}</RequireAuth> : page;
}

/** The remotes' pages, then the shell's own catch-all (URL rewrites, not-found). */
export function shopRoutes(table: RouteTable): ReactNode {
  return (
    <>
      {table.routes.map((route) => (
        <Route key={route.path} path={route.path} element={element(route)} />
      ))}
      {/* catch-all (route name urlRewrite): a product, a category, a CMS page or not found */}
      <Route path="*" element={<UrlRewritePage />} />
    </>
  );
}
