import { createJSONStorage } from 'jotai/utils';

// jotai's storage helpers, from the one jotai the page shares: a remote importing 'jotai/utils'
// itself would bundle a copy of jotai (the contract check fails such a build).
export { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';

/**
 * localStorage that survives being unavailable (private mode, blocked storage, tests): reads
 * fall back to the initial value and writes are dropped rather than throwing.
 */
export function safeLocalStorage<T>() {
  return createJSONStorage<T>(() => {
    try {
      const s = globalThis.localStorage;
      s.getItem('probe');
      return s;
    } catch {
      const mem = new Map<string, string>();
      return {
        getItem: (k: string) => mem.get(k) ?? null,
        setItem: (k: string, v: string) => void mem.set(k, v),
        removeItem: (k: string) => void mem.delete(k),
      };
    }
  });
}
