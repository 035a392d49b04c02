import { createStore } from 'jotai';

export type ShopStore = ReturnType<typeof createStore>;
type Store = ShopStore;
const KEY = '__SHOP_STORE__';

/**
 * One jotai store per page, shared by the shell and every remote. @shop/shared is a federation
 * singleton, so this module runs once; the global keeps it one even if a remote were ever served
 * a second copy by mistake.
 */
export function getShopStore(): Store {
  const g = globalThis as unknown as Record<string, Store | undefined>;
  return (g[KEY] ??= createStore());
}
