import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@shop/shared/router';
import type { PaymentConfig } from '../api/checkoutApi';
import { TestCardForm } from './TestCardForm';

const config = { provider: 'test', testCards: [] } as unknown as PaymentConfig;

function renderForm() {
  render(
    <MemoryRouter>
      <TestCardForm config={config} />
    </MemoryRouter>,
  );
  return {
    number: screen.getByLabelText('Card number'),
    expiry: screen.getByLabelText('Expiry date'),
    cvc: screen.getByLabelText('Security code'),
  };
}

describe('TestCardForm fields (the shared text field strips what a card field cannot hold)', () => {
  it('the card number keeps its digits, grouped in fours, whatever else is typed or pasted', async () => {
    const { number } = renderForm();
    expect(number).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(number, '4242-4242 abcd4242.4242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await userEvent.clear(number);
    await userEvent.paste('3782 8224 6310 005');
    expect(number).toHaveValue('3782 822463 10005');
  });

  it('the expiry takes digits and forms MM / YY; letters are dropped; deleting the separator deletes the month digit', async () => {
    const { expiry } = renderForm();
    await userEvent.type(expiry, '1x2y3z0');
    expect(expiry).toHaveValue('12 / 30');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '12');
    expect(expiry).toHaveValue('12 / ');
    await userEvent.type(expiry, '{Backspace}');
    expect(expiry).toHaveValue('1');
  });

  it('the security code keeps digits only', async () => {
    const { cvc } = renderForm();
    await userEvent.type(cvc, '1a2 3');
    expect(cvc).toHaveValue('123');
  });
});
