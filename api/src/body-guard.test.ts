import { inspectInput, MAX_INPUT_DEPTH } from './body-guard';
import { useTestApp } from './test/app';

/** Input no route can turn into a 500: deep nesting, NUL characters and lone surrogates, refused once for all routes. */
const t = useTestApp();

/** JSON text of `{"a":{"a":…"x"}}`, `levels` deep (built as text: JSON.stringify itself recurses). */
const deep = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;

let client = 0;
const send = (method: 'POST' | 'GET', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    remoteAddress: `10.55.${(++client >> 8) & 255}.${client & 255}`,
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });

describe('a body nested thousands of levels deep', () => {
  it.each([
    '/api/cart/add',
    '/api/cart',
    '/api/cart/save-shipping-info',
    '/api/cart/confirm-order',
    '/api/payment/complete',
    '/api/payment/test/payment-methods',
    '/api/login',
    '/api/customer/me/add-address',
  ])('%s answers 400 naming where, not 500', async (url) => {
    const res = await send('POST', url, `{"cartId":"x","payload":${deep(5000)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested too deeply/);
    expect(res.json().field).toMatch(/^payload(\.a)+$/);
  });

  it('accepts ordinary nesting (a real basket body is far below the limit)', async () => {
    const res = await send('POST', '/api/cart/add', `{"cartId":"x","productSku":"y","quantity":1,"productOptions":${deep(MAX_INPUT_DEPTH - 3)}}`);
    expect(res.statusCode).not.toBe(500);
    expect(res.json().message).not.toMatch(/nested too deeply/);
  });
});

describe('a NUL character in a field', () => {
  it.each([
    ['/api/login', { username: 'jane\u0000@example.co.uk', password: 'Membrane2024' }, 'username'],
    ['/api/register', { firstname: 'Ja\u0000ne', lastname: 'M', email: 'nul@example.co.uk', password: 'Membrane2024' }, 'firstname'],
    ['/api/contact/newsletter', { email: 'n@example.co.uk', firstName: 'Sa\u0000m', isSubscribed: true }, 'firstName'],
    ['/api/update/me', { customerToken: 'x', firstname: '\u0000' }, 'firstname'],
    ['/api/customer/me/add-address', { customerToken: 'x', address: { firstname: 'A', street: ['1 High St\u0000'] } }, 'address.street.0'],
    ['/api/customer/reviews/add', { customerToken: 'x', productId: 1, nickname: 'n', title: 't\u0000', detail: 'd', ratings: {} }, 'title'],
    ['/api/cart/add', { cartId: 'x', productSku: 'A\u0000', quantity: 1 }, 'productSku'],
    ['/api/customer/get', { 'key\u0000': 1 }, 'body'],
  ])('%s answers 400 naming the field', async (url, body, field) => {
    const res = await send('POST', url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: field === 'body' ? expect.any(String) : field, message: expect.stringMatching(/NUL characters/) });
  });

  it('in a query string or a path parameter too', async () => {
    const query = await send('GET', '/api/reviews?page=1%00');
    expect(query.statusCode).toBe(400);
    expect(query.json().field).toBe('page');
    const param = await send('GET', '/api/order/abc%00def');
    expect(param.statusCode).toBe(400);
    expect(param.json().field).toBe('ref');
  });
});

describe('a lone UTF-16 surrogate in a field', () => {
  // JSON.stringify writes a lone surrogate as its escape ("\ud800"): valid JSON, invalid Unicode.
  it.each([
    ['/api/login', { username: 'jane@example.co.uk', password: 'Membrane\ud800' }, 'password'],
    ['/api/register', { firstname: 'Ja\udfffne', lastname: 'M', email: 'ls@example.co.uk', password: 'Membrane2024' }, 'firstname'],
    ['/api/contact/newsletter', { email: 'n@example.co.uk', firstName: '\ud83e', isSubscribed: true }, 'firstName'],
    ['/api/customer/me/add-address', { customerToken: 'x', address: { firstname: 'A', street: ['1 High St', '\udc00x'] } }, 'address.street.1'],
    ['/api/cart/save-payment-info', { cartId: 'x', paymentMethod: 'stripe_payments', email: 'a@b.co.uk', billingAddress: { street: ['\ud800'] } }, 'billingAddress.street.0'],
    ['/api/cart/add', { cartId: 'x', productSku: 'A', quantity: 1, productOptions: { custom_options: [{ option_id: 1, option_value: 'x\ud800' }] } }, 'productOptions.custom_options.0.option_value'],
    ['/api/customer/get', { 'key\ud800': 1 }, 'body'],
  ])('%s answers 400 naming the field', async (url, body, field) => {
    const res = await send('POST', url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: field === 'body' ? expect.any(String) : field, message: expect.stringMatching(/lone UTF-16 surrogates/) });
  });

  it('a paired surrogate (an emoji) is well-formed and passes the guard', async () => {
    const res = await send('POST', '/api/contact/newsletter', { email: 'emoji@example.co.uk', firstName: 'Sam \ud83e\uddf1', isSubscribed: true });
    expect(res.json().message ?? '').not.toMatch(/surrogate/);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('in a query string or a path parameter: a URL cannot carry one (its bytes are not UTF-8), and never a 500', async () => {
    // The UTF-8-style bytes of U+D800: Fastify keeps an undecodable query value as it was sent,
    // and refuses such a path outright.
    const query = await send('GET', '/api/reviews?page=%ED%A0%80');
    expect(query.statusCode).toBe(400);
    const param = await send('GET', '/api/order/a%ED%A0%80b');
    expect(param.statusCode).toBe(400);
    // Whatever a parser makes of a URL, the guard walks the query and the params like a body.
    expect(inspectInput({ page: ['1', 'x\ud800'] }, 'querystring')).toEqual({ field: 'page.1', message: expect.stringMatching(/lone UTF-16 surrogates/) });
    expect(inspectInput({ ref: '\udbff' }, 'params')).toEqual({ field: 'ref', message: expect.stringMatching(/lone UTF-16 surrogates/) });
    expect(inspectInput({ ref: 'ok \ud83e\uddf1', page: '2' }, 'querystring')).toBeNull();
  });
});

describe('answers of the API', () => {
  it('say nosniff, JSON and errors alike', async () => {
    for (const res of [await send('GET', '/api/health'), await send('GET', '/api/nowhere'), await send('POST', '/api/login', '{bad json')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
