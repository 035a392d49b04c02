import { createStore } from 'jotai';
import { authTokenAtom, meAtom } from '../atoms/auth';
import { addedToBasketAtom, cartAtom, cartCountAtom, cartIdAtom } from '../atoms/cart';
import { login } from '../auth/actions';
import { addToBasket, BASKET_ADD_FAILED, BASKET_REMOVE_FAILED, basketErrorAtom, basketErrorReasonAtom, reloadCart, removeFromBasket } from './actions';

type Handler = (body: any) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** A scripted API: each path answers with its handler; every call is recorded in order. */
function scriptApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: any }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const handler = handlers[path];
    const answer = handler ? await handler(body) : { status: 404, body: { message: 'Not found' } };
    const status = answer.status ?? 200;
    return { ok: status < 300, status, text: async () => JSON.stringify(answer.body) };
  }) as unknown as typeof fetch;
  return calls;
}

const line = { sku: 'HV-CDM8', name: 'Hydrovault 8mm Cavity Drain Membrane', price: 120, qty: 2, image: '/media/a.svg' };
const item = (sku: string, qty: number, price = 120) => ({ item_id: 1, sku, name: sku, price, qty });

describe('basket actions', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('adds optimistically: the line and the modal appear before the API answers', async () => {
    const store = createStore();
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    const calls = scriptApi({
      '/cart/add': async () => {
        await answered;
        return { body: { items: [item('HV-CDM8', 2)], total: 240, cartId: 'guest-1' } };
      },
    });
    const done = addToBasket(store, line);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.get(cartCountAtom)).toBe(2);
    expect(store.get(addedToBasketAtom)).toEqual({ name: line.name, image: '/media/a.svg' });
    release();
    await expect(done).resolves.toBe(true);
    expect(store.get(cartAtom)).toEqual({ items: [item('HV-CDM8', 2)], total: 240 });
    // A guest's first add made the basket in the same call: its id is kept under cartId.
    expect(store.get(cartIdAtom)).toBe('guest-1');
    expect(calls.map((c) => c.path)).toEqual(['/cart/add']);
    expect(calls[0]!.body).toMatchObject({ cartId: null, productSku: 'HV-CDM8', quantity: 2 });
    expect(calls[0]!.body.price).toBeUndefined();

    // The next add names the basket.
    scriptApi({ '/cart/add': () => ({ body: { items: [item('HV-CDM8', 3)], total: 360 } }) });
    await expect(addToBasket(store, { ...line, qty: 1 })).resolves.toBe(true);
    expect(store.get(cartIdAtom)).toBe('guest-1');
  });

  it('rolls a failed add back: the line goes, the modal closes, the message shows', async () => {
    const store = createStore();
    store.set(cartIdAtom, 'guest-1');
    store.set(cartAtom, { items: [item('OTHER', 1, 10)], total: 10 });
    scriptApi({ '/cart/add': () => ({ status: 400, body: { message: 'Out of stock' } }) });
    await expect(addToBasket(store, line)).resolves.toBe(false);
    expect(store.get(cartAtom).items).toEqual([item('OTHER', 1, 10)]);
    expect(store.get(addedToBasketAtom)).toBeNull();
    expect(store.get(basketErrorAtom)).toBe(BASKET_ADD_FAILED);
  });

  it("keeps the server's reason for a refused add (not enough in stock) to show under the message", async () => {
    const store = createStore();
    store.set(cartIdAtom, 'guest-1');
    const reason = 'Sorry, we only have 14 of Hydrovault Single Sump Pump System in stock.';
    scriptApi({ '/cart/add': () => ({ status: 400, body: { error: 'Bad Request', field: 'quantity', message: reason } }) });
    await expect(addToBasket(store, line)).resolves.toBe(false);
    expect(store.get(basketErrorAtom)).toBe(BASKET_ADD_FAILED);
    expect(store.get(basketErrorReasonAtom)).toBe(reason);

    // A server fault has no reason for the shopper; the next attempt starts clean.
    scriptApi({ '/cart/add': () => ({ status: 500, body: { message: 'Internal Server Error' } }) });
    await expect(addToBasket(store, line)).resolves.toBe(false);
    expect(store.get(basketErrorReasonAtom)).toBeNull();
    scriptApi({ '/cart/remove': () => ({ status: 503, body: { message: 'Service Unavailable' } }) });
    await expect(removeFromBasket(store, item('X', 1))).resolves.toBe(false);
    expect(store.get(basketErrorAtom)).toBe(BASKET_REMOVE_FAILED);
    expect(store.get(basketErrorReasonAtom)).toBeNull();
  });

  it('remove lowers the quantity by one, and restores it when the call fails', async () => {
    const store = createStore();
    store.set(cartIdAtom, 'guest-1');
    store.set(cartAtom, { items: [item('A', 2)], total: 240 });
    scriptApi({ '/cart/remove': () => ({ status: 500, body: { message: 'boom' } }) });
    const pending = removeFromBasket(store, item('A', 2));
    expect(store.get(cartCountAtom)).toBe(1);
    await expect(pending).resolves.toBe(false);
    expect(store.get(cartCountAtom)).toBe(2);

    const calls = scriptApi({ '/cart/remove': () => ({ body: { items: [], total: 0 } }) });
    store.set(cartAtom, { items: [item('A', 1)], total: 120 });
    const removing = removeFromBasket(store, item('A', 1));
    expect(store.get(cartAtom).items).toEqual([]);
    await removing;
    expect(calls[0]!.body).toMatchObject({ productSku: 'A', quantity: 1, cartId: 'guest-1' });
  });

  it('on 401 signs the customer out and adds again as a guest, whose basket that add makes', async () => {
    const store = createStore();
    store.set(authTokenAtom, 'expired-token');
    store.set(meAtom, { id: 1, firstname: 'A', lastname: 'B', email: 'a@b.co', group_id: 1, addresses: [] });
    const calls = scriptApi({
      '/cart/add': (body) =>
        body.customerToken
          ? { status: 401, body: { message: 'Please sign in again' } }
          : { body: { items: [item('HV-CDM8', 2)], total: 240, cartId: 'guest-9' } },
    });
    await expect(addToBasket(store, line)).resolves.toBe(true);
    expect(store.get(authTokenAtom)).toBeNull();
    expect(store.get(meAtom)).toBeNull();
    expect(store.get(cartIdAtom)).toBe('guest-9');
    expect(calls.map((c) => c.path)).toEqual(['/cart/add', '/cart/add']);
    expect(calls[1]!.body).toMatchObject({ customerToken: null, cartId: null });
    expect(store.get(cartCountAtom)).toBe(2);
  });

  it('a guest basket the server no longer knows: the add makes a new one in the same retry; a remove or a reload empties the basket and makes none', async () => {
    const store = createStore();
    store.set(cartIdAtom, 'gone');
    let calls = scriptApi({
      '/cart/add': (body) => (body.cartId === 'gone' ? { status: 404, body: { message: 'This basket no longer exists. Please start a new one.' } } : { body: { items: [item('A', 1)], total: 120, cartId: 'guest-2' } }),
    });
    await expect(addToBasket(store, { ...line, sku: 'A', qty: 1 })).resolves.toBe(true);
    expect(calls.map((c) => [c.path, c.body.cartId])).toEqual([['/cart/add', 'gone'], ['/cart/add', null]]);
    expect(store.get(cartIdAtom)).toBe('guest-2');

    calls = scriptApi({ '/cart/remove': () => ({ status: 404, body: { message: 'This basket no longer exists. Please start a new one.' } }) });
    await expect(removeFromBasket(store, item('A', 1))).resolves.toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/cart/remove']);
    expect(store.get(cartIdAtom)).toBeNull();
    expect(store.get(cartAtom).items).toEqual([]);

    store.set(cartIdAtom, 'gone-too');
    calls = scriptApi({ '/cart': () => ({ status: 404, body: { message: 'This basket no longer exists. Please start a new one.' } }) });
    await expect(reloadCart(store)).resolves.toEqual({ items: [], total: 0 });
    expect(calls.map((c) => c.path)).toEqual(['/cart']);
    expect(store.get(cartIdAtom)).toBeNull();
  });
});

describe('login', () => {
  beforeEach(() => localStorage.clear());

  it('stores the token, loads the customer, creates the customer cart, merges the guest cart, then reloads', async () => {
    const store = createStore();
    store.set(cartIdAtom, 'guest-1');
    const me = { id: 7, firstname: 'Sam', lastname: 'Reed', email: 'sam@example.co.uk', group_id: 2, addresses: [] };
    const calls = scriptApi({
      '/login': () => ({ body: { status: 'success', data: { token: 'tok', expires_at: '2030-01-01T00:00:00Z' } } }),
      '/me': () => ({ body: { status: 'success', data: { data: me } } }),
      '/cart/mine': () => ({ body: { data: { data: { items: [], total: 0 } } } }),
      '/cart/merge-guest-cart': () => ({ body: { status: 'success' } }),
      '/cart': () => ({ body: { items: [item('A', 3)], total: 360 } }),
    });
    await login(store, 'sam@example.co.uk', 'secret123');
    expect(calls.map((c) => c.path)).toEqual(['/login', '/me', '/cart/mine', '/cart/merge-guest-cart', '/cart']);
    expect(calls[3]!.body).toEqual({ customerToken: 'tok', guestCartId: 'guest-1' });
    expect(store.get(authTokenAtom)).toBe('tok');
    expect(store.get(meAtom)).toEqual(me);
    expect(store.get(cartIdAtom)).toBeNull();
    expect(store.get(cartCountAtom)).toBe(3);
  });

  it("fails with 'Login failed' and stores nothing on wrong credentials", async () => {
    const store = createStore();
    scriptApi({ '/login': () => ({ status: 401, body: { message: 'Invalid login' } }) });
    await expect(login(store, 'sam@example.co.uk', 'wrong')).rejects.toThrow('Login failed');
    expect(store.get(authTokenAtom)).toBeNull();
  });
});
