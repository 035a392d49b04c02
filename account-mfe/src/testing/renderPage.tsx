import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { authTokenAtom, meAtom, type Customer } from '@shop/shared';

/** Test-only: where the router is now (path and query). */
function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname + l.search}</span>;
}

/**
 * Renders one account page at `path` (matched by `route`) in its own store, optionally signed in.
 * Any other path renders the heading 'Elsewhere', so a navigation shows in `where()`.
 */
export function renderPage(
  page: ReactElement,
  { path, route = path.split('?')[0]!, token, me }: { path: string; route?: string; token?: string; me?: Customer },
) {
  // Token and basket id live in localStorage: each page starts from a clean browser.
  localStorage.clear();
  const store = createStore();
  if (token) store.set(authTokenAtom, token);
  if (me) store.set(meAtom, me);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={page} />
          <Route path="*" element={<h1>Elsewhere</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return { store, view, where: () => screen.getByTestId('where').textContent };
}

export const customer: Customer = {
  id: 7,
  firstname: 'Jo',
  lastname: 'Bloggs',
  email: 'jo@example.co.uk',
  group_id: 1,
  addresses: [],
  custom_attributes: [{ attribute_code: 'company_name', value: 'Bloggs Builders' }],
  extension_attributes: { is_subscribed: false },
};

/** The JSON body of a recorded call. */
export const bodyOf = (call: { init?: RequestInit } | undefined) => JSON.parse(String(call?.init?.body ?? 'null')) as Record<string, unknown>;
