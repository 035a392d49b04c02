import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { clearContentCache } from '../components/contentApi';

type Handler = { status?: number; body: unknown } | ((body: any, path: string) => { status?: number; body: unknown });

/** A scripted /api: answers by path (with its query), records every call with its JSON body. */
export function scriptApi(routes: Record<string, Handler>) {
  clearContentCache();
  const calls: { path: string; body: any }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const route = routes[path];
    const answer = typeof route === 'function' ? route(body, path) : (route ?? { status: 404, body: { message: 'Not found' } });
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(answer.body) };
  }) as unknown as typeof fetch;
  return calls;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.hash}`}</output>;
}

/** Renders `element` at `path` (matched by `routePath`) with its own jotai store and a router. */
export function renderAt(path: string, routePath: string, element: ReactNode, store = createStore()) {
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
