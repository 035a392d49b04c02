import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartCountAtom } from '@shop/shared';
import { product, sumpWithOptions } from '../testing/fixtures';
import { renderAt, scriptApi } from '../testing/render';
import { clearLinkedProductCache } from '../api/linkedProducts';
import { clearProductCache } from '../api/products';
import { pageList } from './Pagination';
import { cardFromListItem, cardFromSearchHit, ProductCard, type CardProduct } from './ProductCard';
import { isShown } from '../catalog/visibility';

describe('isShown (status 1 and website 2 only)', () => {
  it('keeps enabled products on website 2 and drops the rest', () => {
    expect(isShown({ status: 1, website_ids: [1, 2] })).toBe(true);
    expect(isShown({ status: 2, website_ids: [2] })).toBe(false);
    expect(isShown({ status: 1, website_ids: [1] })).toBe(false);
    expect(isShown({ status: 1, extension_attributes: { website_ids: [2] } })).toBe(true);
    expect(isShown({ status: 1, extension_attributes: { website_ids: [1] } })).toBe(false);
    expect(isShown(null)).toBe(false);
  });
});

describe('pageList', () => {
  it('shows the first, the last and the pages around the current one', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(1, 3)).toEqual([1, 2, 3]);
    expect(pageList(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  });
});

describe('ProductCard Add to Basket', () => {
  const card = (over: Partial<CardProduct> = {}): CardProduct => ({ id: 5, sku: 'HV-ALARM', name: 'Water Alarm', type_id: 'simple', url: '/alarm', price: 89, image: null, inStock: true, ...over });

  beforeEach(() => {
    clearProductCache();
    clearLinkedProductCache();
    localStorage.clear();
  });

  it('adds a simple product at quantity 1', async () => {
    const calls = scriptApi({
      '/products/info/5': { body: product({ id: 5, sku: 'HV-ALARM', name: 'Water Alarm', price: 89 }) },
      '/cart/add': { body: { items: [{ item_id: 1, sku: 'HV-ALARM', name: 'Water Alarm', price: 89, qty: 1 }], total: 89, cartId: 'g' } },
    });
    const { store } = renderAt('/c', '/c', <ProductCard product={card()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Basket: Water Alarm' }));
    await waitFor(() => expect(store.get(cartCountAtom)).toBe(1));
    expect(calls.find((c) => c.path === '/cart/add')?.body).toMatchObject({ productSku: 'HV-ALARM', quantity: 1 });
  });

  it('takes the shopper to the product page when a required option must be chosen first', async () => {
    const calls = scriptApi({ '/products/info/28': { body: sumpWithOptions() } });
    renderAt('/c', '/c', <ProductCard product={card({ id: 28, sku: 'HV-SUMP-TWIN', name: 'Twin Sump', url: '/twin-sump' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Basket: Twin Sump' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/twin-sump'));
    expect(calls.some((c) => c.path === '/cart/add')).toBe(false);
  });

  it('cannot add what is out of stock', () => {
    renderAt('/c', '/c', <ProductCard product={card({ inStock: false })} />);
    expect(screen.getByRole('button', { name: 'Out of stock: Water Alarm' })).toBeDisabled();
    expect(screen.getAllByText('Out of stock').length).toBeGreaterThan(0);
  });
});

describe("ProductCard 'From' prices", () => {
  const listItem = (type_id: 'simple' | 'configurable' | 'grouped') => ({
    id: 1,
    sku: 'HV-CDM8',
    name: 'Hydrovault Cavity Drain Membrane 8mm',
    type_id,
    url: '/hydrovault-cavity-drain-membrane-8mm',
    price: 98,
    special_price: null,
    final_price: 98,
    min_price: 98,
    image: null,
    short_description: null,
    is_in_stock: true,
    status: 1,
    website_ids: [2],
    review_summary: { average: 0, count: 0 },
  });

  it('says "From £98.00" for a configurable product, on listings and in search, as its page does', () => {
    const fromListing = renderAt('/c', '/c', <ProductCard product={cardFromListItem(listItem('configurable'))} />);
    expect(fromListing.container.querySelector('article')).toHaveTextContent(/From\s*£98\.00 ex VAT/);
    fromListing.unmount();
    const hit = { id: 1, sku: 'HV-CDM8', name: 'Membrane', type_id: 'configurable' as const, url: '/m', price: 98, short_description: null, image: null };
    const fromSearch = renderAt('/c', '/c', <ProductCard product={cardFromSearchHit(hit)} />);
    expect(fromSearch.container.querySelector('article')).toHaveTextContent(/From\s*£98\.00/);
    fromSearch.unmount();
    const simple = renderAt('/c', '/c', <ProductCard product={cardFromListItem(listItem('simple'))} />);
    expect(simple.container.querySelector('article')).not.toHaveTextContent('From');
  });
});
