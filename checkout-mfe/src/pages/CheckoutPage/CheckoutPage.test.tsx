import { render, screen } from '@testing-library/react';
import CheckoutPage from './CheckoutPage';

describe('CheckoutPage', () => {
  it('has the Checkout heading and page title', () => {
    render(<CheckoutPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Checkout');
    expect(document.title).toMatch(/^Checkout \| Northgate Membranes$/);
  });
});
