// Standalone host: the catalog team runs its pages alone with `npm run dev -w catalog-mfe`.
import '@shop/shared/tokens.css';
import { renderStandalone } from '@shop/shared';
import ProductPage from './pages/ProductPage/ProductPage';
import CategoryPage from './pages/CategoryPage/CategoryPage';
import SearchPage from './pages/SearchPage/SearchPage';

renderStandalone('catalog', [
  { path: '/catalog/product/view/id/:productId', element: <ProductPage /> },
  { path: '/catalog/category/view/id/:categoryId', element: <CategoryPage /> },
  { path: '/search', element: <SearchPage /> },
]);
