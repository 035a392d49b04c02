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
