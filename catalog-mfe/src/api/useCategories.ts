import { useEffect, useState } from 'react';
import { loadCategories, type Category } from '@shop/shared';

export type CategoriesState = { status: 'loading' } | { status: 'ready'; categories: Category[] } | { status: 'failed' };

/** The shop's categories (fetched once per page and shared with the shell). */
export function useCategories(): CategoriesState {
  const [state, setState] = useState<CategoriesState>({ status: 'loading' });
  useEffect(() => {
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
  }, []);
  return state;
}
