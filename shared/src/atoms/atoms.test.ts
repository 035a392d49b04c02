import { createStore } from 'jotai';
import { authTokenAtom, isAuthenticatedAtom } from './auth';
import { cartAtom, cartCountAtom, cartIdAtom } from './cart';
import { getShopStore } from './store';

describe('shared atoms', () => {
  beforeEach(() => localStorage.clear());

  it('one store per page, whoever asks for it', () => {
    expect(getShopStore()).toBe(getShopStore());
  });

  it('keeps the guest cart id in localStorage under cartId', () => {
    const store = createStore();
    store.set(cartIdAtom, 'abc123');
    expect(JSON.parse(localStorage.getItem('cartId') ?? 'null')).toBe('abc123');
    // A new page load reads it back.
    localStorage.setItem('cartId', JSON.stringify('from-storage'));
    jest.isolateModules(() => {
      const fresh = require('./cart') as typeof import('./cart');
      expect(createStore().get(fresh.cartIdAtom)).toBe('from-storage');
    });
  });

  it('is authenticated exactly when a token exists', () => {
    const store = createStore();
    expect(store.get(isAuthenticatedAtom)).toBe(false);
    store.set(authTokenAtom, 'token');
    expect(store.get(isAuthenticatedAtom)).toBe(true);
    expect(JSON.parse(localStorage.getItem('authToken') ?? 'null')).toBe('token');
  });

  it('counts basket items by quantity', () => {
    const store = createStore();
    store.set(cartAtom, {
      total: 30,
      items: [
        { item_id: 1, sku: 'A', name: 'A', price: 10, qty: 2 },
        { item_id: 2, sku: 'B', name: 'B', price: 10, qty: 1 },
      ],
    });
    expect(store.get(cartCountAtom)).toBe(3);
  });
});
