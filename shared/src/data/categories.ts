import { apiAnswer } from '../api/client';
import type { Categories, Category } from '../api/schemas/catalog';

let categories: Promise<Category[]> | null = null;

/**
 * The shop's categories, fetched once per page and shared by the shell (menus) and the remotes
 * (category pages, breadcrumbs). A failed load is forgotten so the next caller tries again.
 */
export function loadCategories(): Promise<Category[]> {
  categories ??= apiAnswer<Categories>('/categories/')
    .then((answer) => answer.categories)
    .catch((error: unknown) => {
      categories = null;
      throw error;
    });
  return categories;
}

/** The categories the page server already loaded for this page (page data): no second fetch. */
export function primeCategories(list: Category[]): void {
  categories ??= Promise.resolve(list);
}

/** The page-data key of the categories (the shell's menus; every server-rendered page has them). */
export const CATEGORIES_DATA_KEY = 'categories';
