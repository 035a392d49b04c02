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
  tier_prices: [{ customer_group_id: 2, qty: 10, price_pence: 11000 }],
  related: [{ sku: 'HV-TAPE', name: 'Tape', enabled: true }],
  upsell: [],
  categories: [{ category_id: 3, position: 5 }],
  updated_at: '2026-11-27T07:00:00.000Z',
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
});
