import { parseRouteList } from '@shop/shared/routes';
import { routes } from './routes';

describe('the catalogue route list (spec section 2)', () => {
  it('is a valid list of the catalogue remote’s own modules', () => {
    expect(parseRouteList('catalog', routes)).toHaveProperty('list');
  });

  it('has the product, category and search pages; products and categories answer 404 when unknown', () => {
    const byPath = Object.fromEntries(routes.routes.map((r) => [r.path, r]));
    expect(byPath['/catalog/product/view/id/:productId']).toMatchObject({ module: 'catalog/ProductPage', meta: { kind: 'product', param: 'productId' } });
    expect(byPath['/catalog/category/view/id/:categoryId']).toMatchObject({ module: 'catalog/CategoryPage', meta: { kind: 'category', param: 'categoryId' } });
    expect(byPath['/search']?.module).toBe('catalog/SearchPage');
  });

  it('renders the product and category URL rewrites with the prop each page reads', () => {
    expect(routes.rewrites).toEqual({
      product: { module: 'catalog/ProductPage', prop: 'productId' },
      category: { module: 'catalog/CategoryPage', prop: 'categoryId' },
    });
  });
});
