import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { mockApi } from '@shop/shared/testing';
import ProductPage from './ProductPage';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/catalog/product/view/id/:productId" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ProductPage', () => {
  it('shows the product from the API', async () => {
    mockApi({ '/products/info/12': { body: { id: 12, sku: 'HV-CDM8', name: 'Hydrovault 8mm Cavity Drain Membrane' } } });
    renderAt('/catalog/product/view/id/12');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Hydrovault 8mm Cavity Drain Membrane');
  });

  it('says so when the product does not exist', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = mockApi({});
    renderAt('/catalog/product/view/id/404404');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Sorry, we couldn't find that product");
    expect(calls[0]?.url).toBe('/api/products/info/404404');
  });
});
