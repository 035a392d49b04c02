import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PRODUCT_MESSAGES, type ImportReport } from '@shop/shared/backoffice';
import { NewProductPage } from '../ProductPage/ProductPage';
import { ImportPage } from './ImportPage';

const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);
// jsdom's File has no text() (browsers do): read it with its FileReader.
if (!('text' in File.prototype)) {
  Object.defineProperty(File.prototype, 'text', {
    value(this: File) {
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(this);
      });
    },
  });
}

let fetchMock: jest.Mock;
let dryRun: ImportReport;

beforeEach(() => {
  dryRun = { rows: 2, created: 0, updated: 1, unchanged: 0, problems: [{ row: 3, column: 'price', message: PRODUCT_MESSAGES.priceBelowZero }], moreProblems: 0, applied: false };
  fetchMock = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url).startsWith('/admin-api/products/import?name=') && init?.method === 'POST') return answer(dryRun);
    if (String(url) === '/admin-api/products' && init?.method === 'POST') return answer({ message: `sku: ${PRODUCT_MESSAGES.skuTaken}`, field: 'sku' }, 400);
    return answer({ message: 'not here' }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/products/import" element={<ImportPage />} />
        <Route path="/products/new" element={<NewProductPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the import page', () => {
  it('sends the chosen file for a dry run and lists its problems by row and column, with no Apply', async () => {
    renderAt('/products/import');
    expect(screen.getByRole('link', { name: 'Download products.csv' })).toHaveAttribute('href', '/admin-api/products/export');
    await userEvent.upload(screen.getByLabelText('CSV file'), new File(['sku,price\nA,1\nB,-1\n'], 'prices.csv', { type: 'text/csv' }));
    const table = await screen.findByRole('table', { name: 'Problems' });
    expect(within(table).getByRole('row', { name: `3 price ${PRODUCT_MESSAGES.priceBelowZero}` })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('prices.csv: 1 problem. Nothing was changed.');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin-api/products/import?name=prices.csv');
    expect((init as RequestInit).headers).toMatchObject({ 'content-type': 'text/csv' });
    expect((init as RequestInit).body).toBe('sku,price\nA,1\nB,-1\n');
  });

  it('offers Apply once a file has no problems', async () => {
    dryRun = { ...dryRun, problems: [] };
    renderAt('/products/import');
    await userEvent.upload(screen.getByLabelText('CSV file'), new File(['sku,price\nA,1\n'], 'ok.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('ok.csv: 2 rows: 0 new, 1 changed, 0 unchanged. No problems.');
  });
});

describe('the new product page', () => {
  it('checks the SKU with the form, and shows the API’s refusal under the field', async () => {
    renderAt('/products/new');
    await userEvent.type(screen.getByLabelText('SKU'), 'has space');
    await userEvent.type(screen.getByLabelText('Name'), 'Test membrane');
    await userEvent.type(screen.getByLabelText('Price (£, ex VAT)'), '12.50');
    await userEvent.type(screen.getByLabelText('URL key'), 'test-membrane');
    await userEvent.click(screen.getByRole('button', { name: 'Make the product' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.sku)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('SKU'));
    await userEvent.type(screen.getByLabelText('SKU'), 'HV-CDM20');
    await userEvent.click(screen.getByRole('button', { name: 'Make the product' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.skuTaken)).toBeInTheDocument();
    expect(JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body))).toMatchObject({ sku: 'HV-CDM20', name: 'Test membrane', pricePence: 1250, urlKey: 'test-membrane', enabled: true, qty: 0 });
  });
});
