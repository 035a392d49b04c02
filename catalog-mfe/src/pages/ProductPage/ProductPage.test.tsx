import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { cartCountAtom, meAtom, PageDataProvider, type Customer, type ProductInfo } from '@shop/shared';
import { clearLinkedProductCache } from '../../api/linkedProducts';
import { clearProductCache } from '../../api/products';
import { category, configurableMembrane, groupedKit, product, sumpWithOptions } from '../../testing/fixtures';
import { fakeIntersectionObserver } from '../../testing/intersection';
import { renderAt, scriptApi } from '../../testing/render';
import ProductPage, { loadPageData, productKey } from './ProductPage';

const loadRemote = jest.fn(async (_id: string): Promise<unknown> => {
  throw new Error('Remote "checkout" is not configured');
});
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: (id: string) => loadRemote(id) }));

const ROUTE = '/catalog/product/view/id/:productId';
const categories = { categories: [category(), category({ id: 103, parent_id: 104, name: 'Cavity Drain Membranes', url: '/basement-waterproofing/cavity-drain-membranes' })] };
const cartWith = (sku: string, qty: number) => ({ items: [{ item_id: 1, sku, name: sku, price: 1, qty }], total: qty });

function api(p: ProductInfo, extra: Record<string, Parameters<typeof scriptApi>[0][string]> = {}) {
  return scriptApi({
    [`/products/info/${p.id}`]: { body: p },
    '/categories/': { body: categories },
    // A guest's first add makes the basket (cartId answered), later ones name it.
    '/cart/add': (body) => ({ body: { ...cartWith(body.productSku, body.quantity), ...(body.cartId ? {} : { cartId: 'guest-1' }) } }),
    ...extra,
  });
}

const open = (p: ProductInfo, hash = '', store = createStore()) => renderAt(`/catalog/product/view/id/${p.id}${hash}`, ROUTE, <ProductPage />, store);
const addButton = () => screen.getByRole('button', { name: /Add to Basket|Out of stock|Adding/ });
const cartAdds = (calls: ReturnType<typeof scriptApi>) => calls.filter((c) => c.path === '/cart/add').map((c) => c.body);

beforeEach(() => {
  localStorage.clear();
  clearProductCache();
  clearLinkedProductCache();
  loadRemote.mockClear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ProductPage: configurable product', () => {
  it('keeps Add disabled with no variant until every option is chosen, then shows the variant and adds it', async () => {
    const p = configurableMembrane();
    const calls = api(p);
    const { store } = open(p);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Hydrovault Cavity Drain Membrane 8mm');

    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.selectOptions(screen.getByLabelText(/Roll Width/), '1.0m');
    expect(addButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('HV-CDM8', { selector: '[data-sku-shown]' })).toBeInTheDocument();

    // Pressing Add too early: the spec's alert, nothing sent.
    await userEvent.click(addButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please select all product options before adding to basket.');
    expect(cartAdds(calls)).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText(/Roll Length/), '20m');
    expect(addButton()).not.toHaveAttribute('aria-disabled');
    expect(screen.getByText('HV-CDM8-1020', { selector: '[data-sku-shown]' })).toBeInTheDocument();
    expect(screen.getByText('£138.00')).toBeInTheDocument();
    expect(screen.getByText('£165.60')).toBeInTheDocument();

    await userEvent.click(addButton());
    await waitFor(() => expect(store.get(cartCountAtom)).toBe(1));
    expect(cartAdds(calls)[0]).toMatchObject({
      cartId: null,
      productSku: 'HV-CDM8',
      quantity: 1,
      productOptions: { configurable_item_options: [{ option_id: 201, option_value: 1 }, { option_id: 202, option_value: 20 }] },
    });
  });

  it('shows a combination that does not exist as unavailable, and a From price before the choice', async () => {
    const p = configurableMembrane();
    api(p);
    open(p);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('From')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/Roll Width/), '2.0m');
    const length = screen.getByLabelText(/Roll Length/);
    expect(within(length).getByRole('option', { name: /10m/ })).toBeDisabled();
    expect(within(length).getByRole('option', { name: '20m' })).toBeEnabled();
  });

  it('works out the rolls for an area from the chosen variant and puts that many in the basket', async () => {
    const p = configurableMembrane();
    const calls = api(p);
    const { store } = open(p);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/Choose Roll Width and Roll Length to work out how many you need/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/Roll Width/), '2.0m');
    await userEvent.selectOptions(screen.getByLabelText(/Roll Length/), '20m');
    await userEvent.type(screen.getByLabelText('Area to cover (m²)'), '100');
    expect(screen.getByText(/You need/)).toHaveTextContent('You need 3 rolls for 100 m² (110 m² with the 10% allowance). 3 rolls cover 120 m².');
    await userEvent.click(screen.getByRole('button', { name: 'Add 3 rolls to basket' }));
    await waitFor(() => expect(store.get(cartCountAtom)).toBe(3));
    expect(cartAdds(calls)[0]).toMatchObject({ productSku: 'HV-CDM8', quantity: 3 });
    expect(screen.getByLabelText('Qty')).toHaveValue('3');
  });

  it('hands the express wallet button of the checkout remote the line as it would go in the basket', async () => {
    loadRemote.mockImplementation(async () => ({
      default: ({ line }: { line: { lineSku: string; qty: number } | null }) => <p data-testid="express">{line ? `${line.lineSku} x${line.qty}` : 'no line'}</p>,
    }));
    const p = configurableMembrane();
    api(p);
    open(p);
    expect(await screen.findByTestId('express')).toHaveTextContent('no line');
    expect(loadRemote).toHaveBeenCalledWith('checkout/ExpressCheckoutButton');
    await userEvent.selectOptions(screen.getByLabelText(/Roll Width/), '1.0m');
    await userEvent.selectOptions(screen.getByLabelText(/Roll Length/), '10m');
    expect(screen.getByTestId('express')).toHaveTextContent('HV-CDM8-1010 x1');
  });
});

describe('ProductPage: grouped product', () => {
  it('requires one associated item to be chosen and adds it with the associated sku', async () => {
    const p = groupedKit();
    const calls = api(p);
    const { store } = open(p);
    await screen.findByRole('heading', { level: 1 });
    const items = screen.getByRole('group', { name: /Choose an item/ });
    // The disabled item is not offered.
    expect(within(items).getAllByRole('radio')).toHaveLength(2);
    expect(within(items).queryByText('Discontinued Item')).not.toBeInTheDocument();
    expect(within(items).getByText('£19.50')).toBeInTheDocument();

    await userEvent.click(addButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an item to add to the basket.');
    expect(cartAdds(calls)).toHaveLength(0);

    await userEvent.click(within(items).getByRole('radio', { name: /Drainage Channel/ }));
    expect(screen.getByLabelText('Qty')).toHaveValue('10');
    await userEvent.click(addButton());
    await waitFor(() => expect(store.get(cartCountAtom)).toBe(10));
    expect(cartAdds(calls)[0]).toMatchObject({ productSku: 'HV-KIT', quantity: 10, productOptions: { associated_sku: 'HV-CHAN' } });
  });
});

describe('ProductPage: required custom options', () => {
  it("says 'This is a required field.' with a highlight on each missing option, then adds with the options", async () => {
    const p = sumpWithOptions();
    const calls = api(p);
    const { store } = open(p);
    await screen.findByRole('heading', { level: 1 });

    await userEvent.click(addButton());
    expect(screen.getAllByText('This is a required field.')).toHaveLength(2);
    expect(screen.getByRole('radiogroup', { name: /Control panel/ })).toHaveAttribute('aria-invalid', 'true');
    const hose = screen.getByLabelText(/Discharge hose/);
    expect(hose).toHaveAttribute('aria-invalid', 'true');
    expect(hose).toHaveAccessibleDescription('This is a required field.');
    expect(screen.getByRole('radio', { name: /Standard panel/ })).toHaveFocus();
    expect(cartAdds(calls)).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: /Dial-out panel/ }));
    expect(screen.getAllByText('This is a required field.')).toHaveLength(1);
    await userEvent.selectOptions(hose, '4');
    expect(screen.queryByText('This is a required field.')).not.toBeInTheDocument();
    // 895 + 145 + 28 = 1068 ex VAT.
    expect(screen.getByText('£1,068.00')).toBeInTheDocument();

    await userEvent.click(addButton());
    await waitFor(() => expect(store.get(cartCountAtom)).toBe(1));
    expect(cartAdds(calls)[0]).toMatchObject({
      productSku: 'HV-SUMP-TWIN',
      productOptions: { custom_options: [{ option_id: 1, option_value: 2 }, { option_id: 2, option_value: 4 }] },
    });
  });

  it("shows 'There was a problem adding the item to the basket.' when the basket refuses", async () => {
    const p = product({ id: 5, sku: 'HV-ALARM', name: 'Water Alarm' });
    api(p, { '/cart/add': { status: 500, body: { message: 'boom' } } });
    const { store } = open(p);
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(addButton());
    expect(await screen.findByText('There was a problem adding the item to the basket.')).toBeInTheDocument();
    expect(store.get(cartCountAtom)).toBe(0);
  });
});

describe('ProductPage: stock', () => {
  it("keeps the spec's words when there is not enough in stock, and adds the server's reason under them", async () => {
    const p = product({ id: 6, sku: 'HV-SUMP-SINGLE', name: 'Hydrovault Single Sump Pump System', stock: { qty: 14, is_in_stock: true } });
    const reason = 'Sorry, we only have 14 of Hydrovault Single Sump Pump System in stock.';
    api(p, { '/cart/add': { status: 400, body: { error: 'Bad Request', field: 'quantity', message: reason } } });
    open(p);
    await screen.findByRole('heading', { level: 1 });
    await userEvent.clear(screen.getByLabelText('Qty'));
    await userEvent.type(screen.getByLabelText('Qty'), '20');
    await userEvent.click(addButton());
    const problem = await screen.findByText('There was a problem adding the item to the basket.');
    expect(problem.parentElement).toHaveTextContent(reason);
  });

  it("says 'Only 3 left' when stock runs low, and 'In stock' otherwise", async () => {
    api(product({ id: 7, name: 'Butyl Tape', stock: { qty: 3, is_in_stock: true } }));
    const { unmount } = open(product({ id: 7 }));
    expect(await screen.findByText('Only 3 left')).toBeInTheDocument();
    unmount();
    clearProductCache();
    clearLinkedProductCache();
    api(product({ id: 8, name: 'Sealant', stock: { qty: 40, is_in_stock: true } }));
    open(product({ id: 8 }));
    expect(await screen.findByText('In stock')).toBeInTheDocument();
    expect(screen.queryByText(/left$/)).toBeNull();
  });
});

describe('ProductPage: prices by customer group', () => {
  const priced = () =>
    product({
      id: 8,
      sku: 'HV-MESH',
      price: 175,
      tier_prices: [
        { customer_group_id: 2, qty: 1, value: 158 },
        { customer_group_id: 2, qty: 10, value: 150 },
        { customer_group_id: 1, qty: 5, value: 170 },
      ],
    });

  it('gives a guest the base price and the quantity breaks of General', async () => {
    api(priced());
    open(priced());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('£175.00')).toBeInTheDocument();
    expect(screen.getByText('£210.00')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Buy more, pay less' });
    expect(within(table).getByText('5+')).toBeInTheDocument();
    expect(within(table).getByText('£170.00')).toBeInTheDocument();
  });

  it("lets a trade customer's quantity-1 tier override the base price, and larger tiers apply from their quantity", async () => {
    const store = createStore();
    store.set(meAtom, { id: 1, group_id: 2 } as Customer);
    api(priced());
    open(priced(), '', store);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('£158.00')).toBeInTheDocument();
    expect(screen.getByText('Was', { exact: false })).toHaveTextContent('Was £175.00 ex VAT');
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await act(async () => {
      await userEvent.clear(screen.getByLabelText('Qty'));
      await userEvent.type(screen.getByLabelText('Qty'), '10');
    });
    expect(screen.getAllByText('£150.00').length).toBeGreaterThan(0);
  });

  it('lets a special price beat every tier', async () => {
    const store = createStore();
    store.set(meAtom, { id: 1, group_id: 2 } as Customer);
    const p = { ...priced(), attrs: { ...priced().attrs, special_price: 149 } };
    api(p);
    open(p, '', store);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('£149.00')).toBeInTheDocument();
    expect(screen.getByText('Special offer')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Buy more, pay less' })).not.toBeInTheDocument();
  });
});

describe('ProductPage: tabs, specification and links', () => {
  it('opens the tab named by the location hash, and puts the chosen tab in the hash', async () => {
    const p = configurableMembrane();
    p.downloads = [{ title: 'Product Datasheet (PDF)', url: '/media/datasheets/hv.pdf' }];
    api(p);
    open(p, '#specification');
    await screen.findByRole('heading', { level: 1 });
    const spec = screen.getByRole('tab', { name: 'Specification' });
    expect(spec).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Specification' });
    const rows = within(panel).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual([
      'ModelCDM-8',
      'SKUHV-CDM8',
      'ManufacturerHydrovault',
      'PackagingRoll, shrink wrapped',
      'ColourBlack',
      'CE MarkEN 13967:2012',
      'BBA CertificateYes, certificate number 19/5687',
      'Country of ManufactureGermany',
    ]);

    await userEvent.click(screen.getByRole('tab', { name: 'Downloads' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/catalog/product/view/id/1#downloads');
    expect(screen.getByRole('link', { name: /Product Datasheet \(PDF\)/ })).toHaveAttribute('href', '/media/datasheets/hv.pdf');
    // Arrow keys move between tabs.
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
  });

  it('defaults to Description and has no Downloads tab without documents', async () => {
    const p = product({ id: 7 });
    api(p);
    open(p, '#nonsense');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Description', 'Specification', 'Reviews']);
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
  });

  it('loads reviews (15 a page) when the Reviews tab opens', async () => {
    const p = product({ id: 3, sku: 'HV-R', review_summary: { average: 4.5, count: 2 } });
    const calls = api(p, {
      '/reviews/products/HV-R?page=1': {
        body: {
          sku: 'HV-R',
          items: [
            { id: 1, nickname: 'Basement Ben', title: 'Easy to work with', detail: 'Cuts cleanly.', rating: 5, created_at: '2025-05-27T16:00:00.000Z' },
            { id: 2, nickname: 'Karen', title: 'Does the job', detail: 'Heavy.', rating: 4, created_at: '2025-05-02T13:00:00.000Z' },
          ],
          average: 4.5,
          count: 2,
          page: 1,
          pageSize: 15,
          distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
        },
      },
    });
    open(p);
    await screen.findByRole('heading', { level: 1 });
    expect(calls.some((c) => c.path.startsWith('/reviews/'))).toBe(false);
    await userEvent.click(screen.getByRole('tab', { name: 'Reviews (2)' }));
    expect(await screen.findByRole('heading', { name: 'Easy to work with' })).toBeInTheDocument();
    expect(screen.getByText('Based on 2 reviews')).toBeInTheDocument();
    expect(screen.getByText('27 May 2025')).toBeInTheDocument();
  });

  it('shows related and upsell products only when enabled and on website 2', async () => {
    const p = product({
      id: 11,
      sku: 'HV-MAIN',
      product_links: [
        { sku: 'HV-MAIN', link_type: 'related', linked_product_sku: 'HV-TAPE', linked_product_type: 'simple', position: 1, qty: null },
        { sku: 'HV-MAIN', link_type: 'related', linked_product_sku: 'HV-OFF', linked_product_type: 'simple', position: 2, qty: null },
        { sku: 'HV-MAIN', link_type: 'upsell', linked_product_sku: 'HV-PRO', linked_product_type: 'simple', position: 1, qty: null },
      ],
    });
    // One request for every linked product of the page (related and upsell together), never one per sku.
    const calls = api(p, {
      '/products/by-sku?skus=HV-TAPE,HV-OFF,HV-PRO': {
        body: [
          product({ id: 21, sku: 'HV-TAPE', name: 'Butyl Tape', url: '/tape' }),
          product({ id: 22, sku: 'HV-OFF', name: 'Trade Counter Only', extension_attributes: { website_ids: [1] } as ProductInfo['extension_attributes'] }),
          product({ id: 23, sku: 'HV-PRO', name: 'Pro Membrane', url: '/pro' }),
        ],
      },
    });
    open(p);
    const related = await screen.findByRole('complementary', { name: 'Related Products' });
    expect(within(related).getByRole('link', { name: 'Butyl Tape' })).toHaveAttribute('href', '/tape');
    expect(screen.queryByText('Trade Counter Only')).not.toBeInTheDocument();
    const upsell = await screen.findByRole('region', { name: 'You may also be interested in the following product(s)' });
    expect(within(upsell).getByRole('link', { name: 'Pro Membrane' })).toBeInTheDocument();
    const linked = calls.filter((c) => /^\/products\/(by-sku|search|info\/2)/.test(c.path)).map((c) => c.path);
    expect(linked).toEqual(['/products/by-sku?skus=HV-TAPE,HV-OFF,HV-PRO']);
  });

  it('asks for linked products only when the shopper scrolls towards them', async () => {
    // A browser: nothing below the fold is near the viewport until the observer says so.
    const observer = fakeIntersectionObserver();
    try {
      const p = product({
        id: 12,
        sku: 'HV-MAIN',
        product_links: [{ sku: 'HV-MAIN', link_type: 'related', linked_product_sku: 'HV-TAPE', linked_product_type: 'simple', position: 1, qty: null }],
      });
      const calls = api(p, { '/products/by-sku?skus=HV-TAPE': { body: [product({ id: 21, sku: 'HV-TAPE', name: 'Butyl Tape', url: '/tape' })] } });
      open(p);
      await screen.findByRole('heading', { level: 1 });
      // The observer watching the tabs' column (the related products sit beside or below it).
      const tabsColumn = () => observer.watches.find((w) => w.target?.querySelector('[data-tabs]'));
      await waitFor(() => expect(tabsColumn()).toBeDefined());
      expect(calls.some((c) => c.path.startsWith('/products/by-sku'))).toBe(false);

      const watched = tabsColumn()!;
      act(() => observer.reveal([watched]));
      const related = await screen.findByRole('complementary', { name: 'Related Products' });
      expect(within(related).getByRole('link', { name: 'Butyl Tape' })).toBeInTheDocument();
      expect(calls.filter((c) => c.path.startsWith('/products/by-sku'))).toHaveLength(1);
    } finally {
      observer.uninstall();
    }
  });

  it('shows no linked products, and the page still works, when the one linked-products call fails', async () => {
    const p = product({
      id: 13,
      sku: 'HV-MAIN',
      product_links: [{ sku: 'HV-MAIN', link_type: 'related', linked_product_sku: 'HV-TAPE', linked_product_type: 'simple', position: 1, qty: null }],
    });
    const calls = api(p, { '/products/by-sku?skus=HV-TAPE': { status: 500, body: { message: 'down' } } });
    open(p);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/products/by-sku?skus=HV-TAPE')).toBe(true));
    expect(screen.queryByRole('complementary', { name: 'Related Products' })).not.toBeInTheDocument();
    expect(addButton()).toBeInTheDocument();
  });

  it('builds the breadcrumb from the deepest category', async () => {
    const p = product({ id: 12, name: 'Studded Membrane', category_ids: [104, 103] });
    api(p);
    open(p);
    await screen.findByRole('heading', { level: 1 });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(crumbs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'Basement Waterproofing', 'Cavity Drain Membranes', 'Studded Membrane']));
  });
});

describe('ProductPage: not found', () => {
  it('shows the not-found page for an unknown product', async () => {
    const calls = scriptApi({ '/categories/': { body: categories } });
    renderAt('/catalog/product/view/id/404404', ROUTE, <ProductPage />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Sorry, we couldn't find that page");
    expect(screen.getByRole('link', { name: 'Sump Pumps' })).toHaveAttribute('href', '/sump-pumps');
    expect(calls[0]?.path).toBe('/products/info/404404');
  });

  it("sends a configurable product's variant to its parent's page instead of showing it as a product", async () => {
    const variant = product({ id: 31, sku: 'HV-CDM8-2020', name: 'Hydrovault 8mm 2.0m x 20m', visibility: 1, parent: { id: 30, url: '/hydrovault-cavity-drain-membrane-8mm' } });
    api(variant);
    open(variant);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/hydrovault-cavity-drain-membrane-8mm'));
    expect(screen.queryByRole('heading', { name: 'Hydrovault 8mm 2.0m x 20m' })).toBeNull();
  });

  it('never shows a disabled product or one not on website 2, whatever the API says', async () => {
    api(product({ id: 9, status: 2, name: 'Old Membrane' }));
    open(product({ id: 9 }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Sorry, we couldn't find that page");
    expect(screen.queryByText('Old Membrane')).not.toBeInTheDocument();
  });
});

describe('ProductPage: a product the shop does not have, rendered by the page server', () => {
  it('the loader records that there is none, and the page is the not-found page at once, without asking again', async () => {
    const server = { get: jest.fn(async () => null) };
    const data = await loadPageData({ props: {}, params: { productId: '999999' }, query: new URLSearchParams() }, server as never);
    expect(data).toEqual({ [productKey(999999)]: null });

    const calls = scriptApi({ '/categories/': { body: categories } });
    renderAt(
      '/catalog/product/view/id/999999',
      ROUTE,
      <PageDataProvider data={data}>
        <ProductPage />
      </PageDataProvider>,
    );
    // Not-found as soon as the categories are there (on the page server, they come with the shell's data).
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Sorry, we couldn't find that page");
    expect(calls.filter((c) => c.path.startsWith('/products/info'))).toHaveLength(0);
  });
});
