import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from '@shop/shared/router';
import { authTokenAtom } from '@shop/shared';
import { RequireAuth } from './RequireAuth';

function renderGuarded(token: string | null) {
  const store = createStore();
  store.set(authTokenAtom, token);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/sales/order/history']}>
        <Routes>
          <Route path="/customer/account/login" element={<h1>Login page</h1>} />
          <Route path="/sales/order/history" element={<RequireAuth><h1>My Orders</h1></RequireAuth>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('RequireAuth', () => {
  it('sends a shopper without a token to the login page', () => {
    renderGuarded(null);
    expect(screen.getByRole('heading')).toHaveTextContent('Login page');
  });

  it('shows the account page when a token exists', () => {
    renderGuarded('token');
    expect(screen.getByRole('heading')).toHaveTextContent('My Orders');
  });
});
