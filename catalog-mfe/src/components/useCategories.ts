import { useEffect, useState } from 'react';
import { CATEGORIES_DATA_KEY, loadCategories, usePageData, type Category } from '@shop/shared';

export type CategoriesState = { status: 'loading' } | { status: 'ready'; categories: Category[] } | { status: 'failed' };

/** The shop's categories (fetched once per page and shared with the shell; on a server-rendered page, the server's). */
export function useCategories(): CategoriesState {
  const initial = usePageData<Category[]>(CATEGORIES_DATA_KEY);
  const [state, setState] = useState<CategoriesState>(initial ? { status: 'ready', categories: initial } : { status: 'loading' });
  useEffect(() => {
    if (state.status === 'ready') return;
    let live = true;
    loadCategories()
      .then((categories) => live && setState({ status: 'ready', categories }))
      .catch((error: unknown) => {
        console.error('[catalog] categories failed to load', error);
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
    // Once per component: categories do not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}

/** Home, then the category's ancestors, then the category (for breadcrumbs). */
export function categoryTrail(categories: Category[], id: number | undefined): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const trail: Category[] = [];
  let current = id === undefined ? undefined : byId.get(id);
  const seen = new Set<number>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    trail.unshift(current);
    current = current.parent_id === null ? undefined : byId.get(current.parent_id);
  }
  return trail;
}

/** The category a product is shown under: the deepest of its categories the shop knows. */
export function primaryCategory(categories: Category[], categoryIds: number[]): Category | undefined {
  const known = categoryIds.map((id) => categories.find((c) => c.id === id)).filter((c): c is Category => Boolean(c));
  return known.sort((a, b) => categoryTrail(categories, b.id).length - categoryTrail(categories, a.id).length)[0];
}
