import { useEffect, useState } from 'react';
import { usePageData } from '@shop/shared';

export type Load<T> = { status: 'loading' } | { status: 'done'; data: T } | { status: 'failed' };

/**
 * The answer of `load()` for a component, reloaded when `key` changes. Failed loads are logged only
 * (spec section 8: the interface stays silent); the caller decides what to show instead. A page the
 * server rendered starts with the server's answer (page data under `String(key)`) and does not
 * fetch it again.
 */
export function useLoad<T>(load: () => Promise<T>, key: unknown, label: string): Load<T> {
  const initial = usePageData<T>(String(key));
  const [state, setState] = useState<{ key: unknown; load: Load<T> }>(() => ({
    key,
    load: initial === undefined ? { status: 'loading' } : { status: 'done', data: initial },
  }));
  useEffect(() => {
    if (state.key === key && state.load.status === 'done') return;
    let live = true;
    load()
      .then((data) => live && setState({ key, load: { status: 'done', data } }))
      .catch((error: unknown) => {
        console.error(`[content] ${label} failed to load`, error);
        if (live) setState({ key, load: { status: 'failed' } });
      });
    return () => {
      live = false;
    };
    // `load` is a new function each render; `key` says when the data asked for changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state.load : { status: 'loading' };
}
