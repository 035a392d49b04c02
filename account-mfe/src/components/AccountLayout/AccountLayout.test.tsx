import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@shop/shared/router';
import { AccountLayout } from './AccountLayout';

let wide = true;
function setWidth(isWide: boolean) {
  wide = isWide;
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: query === '(min-width: 1024px)' ? wide : false,
  })) as unknown as typeof window.matchMedia;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AccountLayout>
        <p>page</p>
      </AccountLayout>
    </MemoryRouter>,
  );
}

describe('AccountLayout', () => {
  afterEach(() => jest.useRealTimers());

  it('lists the account pages and highlights the current one', () => {
    setWidth(true);
    renderAt('/sales/order/history');
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
    expect(screen.getAllByRole('link')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Account Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it.each(['/customer/account', '/customer/account/index', '/customer/account/'])('highlights the dashboard at %s', (path) => {
    setWidth(true);
    renderAt(path);
    expect(screen.getByRole('link', { name: 'Account Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link').filter((l) => l.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('highlights My Orders on an order and Account Information on the password change', () => {
    setWidth(true);
    const view = renderAt('/sales/order/view/order_id/5');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    view.unmount();
    renderAt('/customer/account/edit/changepass');
    expect(screen.getByRole('link', { name: 'Account Information' })).toHaveAttribute('aria-current', 'page');
  });

  it('is collapsed on small screens until opened', async () => {
    setWidth(false);
    renderAt('/customer/address');
    const toggle = screen.getByRole('button', { name: 'My Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'My Orders' })).toBeVisible();
  });

  it('follows the 1024px breakpoint 250 ms after the last resize', () => {
    jest.useFakeTimers();
    setWidth(false);
    renderAt('/customer/address');
    expect(screen.getByRole('button', { name: 'My Account' })).toBeInTheDocument();

    wide = true;
    act(() => {
      window.dispatchEvent(new Event('resize'));
      jest.advanceTimersByTime(200);
      window.dispatchEvent(new Event('resize'));
      jest.advanceTimersByTime(200);
    });
    // Still debouncing: 200 ms since the last resize.
    expect(screen.getByRole('button', { name: 'My Account' })).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(50);
    });
    // Wide: always open, no toggle.
    expect(screen.queryByRole('button', { name: 'My Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toBeVisible();

    wide = false;
    act(() => {
      window.dispatchEvent(new Event('resize'));
      jest.advanceTimersByTime(250);
    });
    expect(screen.getByRole('button', { name: 'My Account' })).toHaveAttribute('aria-expanded', 'false');
  });
});
