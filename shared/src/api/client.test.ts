// zod as the shop loads it (with its schemas): configured for the CSP there.
import { z } from './schemas/z';
import { ApiError, apiAnswer, apiRequest, setApiBase } from './client';

/** The parts of a fetch Response the client reads. */
function answer(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return Promise.resolve({ ok: status >= 200 && status < 300, status, text: async () => text });
}

describe('apiRequest', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    setApiBase('/api');
  });

  it('sends JSON with JSON accept and content headers to paths under /api', async () => {
    fetchMock.mockReturnValue(answer(200, { ok: true }));
    await apiRequest('/login', { body: { username: 'a@b.co', password: 'x' } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/login');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body)).toEqual({ username: 'a@b.co', password: 'x' });
  });

  it('GETs without a body or content type', async () => {
    fetchMock.mockReturnValue(answer(200, []));
    await apiRequest('categories/');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/categories/');
    expect(init.method).toBe('GET');
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it('parses the answer with the schema and refuses a wrong shape', async () => {
    const schema = z.object({ cartId: z.string() });
    fetchMock.mockReturnValueOnce(answer(200, { cartId: 'abc' }));
    await expect(apiRequest('/cart/guest/create', { method: 'POST', schema })).resolves.toEqual({ cartId: 'abc' });
    fetchMock.mockReturnValueOnce(answer(200, { cart: 1 }));
    await expect(apiRequest('/cart/guest/create', { method: 'POST', schema })).rejects.toBeInstanceOf(ApiError);
  });

  it('turns an error status into an ApiError carrying the status and the server message', async () => {
    fetchMock.mockReturnValue(answer(400, { error: 'Bad Request', message: 'email: Invalid email' }));
    const error = (await apiRequest('/register', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('email: Invalid email');
  });

  it('reports a non-JSON answer as an ApiError', async () => {
    fetchMock.mockReturnValue(answer(502, '<html>Bad gateway</html>'));
    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 502 });
  });

  it('apiAnswer GETs a large read-only answer as it comes (typed, not parsed) and still refuses an error status', async () => {
    const categories = { categories: [{ id: 1, name: 'Membranes', extra: 'kept as sent' }] };
    fetchMock.mockReturnValueOnce(answer(200, categories));
    await expect(apiAnswer<typeof categories>('/categories/', {})).resolves.toEqual(categories);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/categories/');
    expect(init.method).toBe('GET');
    fetchMock.mockReturnValueOnce(answer(404, { message: 'Category 9 not found' }));
    await expect(apiAnswer('/categories/9/products')).rejects.toMatchObject({ status: 404, message: 'Category 9 not found' });
  });
});

describe('zod in the browser', () => {
  it('runs without its eval probe, which the CSP (no unsafe-eval) would report', () => {
    expect(z.config().jitless).toBe(true);
  });
});
