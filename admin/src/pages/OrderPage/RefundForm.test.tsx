import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrderDetail } from '@shop/shared/backoffice';
import { parsePounds, RefundForm } from './RefundForm';

const order = {
  shipping_description: 'Standard delivery',
  shipping_pence: 995,
  payment: { paid_pence: 12_000, refunded_pence: 2_000, refunds: [] },
  lines: [
    { id: 7, name: 'Bitumen membrane', qty: 2 },
    { id: 8, name: 'Primer', qty: 1 },
  ],
} as unknown as AdminOrderDetail;

describe('RefundForm', () => {
  it('asks for an amount in pounds, at most what is left', async () => {
    const onRequest = jest.fn();
    render(<RefundForm order={order} onRequest={onRequest} />);
    expect(screen.getByText('£100.00 of £120.00 can still be refunded.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Amount (£)'), '100.01');
    await userEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(screen.getByRole('alert').textContent).toBe('At most £100.00 can be refunded.');
    expect(onRequest).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Amount (£)'));
    await userEvent.type(screen.getByLabelText('Amount (£)'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(onRequest).toHaveBeenCalledWith({ amountPence: 1250, includeDelivery: false });
  });

  it('refunds lines and quantities, with the delivery', async () => {
    const onRequest = jest.fn();
    render(<RefundForm order={order} onRequest={onRequest} />);
    await userEvent.click(screen.getByLabelText('Lines'));
    await userEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one line to refund, or the delivery.');
    await userEvent.type(screen.getByLabelText('Bitumen membrane: quantity to refund (of 2)'), '1');
    await userEvent.click(screen.getByLabelText(/Also refund the delivery/));
    await userEvent.type(screen.getByLabelText('Reason (sent to the customer)'), 'Damaged roll');
    await userEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(onRequest).toHaveBeenCalledWith({ lines: [{ lineId: 7, qty: 1 }], includeDelivery: true, reason: 'Damaged roll' });
  });

  it('reads pounds as pence', () => {
    expect([parsePounds('12.5'), parsePounds('£3'), parsePounds('0.07'), parsePounds('0'), parsePounds('1.234'), parsePounds('-2')]).toEqual([1250, 300, 7, null, null, null]);
  });
});
