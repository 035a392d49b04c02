import { useEffect, useState } from 'react';
import { CATEGORIES_DATA_KEY, loadCategories, reportError, usePageData, type Category } from '@shop/shared';

/** The categories for menus (those marked include_in_menu): loaded once per page; a failure is logged and the menu stays empty. */
export function useCategories(): Category[] {
  // Server-rendered pages carry them (page data): the menu is in the first HTML, fetched once.
  const initial = usePageData<Category[]>(CATEGORIES_DATA_KEY);
  const [categories, setCategories] = useState<Category[]>(() => (initial ?? []).filter((c) => c.include_in_menu));
  useEffect(() => {
    let live = true;
    loadCategories()
      .then((list) => live && setCategories(list.filter((c) => c.include_in_menu)))
      .catch((error: unknown) => reportError('[shell] categories failed to load', error));
    return () => {
      live = false;
    };
  }, []);
  return categories;
}
