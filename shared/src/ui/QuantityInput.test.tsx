import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { clampQty, QuantityInput } from './QuantityInput';

function Harness({ initial = 1 }: { initial?: number }) {
  const [qty, setQty] = useState(initial);
  return (
    <>
      <QuantityInput value={qty} onChange={setQty} />
      <output>{qty}</output>
    </>
  );
}

describe('QuantityInput', () => {
  it('keeps quantities whole and at least 1', () => {
    expect(clampQty('0')).toBe(1);
    expect(clampQty('abc')).toBe(1);
    expect(clampQty(2.7)).toBe(2);
    expect(clampQty(5000)).toBe(999);
  });

  it('steps with − and + and never goes below 1', async () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('spinbutton', { name: 'Qty' })).toHaveValue('2');
    expect(screen.getByRole('spinbutton', { name: 'Qty' })).toHaveAttribute('aria-valuenow', '2');
  });

  it('takes digits only: letters, signs, exponents and decimal points typed or pasted are dropped', async () => {
    render(<Harness />);
    const input = screen.getByRole('spinbutton', { name: 'Qty' });
    await userEvent.clear(input);
    await userEvent.type(input, '-1e2.5');
    expect(input).toHaveValue('125');
    expect(screen.getByText('125', { selector: 'output' })).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.paste('x 4 ');
    expect(input).toHaveValue('4');
    expect(screen.getByText('4', { selector: 'output' })).toBeInTheDocument();
  });

  it('steps with the Up and Down arrow keys, within range', async () => {
    render(<Harness initial={2} />);
    const input = screen.getByRole('spinbutton', { name: 'Qty' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('4');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('1');
    expect(screen.getByText('1', { selector: 'output' })).toBeInTheDocument();
  });

  it('puts a cleared or zero field back to 1 when it loses focus', async () => {
    render(<Harness initial={3} />);
    const input = screen.getByLabelText('Qty');
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.tab();
    expect(input).toHaveValue('1');
    expect(screen.getByText('1', { selector: 'output' })).toBeInTheDocument();
  });

  it('takes up a quantity typed into the server-rendered page before it hydrated', async () => {
    const onChange = jest.fn();
    const root = document.createElement('div');
    root.innerHTML = renderToString(<QuantityInput value={1} onChange={onChange} />);
    document.body.append(root);
    root.querySelector('input')!.value = '99';
    let app!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      app = hydrateRoot(root, <QuantityInput value={1} onChange={onChange} />);
    });
    expect(onChange).toHaveBeenCalledWith(99);
    expect(root.querySelector('input')!.value).toBe('99');
    act(() => app.unmount());
    root.remove();
  });
});

