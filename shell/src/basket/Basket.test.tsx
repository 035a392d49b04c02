import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addedToBasketAtom, basketOpenAtom, cartAtom, cartIdAtom } from '@shop/shared';
import { mockApi } from '@shop/shared/testing';
import { createStore } from 'jotai';
import { renderWithShop } from '../test/render';
import { AddedToBasketModal } from './AddedToBasketModal';
import { BasketSlideOver } from './BasketSlideOver';

const line = { item_id: 5, sku: 'HV-CDM8-20M', name: 'Hydrovault 8mm Cavity Drain Membrane', price: 119.5, qty: 2, option_title: 'Roll length: 20 m', image: '/media/a.svg' };

function openBasket(items = [line], total = 239) {
  const store = createStore();
  store.set(basketOpenAtom, true);
  store.set(cartIdAtom, 'guest-1');
  store.set(cartAtom, { items, total });
  return store;
}

describe('basket slide-over', () => {
  it('lists the lines with price, option, quantity, the subtotal and the checkout note', () => {
    renderWithShop(<BasketSlideOver />, { store: openBasket() });
    const dialog = screen.getByRole('dialog', { name: 'Shopping cart' });
    expect(dialog).toHaveTextContent('Hydrovault 8mm Cavity Drain Membrane');
    expect(dialog).toHaveTextContent('Roll length: 20 m');
    expect(dialog).toHaveTextContent('£119.50 ex VAT');
    expect(dialog).toHaveTextContent('Qty 2');
    expect(dialog).toHaveTextContent('Subtotal £239.00');
    expect(dialog).toHaveTextContent('Shipping and taxes calculated at checkout.');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it('disables Checkout when the basket is empty', () => {
    renderWithShop(<BasketSlideOver />, { store: openBasket([], 0) });
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it('Remove takes one off through the API', async () => {
    const { calls } = mockApi({ '/cart/remove': { body: { items: [{ ...line, qty: 1 }], total: 119.5 } } });
    renderWithShop(<BasketSlideOver />, { store: openBasket() });
    fireEvent.click(screen.getByRole('button', { name: `Remove ${line.name}` }));
    expect(await screen.findByText('Qty 1')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]!.init?.body))).toMatchObject({ cartId: 'guest-1', productSku: 'HV-CDM8-20M' });
  });

  it('labels prices ex and inc VAT like every other page of the shop', () => {
    renderWithShop(<BasketSlideOver />, { store: openBasket() });
    const dialog = screen.getByRole('dialog', { name: 'Shopping cart' });
    const [lineItem] = within(dialog).getAllByRole('listitem');
    expect(lineItem).toHaveTextContent('£119.50 ex VAT');
    expect(lineItem).toHaveTextContent('£143.40 inc VAT');
    expect(dialog).toHaveTextContent(/Subtotal\s*£239\.00 ex VAT\s*£286\.80 inc VAT/);
  });

  it('a failed Remove says so inside the basket (the page behind it is inert), and puts the line back', async () => {
    mockApi({ '/cart/remove': { status: 503, body: { message: 'Service Unavailable' } } });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithShop(<BasketSlideOver />, { store: openBasket([{ ...line, qty: 1 }], 119.5) });
    fireEvent.click(screen.getByRole('button', { name: `Remove ${line.name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Shopping cart' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('There was a problem removing the item from the basket.');
    expect(within(dialog).getByRole('button', { name: `Remove ${line.name}` })).toBeInTheDocument();
  });

  it('keeps focus in the basket when a line goes: on the next Remove, or the empty-basket note', async () => {
    const other = { ...line, item_id: 6, sku: 'HV-SUMP-TWIN', name: 'Hydrovault Twin Sump Pump System', qty: 1, price: 895 };
    mockApi({ '/cart/remove': { body: { items: [other], total: 895 } } });
    renderWithShop(<BasketSlideOver />, { store: openBasket([{ ...line, qty: 1 }, other], 1014.5) });
    const first = screen.getByRole('button', { name: `Remove ${line.name}` });
    first.focus();
    fireEvent.click(first);
    await waitFor(() => expect(screen.getByRole('button', { name: `Remove ${other.name}` })).toHaveFocus());
    mockApi({ '/cart/remove': { body: { items: [], total: 0 } } });
    fireEvent.click(screen.getByRole('button', { name: `Remove ${other.name}` }));
    await waitFor(() => expect(screen.getByText('Your basket is empty.')).toHaveFocus());
  });

  it('Checkout closes the basket and goes to /checkout; Continue Shopping just closes it', () => {
    const store = openBasket();
    renderWithShop(<BasketSlideOver />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect(store.get(basketOpenAtom)).toBe(false);
    act(() => store.set(basketOpenAtom, true));
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(store.get(basketOpenAtom)).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout');
  });
});

describe('Added to Basket modal', () => {
  it('shows the product with Continue Shopping and Checkout', () => {
    const store = createStore();
    store.set(addedToBasketAtom, { name: 'Hydrovault Sump Pump', image: '/media/p.svg' });
    renderWithShop(<AddedToBasketModal />, { store });
    const dialog = screen.getByRole('dialog', { name: 'Added to Basket' });
    expect(dialog).toHaveTextContent('Hydrovault Sump Pump');
    fireEvent.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect(store.get(addedToBasketAtom)).toBeNull();
  });
});

describe('basket dialogs, loaded when first needed', () => {
  it('fetch no code until the basket opens, then show it, and stay to close', async () => {
    const { BasketOverlays } = await import('./BasketOverlays');
    const store = createStore();
    store.set(cartIdAtom, 'guest-1');
    store.set(cartAtom, { items: [line], total: 239 });
    renderWithShop(<BasketOverlays />, { store });
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => store.set(basketOpenAtom, true));
    expect(await screen.findByRole('dialog', { name: 'Shopping cart' })).toHaveTextContent('Subtotal £239.00');
    act(() => store.set(basketOpenAtom, false));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Shopping cart' })).toBeNull());

    act(() => store.set(addedToBasketAtom, { name: 'Hydrovault 8mm Cavity Drain Membrane' }));
    expect(await screen.findByRole('dialog', { name: 'Added to Basket' })).toHaveTextContent('Hydrovault 8mm Cavity Drain Membrane');
  });
});
