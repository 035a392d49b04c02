import { useEffect, useState } from 'react';
import type { ProductSearchHit } from '@shop/shared';
import { searchProducts } from './searchApi';

export const SEARCH_DEBOUNCE_MS = 200;

export type Suggestions =
  | { status: 'idle' }
  | { status: 'loading'; term: string }
  | { status: 'done'; term: string; items: ProductSearchHit[] }
  | { status: 'error'; term: string };

/** Suggestions for what the shopper types: debounced, and a newer term cancels the older call. */
export function useSuggestions(term: string): Suggestions {
  const [state, setState] = useState<Suggestions>({ status: 'idle' });
  useEffect(() => {
    const q = term.trim();
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading', term: q });
      searchProducts(q, controller.signal)
        .then((items) => setState({ status: 'done', term: q, items }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('[search] suggestions failed', error);
          setState({ status: 'error', term: q });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  return state;
}
