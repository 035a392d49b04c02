/**
 * A scripted /api for component tests: each path answers with its handler (a value or a function
 * of the request body); every call is recorded in order. Unknown paths answer 404.
 */
export type Answer = { status?: number; body: unknown };
export type Handler = Answer | ((body: any, path: string) => Answer | Promise<Answer>);

export interface ApiCall {
  path: string;
  method: string;
  body: any;
}

export function scriptApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, method: init?.method ?? 'GET', body });
    const handler = handlers[path] ?? Object.entries(handlers).find(([p]) => p.endsWith('*') && path.startsWith(p.slice(0, -1)))?.[1];
    const answer = !handler ? { status: 404, body: { error: 'Not Found', message: 'Not found' } } : typeof handler === 'function' ? await handler(body, path) : handler;
    const status = answer.status ?? 200;
    const text = JSON.stringify(answer.body);
    return { ok: status >= 200 && status < 300, status, text: async () => text };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, paths: () => calls.map((c) => c.path), fetchMock };
}
