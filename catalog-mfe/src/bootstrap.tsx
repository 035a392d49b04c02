// Standalone host: the catalog team runs its pages alone with `npm run dev -w catalog-mfe` (the dev
// server proxies /api and /media to API_URL), or serves dist/ behind anything that does the same.
import '@shop/shared/tokens.css';
import { renderStandalone } from '@shop/shared/standalone';
import ProductPage from './pages/ProductPage/ProductPage';
import CategoryPage from './pages/CategoryPage/CategoryPage';
import SearchPage from './pages/SearchPage/SearchPage';
import { StandaloneResolve, StandaloneStart } from './StandaloneStart';

renderStandalone('catalog', [
  { path: '/', element: <StandaloneStart /> },
  { path: '/index.html', element: <StandaloneStart /> },
  { path: '/catalog/product/view/id/:productId', element: <ProductPage /> },
  { path: '/catalog/category/view/id/:categoryId', element: <CategoryPage /> },
  { path: '/search', element: <SearchPage /> },
  { path: '*', element: <StandaloneResolve /> },
]);
