// Standalone host: the content team runs its pages alone with `npm run dev -w content-mfe`.
import '@shop/shared/tokens.css';
import { renderStandalone } from '@shop/shared/standalone';
import HomePage from './pages/HomePage/HomePage';
import CmsPage from './pages/CmsPage/CmsPage';
import AdvicePage from './pages/AdvicePage/AdvicePage';
import ArticlePage from './pages/ArticlePage/ArticlePage';

renderStandalone('content', [
  { path: '/', element: <HomePage /> },
  { path: '/page/:identifier', element: <CmsPage /> },
  { path: '/advice', element: <AdvicePage /> },
  { path: '/advice/:articlePage', element: <ArticlePage /> },
]);
