import { render, screen } from '@testing-library/react';
import { OrderTotals } from './OrderTotals';

describe('OrderTotals', () => {
  const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  it('words the totals the same everywhere: ex VAT lines, delivery with its method, the total inc VAT', () => {
    render(<OrderTotals subtotal={39} discount={5} shipping={9.95} shippingTitle="Courier - Standard Delivery" tax={8.79} grandTotal={52.74} />);
    expect(screen.getByLabelText('Order totals').tagName).toBe('DL');
    expect(value('Subtotal (ex VAT)')).toBe('£39.00');
    expect(value('Discount')).toBe('-£5.00');
    expect(screen.getByText('Courier - Standard Delivery')).toBeInTheDocument();
    expect(screen.getByText(/^Delivery \(ex VAT\)/, { selector: 'dt' }).nextElementSibling).toHaveTextContent('£9.95');
    expect(value('VAT (20%)')).toBe('£8.79');
    expect(value('Order Total (inc VAT)')).toBe('£52.74');
  });

  it('says Free for free delivery, asks for a method while none is chosen, and shows no discount line without one', () => {
    const { rerender } = render(<OrderTotals subtotal={300} discount={0} shipping={0} tax={60} grandTotal={360} />);
    expect(value('Delivery (ex VAT)')).toBe('Free');
    expect(screen.queryByText('Discount')).toBeNull();
    rerender(<OrderTotals subtotal={30} shipping={null} tax={6} grandTotal={36} />);
    expect(value('Delivery (ex VAT)')).toBe('Choose a delivery method');
  });
});
