import { composeRouteTable, loadRouteTable, parseRouteList, pathShapes, type ParsedRouteList, type PublishedRouteList } from '.';

const list = (remote: string, routes: ParsedRouteList['routes'], rewrites: ParsedRouteList['rewrites'] = {}): PublishedRouteList => ({
  remote,
  list: { routes, rewrites },
});

describe('path shapes', () => {
  it('ignores parameter names and letter case, and expands optional segments', () => {
    expect(pathShapes('/advice/:articlePage')).toEqual(['/advice/:']);
    expect(pathShapes('/Customer/Account')).toEqual(['/customer/account']);
    expect(pathShapes('/customer/account/edit/:action?')).toEqual(['/customer/account/edit', '/customer/account/edit/:']);
    expect(pathShapes('/')).toEqual(['/']);
  });
});

describe('composing the route table', () => {
  it('routes every remote’s pages and takes each kind of rewrite from the remote that renders it', () => {
    const table = composeRouteTable([
      list('catalog', [{ path: '/search', module: 'catalog/SearchPage' }], { product: { module: 'catalog/ProductPage', prop: 'productId' } }),
      list('content', [{ path: '/', module: 'content/HomePage' }], { 'cms-page': { module: 'content/CmsPage', prop: 'identifier' } }),
    ]);
    expect(table.routes.map((r) => [r.remote, r.path])).toEqual([
      ['catalog', '/search'],
      ['content', '/'],
    ]);
    expect(table.rewrites).toEqual({
      product: { module: 'catalog/ProductPage', prop: 'productId' },
      'cms-page': { module: 'content/CmsPage', prop: 'identifier' },
    });
    expect(table.conflicts).toEqual([]);
  });

  it('reports two remotes claiming the same URLs, naming both, and keeps the first', () => {
    const table = composeRouteTable([
      list('content', [{ path: '/advice/:articlePage', module: 'content/ArticlePage' }]),
      list('catalog', [
        { path: '/Advice/:slug', module: 'catalog/GuidePage' },
        { path: '/search', module: 'catalog/SearchPage' },
      ]),
    ]);
    expect(table.routes.map((r) => r.module)).toEqual(['content/ArticlePage', 'catalog/SearchPage']);
    expect(table.conflicts).toHaveLength(1);
    expect(table.conflicts[0]?.message).toBe(
      'Route conflict: /Advice/:slug (catalog/GuidePage, remote "catalog") matches the same URLs as /advice/:articlePage ' +
        '(content/ArticlePage, remote "content"); content keeps them and catalog/GuidePage is not routed',
    );
  });

  it('sees a clash through an optional segment, and lets a static path sit beside a parameter', () => {
    const table = composeRouteTable([
      list('account', [{ path: '/customer/account/edit/:action?', module: 'account/AccountEditPage' }]),
      list('checkout', [
        { path: '/customer/account/edit', module: 'checkout/EditPage' },
        { path: '/customer/account/edit/address', module: 'checkout/AddressPage' },
      ]),
    ]);
    expect(table.conflicts.map((c) => c.dropped.module)).toEqual(['checkout/EditPage']);
    expect(table.routes.map((r) => r.module)).toContain('checkout/AddressPage');
  });

  it('reports two remotes rendering the same kind of rewrite', () => {
    const table = composeRouteTable([
      list('catalog', [], { product: { module: 'catalog/ProductPage', prop: 'productId' } }),
      list('content', [], { product: { module: 'content/ProductStory', prop: 'id' } }),
    ]);
    expect(table.rewrites.product?.module).toBe('catalog/ProductPage');
    expect(table.conflicts[0]?.message).toContain('product URL rewrites are claimed by catalog/ProductPage (remote "catalog") and content/ProductStory');
  });
});

describe('a published route list', () => {
  it('is refused when it routes to another remote’s module or has a malformed path', () => {
    const result = parseRouteList('catalog', {
      routes: [
        { path: '/checkout', module: 'checkout/CheckoutPage' },
        { path: 'search', module: 'catalog/SearchPage' },
      ],
    });
    expect('errors' in result && result.errors.join('\n')).toMatch(/routes\.1\.path: must start with \//);
    const foreign = parseRouteList('catalog', { routes: [{ path: '/checkout', module: 'checkout/CheckoutPage' }] });
    expect('errors' in foreign && foreign.errors).toEqual(['catalog: route /checkout names checkout/CheckoutPage, which is not a module of catalog']);
  });

  it('accepts what a remote publishes, with how the page server finds its status', () => {
    const result = parseRouteList('catalog', {
      routes: [{ path: '/catalog/product/view/id/:productId', module: 'catalog/ProductPage', meta: { kind: 'product', param: 'productId' } }],
    });
    expect('list' in result && result.list.routes[0]?.meta).toEqual({ kind: 'product', param: 'productId' });
  });
});

describe('loading the lists from the manifests', () => {
  const manifests: Record<string, unknown> = {
    'https://cdn/catalog/mf-manifest.json': { name: 'catalog', shop: { routes: { routes: [{ path: '/search', module: 'catalog/SearchPage' }] } } },
    'https://cdn/content/mf-manifest.json': { name: 'content' },
  };
  const read = async (_remote: string, url: string) => {
    if (!(url in manifests)) throw new Error('connection refused');
    return manifests[url];
  };

  it('routes the remotes it can read and names the ones it cannot', async () => {
    const table = await loadRouteTable(
      [
        ['catalog', 'https://cdn/catalog/mf-manifest.json'],
        ['content', 'https://cdn/content/mf-manifest.json'],
        ['account', 'https://down/account/mf-manifest.json'],
      ],
      read,
    );
    expect(table.routes.map((r) => r.path)).toEqual(['/search']);
    expect(table.missing).toEqual(['content', 'account']);
    expect(table.problems).toEqual([
      'content: manifest https://cdn/content/mf-manifest.json publishes no route list (shop.routes)',
      'account: manifest https://down/account/mf-manifest.json could not be read (connection refused)',
    ]);
  });

  it('keeps a remote’s earlier list while its manifest cannot be read', async () => {
    const before = [list('account', [{ path: '/customer/account/login', module: 'account/LoginPage' }])];
    const table = await loadRouteTable([['account', 'https://down/account/mf-manifest.json']], read, before);
    expect(table.missing).toEqual([]);
    expect(table.routes.map((r) => r.module)).toEqual(['account/LoginPage']);
    expect(table.problems[0]).toMatch(/could not be read .*keeping the list read before/);
  });
});
