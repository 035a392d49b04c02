import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';

/** Shows where the router is, so tests can assert navigation. */
export function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

/** Renders UI with its own jotai store and a router, at `path`. */
export function renderWithShop(ui: ReactNode, { path = '/', store = createStore() } = {}) {
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<>{ui}<Where /></>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
