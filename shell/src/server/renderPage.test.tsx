/** @jest-environment node */
import { usePageData, type PageLoader } from '@shop/shared';
import type { PublishedRouteList } from '@shop/shared/routes';
import { renderPage, type RenderRequest } from './renderPage';

// The remotes' server containers, as the federation runtime would hand back their page modules.
const HomePage = () => {
  const posts = usePageData<string[]>('posts');
  return <h1>{`Home with ${posts?.join(', ') ?? 'nothing'}`}</h1>;
};
const loadHome: PageLoader = async (_page, api) => ({ posts: (await api.get('/posts', {} as never)) as unknown as string[] });
const modules: Record<string, () => Promise<unknown>> = {
  'content/HomePage': async () => ({ default: HomePage, loadPageData: loadHome }),
  'catalog/Throws': async () => ({
    default: () => {
      throw new Error('broken on the server');
    },
  }),
  'catalog/Hangs': () => new Promise(() => {}),
  'catalog/SlowData': async () => ({ default: () => <p>slow</p>, loadPageData: () => new Promise(() => {}) }),
};
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  getInstance: () => null,
  loadShare: jest.fn(),
  loadRemote: (id: string) => modules[id]!(),
}));

const lists: PublishedRouteList[] = [
  {
    remote: 'content',
    list: { routes: [{ path: '/', module: 'content/HomePage' }], rewrites: {} },
  },
  {
    remote: 'catalog',
    list: {
      routes: [
        { path: '/throws', module: 'catalog/Throws' },
        { path: '/hangs', module: 'catalog/Hangs' },
        { path: '/slow-data', module: 'catalog/SlowData' },
      ],
      rewrites: {},
    },
  },
];

const api = {
  get: jest.fn(async (path: string) => {
    if (path === '/categories/') {
      return { categories: [{ id: 104, name: 'Damp Proofing', url: '/damp-proofing', include_in_menu: true, parent_id: null, position: 1 }] };
    }
    if (path === '/posts') return ['Tanking', 'Cellars'];
    return null;
  }),
};

function request(url: string, module: string): RenderRequest {
  return {
    url,
    routeLists: { lists, missing: [] },
    page: { module, props: {}, params: {} },
    pageData: {},
    api: api as unknown as RenderRequest['api'],
    budgetMs: 150,
    paymentProvider: 'test',
  };
}

describe('the server render of the shell and a remote page', () => {
  it("renders the shell, the test-payments notice and the page with the data its loader loaded, once", async () => {
    const result = await renderPage(request('/', 'content/HomePage'));
    expect(result.html).toContain('Home with Tanking, Cellars');
    expect(result.html).toContain('Test mode: payments on this shop are not real.');
    // The category menu is in the first HTML too.
    expect(result.html).toContain('href="/damp-proofing"');
    expect(result.pageData).toMatchObject({ posts: ['Tanking', 'Cellars'], categories: [expect.objectContaining({ id: 104 })] });
    expect(result.clientRendered).toEqual([]);
    // No inline script: the shop's CSP forbids them, and the page must read without JavaScript.
    expect(result.html).not.toContain('<script');
  });

  it.each([
    ['throws', '/throws', 'catalog/Throws'],
    ['never loads', '/hangs', 'catalog/Hangs'],
    ['loads its data too slowly', '/slow-data', 'catalog/SlowData'],
  ])('a remote page that %s is left to the browser: the shell still renders around it', async (_what, url, module) => {
    const started = Date.now();
    const result = await renderPage(request(url, module));
    expect(Date.now() - started).toBeLessThan(2000);
    // React's marker of a region the browser renders (with the Retry boundary if it fails there too).
    expect(result.html).toContain('<!--$!-->');
    expect(result.html).toContain('Loading…');
    // The region holds a screen's height meanwhile: the footer below is not shifted on screen when it arrives.
    expect(result.html).toMatch(/<div style="[^"]*min-height:100vh[^"]*"><span[^>]*role="status"/);
    expect(result.html).toContain('Skip to content');
    expect(result.html).not.toContain('slow');
  });
});

describe('a page the shop does not have', () => {
  it.each([['an unknown path (the catch-all)', '/no-such-page']])('%s is the not-found page in the first HTML, not a spinner', async (_what, url) => {
    const result = await renderPage({ ...request(url, 'catalog/Throws'), page: null, pageData: { [`not-found:${url}`]: true } });
    expect(result.html).toContain("Sorry, we couldn&#x27;t find that page");
    expect(result.html).toContain('data-page="not-found"');
    expect(result.html).not.toContain('Loading…');
    expect(result.head).toContain('<title>Page not found');
  });
});
