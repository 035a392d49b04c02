import type { RouteList } from '@shop/shared/routes';

/**
 * The catalogue's pages and the URL rewrites it renders. Published in this remote's
 * mf-manifest.json by the build; the shell routes them at run time (see README.md, "Routes").
 * Data only: no React here, so the page server can read it too.
 */
export const routes = {
  routes: [
    { path: '/catalog/product/view/id/:productId', module: 'catalog/ProductPage', meta: { kind: 'product', param: 'productId' } },
    { path: '/catalog/category/view/id/:categoryId', module: 'catalog/CategoryPage', meta: { kind: 'category', param: 'categoryId' } },
    { path: '/search', module: 'catalog/SearchPage', meta: { kind: 'page', title: 'Search' } },
  ],
  // Product and category URL paths (/damp-proofing, /hydrovault-…) resolve to these pages.
  rewrites: {
    product: { module: 'catalog/ProductPage', prop: 'productId' },
    category: { module: 'catalog/CategoryPage', prop: 'categoryId' },
  },
} satisfies RouteList;
