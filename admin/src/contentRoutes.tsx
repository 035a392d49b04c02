import { Route } from 'react-router-dom';
import { Area } from './components/Area';
import { CategoriesPage } from './pages/CategoriesPage/CategoriesPage';
import { CmsPagePage } from './pages/CmsPagePage/CmsPagePage';
import { CmsPagesPage } from './pages/CmsPagesPage/CmsPagesPage';
import { PostPage } from './pages/PostPage/PostPage';
import { PostsPage } from './pages/PostsPage/PostsPage';
import { ReviewsPage } from './pages/ReviewsPage/ReviewsPage';

/** The content pages (content role) and categories (catalogue role), mounted by App among the signed-in pages. */
export const contentRoutes = (
  <>
    <Route path="cms-pages" element={<Area name="content"><CmsPagesPage /></Area>} />
    <Route path="cms-pages/:id" element={<Area name="content"><CmsPagePage /></Area>} />
    <Route path="posts" element={<Area name="content"><PostsPage /></Area>} />
    <Route path="posts/:id" element={<Area name="content"><PostPage /></Area>} />
    <Route path="reviews" element={<Area name="content"><ReviewsPage /></Area>} />
    <Route path="categories" element={<Area name="catalogue"><CategoriesPage /></Area>} />
  </>
);
