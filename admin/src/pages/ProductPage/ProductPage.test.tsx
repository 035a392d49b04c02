import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PRODUCT_MESSAGES, type AdminProductDetail } from '@shop/shared/backoffice';
import { ProductPage } from './ProductPage';

const product: AdminProductDetail = {
  id: 7,
  sku: 'HV-CDM20',
  name: 'Hydrovault CDM 20',
  type_id: 'simple',
  visibility: 4,
  enabled: true,
  price_pence: 12500,
  special_price_pence: null,
  special_from: null,
  special_to: null,
  special_price_active: false,
  qty: 40,
  is_in_stock: true,
  url_key: 'hydrovault-cdm-20',
  meta_title: null,
  meta_description: null,
  storefront_path: '/hydrovault-cdm-20',
  old_paths: [],
  short_description: '<p>Short</p>',
  description: '<p>Long</p>',
  tier_prices: [{ customer_group_id: 2, qty: 10, price_pence: 9000 }],
  related: [{ sku: 'HV-TAPE', name: 'Tape', enabled: true }],
  upsell: [],
  categories: [{ category_id: 3, position: 5 }],
  updated_at: '2026-11-27T07:00:00.000Z',
};
const summary = {
  id: 9, sku: 'X', name: 'X', type_id: 'simple', enabled: true, visibility: 4, price_pence: 100, special_price_pence: null, qty: 1, stock_state: 'in_stock', url_key: 'x', updated_at: product.updated_at,
};
const categoryOptions = { items: [{ id: 3, label: 'Basement › Cavity drain' }, { id: 4, label: 'Damp proofing' }] };

/** What fetch resolves to (jsdom has no Response): the parts api.ts reads. */
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);
let saveAnswer: () => Promise<Response>;
let fetchMock: jest.Mock;

beforeEach(() => {
  saveAnswer = () => answer({ product: { ...product, price_pence: 9950 } });
  fetchMock = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url) === '/admin-api/products/7' && init?.method === 'POST') return saveAnswer();
    if (String(url) === '/admin-api/products/7') return answer(product);
    if (String(url) === '/admin-api/products/categories') return answer(categoryOptions);
    if (String(url).startsWith('/admin-api/products?')) return answer({ items: [{ ...summary, sku: 'HV-TAPE-50', name: 'Hydrovault tape 50 mm' }], totalCount: 1, page: 1, pageSize: 10 });
    return answer({ message: 'not here' }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/products/7']}>
      <Routes>
        <Route path="/products/:id" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

async function retype(label: string, text: string) {
  const input = await screen.findByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

describe('the product page', () => {
  it('saves the price in pence and says the shop shows it', async () => {
    renderPage();
    expect(await screen.findByLabelText('Price (£, ex VAT)')).toHaveValue('125.00');
    await retype('Price (£, ex VAT)', '99.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. The shop shows the change within 2 seconds.');
    const [[, init]] = posts() as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toMatchObject({ pricePence: 9950, specialPricePence: null, qty: 40, urlKey: 'hydrovault-cdm-20', enabled: true });
  });

  it('shows its own checks under the fields and sends nothing', async () => {
    renderPage();
    await retype('Price (£, ex VAT)', '-1');
    await retype('Special price (£, ex VAT; empty for none)', '');
    await retype('Special price from', '2030-01-01');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.priceBelowZero)).toBeInTheDocument();
    expect(screen.getByLabelText('Price (£, ex VAT)')).toHaveAttribute('aria-invalid', 'true');

    await retype('Price (£, ex VAT)', '10');
    await retype('Special price (£, ex VAT; empty for none)', '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.specialAbovePrice)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('shows the API’s refusal under the field it names', async () => {
    saveAnswer = () => answer({ error: 'Bad Request', message: PRODUCT_MESSAGES.urlKeyTaken, field: 'urlKey' }, 400);
    renderPage();
    await retype('URL key', 'damp-proofing');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.urlKeyTaken)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('URL key')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends the descriptions, visibility, tier prices, linked SKUs, categories and the version the form opened on', async () => {
    renderPage();
    await retype('Short description', '<p>New short</p>');
    await userEvent.selectOptions(screen.getByLabelText('Visibility'), 'Catalog');
    await userEvent.click(screen.getByRole('button', { name: 'Add a tier price' }));
    await userEvent.selectOptions(screen.getAllByLabelText('Customer group')[1]!, 'All groups');
    const qtys = screen.getAllByLabelText('From quantity');
    await userEvent.clear(qtys[1]!);
    await userEvent.type(qtys[1]!, '25');
    const prices = screen.getAllByLabelText('Tier price (£, ex VAT)');
    await userEvent.type(prices[1]!, '80');
    await userEvent.click(screen.getByLabelText('Damp proofing'));
    await userEvent.clear(screen.getByLabelText('Position in Damp proofing'));
    await userEvent.type(screen.getByLabelText('Position in Damp proofing'), '2');
    await userEvent.click(screen.getByLabelText('Basement › Cavity drain'));
    await userEvent.click(screen.getAllByRole('button', { name: 'Add a product' })[1]!); // up-sell
    await userEvent.type(screen.getByLabelText('Up-sell products: SKU 1'), 'tape');
    // Suggestions come from the products list's search.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/admin-api/products?pageSize=10&q=tape')).toBe(true));
    expect(await screen.findByRole('option', { name: 'Hydrovault tape 50 mm', hidden: true })).toHaveValue('HV-TAPE-50');
    await userEvent.clear(screen.getByLabelText('Up-sell products: SKU 1'));
    await userEvent.type(screen.getByLabelText('Up-sell products: SKU 1'), 'HV-TAPE-50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    const [[, init]] = posts() as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toMatchObject({
      updatedAt: product.updated_at,
      shortDescription: '<p>New short</p>',
      description: '<p>Long</p>',
      visibility: 2,
      tierPrices: [
        { customerGroupId: 2, qty: 10, pricePence: 9000 },
        { customerGroupId: 32000, qty: 25, pricePence: 8000 },
      ],
      related: ['HV-TAPE'],
      upsell: ['HV-TAPE-50'],
      categories: [{ categoryId: 4, position: 2 }],
    });
  });

  it('checks tier rows and linked SKUs under the row, reorders and removes', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a tier price' }));
    await userEvent.selectOptions(screen.getAllByLabelText('Customer group')[1]!, 'All groups');
    await userEvent.type(screen.getAllByLabelText('Tier price (£, ex VAT)')[1]!, '130');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add a product' })[0]!);
    await userEvent.type(screen.getByLabelText('Related products: SKU 2'), 'hv-tape');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.tierAllGroupsQty1)).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_MESSAGES.tierNotBelowPrice)).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_MESSAGES.linkRepeated)).toBeInTheDocument();
    expect(screen.getByLabelText('Related products: SKU 2')).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove tier price 2' }));
    await userEvent.clear(screen.getByLabelText('Related products: SKU 2'));
    await userEvent.type(screen.getByLabelText('Related products: SKU 2'), 'HV-OTHER');
    // Typing in the row clears its refusal; the linked product's name shows under its SKU.
    await waitFor(() => expect(screen.queryByText(PRODUCT_MESSAGES.linkRepeated)).not.toBeInTheDocument());
    expect(screen.getByText('Tape')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move related products 2 up' }));
    expect(screen.getByLabelText('Related products: SKU 1')).toHaveValue('HV-OTHER');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(JSON.parse((posts()[0]![1] as RequestInit).body as string)).toMatchObject({ related: ['HV-OTHER', 'HV-TAPE'], tierPrices: [{ customerGroupId: 2, qty: 10, pricePence: 9000 }] });
  });

  it('shows the API’s refusal of a linked SKU under its row', async () => {
    saveAnswer = () => answer({ error: 'Bad Request', message: PRODUCT_MESSAGES.linkUnknown, field: 'related.0' }, 400);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.linkUnknown)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Related products: SKU 1')).toHaveAttribute('aria-invalid', 'true'));
  });

  it('a stale form (someone else saved) says so and keeps what was typed', async () => {
    saveAnswer = () => answer({ error: 'Conflict', message: PRODUCT_MESSAGES.stale, field: 'updatedAt' }, 409);
    renderPage();
    await retype('Name', 'My change');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PRODUCT_MESSAGES.stale);
    expect(screen.getByLabelText('Name')).toHaveValue('My change');
  });
});
