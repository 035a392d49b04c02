import { useEffect, useState } from 'react';
import { loadCategories, reportError, type Category } from '@shop/shared';

/** The categories for menus (those marked include_in_menu): loaded once per page; a failure is logged and the menu stays empty. */
export function useCategories(): Category[] {
  const [categories, setCategories] = useState<Category[]>([]);
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
