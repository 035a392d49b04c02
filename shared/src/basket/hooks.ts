import { useStore } from 'jotai';
import { useMemo } from 'react';
import type { CartItem } from '../api/schemas/cart';
import { addToBasket, reloadCart, removeFromBasket, type BasketLine } from './actions';

/** The basket actions bound to the page's store, for any remote's components. */
export function useBasket() {
  const store = useStore();
  return useMemo(
    () => ({
      add: (line: BasketLine) => addToBasket(store, line),
      remove: (item: CartItem) => removeFromBasket(store, item),
      reload: () => reloadCart(store),
    }),
    [store],
  );
}
