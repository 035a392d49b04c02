/**
 * A fetch stand-in for component tests: answers by path with JSON, records every call.
 * Only for tests (not exported from the package index).
 */
export function mockApi(routes: Record<string, { status?: number; body: unknown }>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const path = url.replace(/^\/api/, '');
    const route = routes[path];
    const status = route ? (route.status ?? 200) : 404;
    const text = JSON.stringify(route ? route.body : { error: 'Not Found', message: 'Not found' });
    return { ok: status >= 200 && status < 300, status, text: async () => text };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}
