import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from './Dialog';

function Page({ busyOpener = false }: { busyOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          if (!busyOpener) return setOpen(true);
          // As the basket's Add button: disabled while the add runs, the dialog opens after.
          setBusy(true);
          // A browser moves focus off a control that becomes disabled (to <body>); jsdom does not.
          (document.activeElement as HTMLElement).blur();
          setTimeout(() => {
            setBusy(false);
            setOpen(true);
          }, 0);
        }}
      >
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Added to Basket">
        <a href="/checkout">Checkout</a>
        <fieldset>
          <input type="radio" name="size" value="s" aria-label="Small" />
          <input type="radio" name="size" value="m" aria-label="Medium" defaultChecked />
        </fieldset>
        <button type="button" disabled>
          Unavailable
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Continue Shopping
        </button>
      </Dialog>
      <button type="button">After</button>
    </>
  );
}

describe('Dialog', () => {
  it('keeps Tab and Shift+Tab inside while open, cycling through its controls', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    // Browsers focus the first control as a modal opens; jsdom's <dialog> does not.
    act(() => close.focus());
    const order = ['Checkout', 'Medium', 'Continue Shopping', 'Close', 'Checkout'];
    for (const name of order) {
      await userEvent.tab();
      expect(document.activeElement).toHaveAccessibleName(name);
    }
    // Backwards from the first control goes to the last.
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Continue Shopping' })).toHaveFocus();
  });

  it('gives focus back to the control that opened it when it closes', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('button', { name: 'Continue Shopping' })).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('gives focus back to its opener even when the opener was disabled (focus on the page) as it opened', async () => {
    render(<Page busyOpener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(screen.getByRole('button', { name: 'Continue Shopping' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();
  });
});
