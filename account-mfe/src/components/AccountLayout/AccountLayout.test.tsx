import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AccountLayout } from './AccountLayout';

function setWidth(wide: boolean) {
  window.matchMedia = jest.fn().mockImplementation(() => ({ matches: wide })) as unknown as typeof window.matchMedia;
}

describe('AccountLayout', () => {
  it('lists the account pages and highlights the current one', () => {
    setWidth(true);
    render(
      <MemoryRouter initialEntries={['/sales/order/history']}>
        <AccountLayout>
          <p>page</p>
        </AccountLayout>
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'My Account' });
    for (const label of [
      'Account Dashboard',
      'My Orders',
      'My Addresses',
      'Account Information',
      'My Product Reviews',
      'Email Notifications',
      'Newsletter Subscriptions',
      'My Subscriptions',
    ]) {
      expect(nav).toHaveTextContent(label);
    }
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Account Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('is collapsed on small screens until opened', async () => {
    setWidth(false);
    render(
      <MemoryRouter>
        <AccountLayout>
          <p>page</p>
        </AccountLayout>
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'My Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
    toggle.click();
    expect(await screen.findByRole('link', { name: 'My Orders' })).toBeVisible();
  });
});
