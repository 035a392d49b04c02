import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { addedToBasketAtom, basketOpenAtom } from '@shop/shared';

// The basket's slide-over and its Added to Basket modal are code of their own, fetched the first
// time the shopper opens the basket or adds to it: no page needs them to show or to hydrate.
const BasketSlideOver = lazy(() => import('./BasketSlideOver').then((m) => ({ default: m.BasketSlideOver })));
const AddedToBasketModal = lazy(() => import('./AddedToBasketModal').then((m) => ({ default: m.AddedToBasketModal })));

/** True from the first time `value` is, so a dialog stays mounted (and can close) once it opened. */
function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}

/** The basket's dialogs, loaded when first needed. */
export function BasketOverlays() {
  const basketOpened = useOnceTrue(useAtomValue(basketOpenAtom));
  const added = useOnceTrue(useAtomValue(addedToBasketAtom) !== null);
  return (
    <Suspense fallback={null}>
      {basketOpened ? <BasketSlideOver /> : null}
      {added ? <AddedToBasketModal /> : null}
    </Suspense>
  );
}
