import { parseRouteList } from '@shop/shared/routes';
import { routes } from './routes';

describe('the content route list (spec section 2)', () => {
  it('is a valid list of the content remote’s own modules', () => {
    expect(parseRouteList('content', routes)).toHaveProperty('list');
  });

  it('has the home page, the CMS pages and advice, each with how the page server finds it', () => {
    const byPath = Object.fromEntries(routes.routes.map((r) => [r.path, r]));
    expect(byPath['/']).toMatchObject({ module: 'content/HomePage', meta: { kind: 'cms-page', identifier: 'home' } });
    for (const [path, identifier] of [
      ['/contact', 'contact'], ['/about', 'about'], ['/about/hydrovault-systems', 'hydrovault-systems'],
      ['/delivery-and-returns', 'delivery-and-returns'], ['/terms-and-conditions', 'terms-and-conditions'],
      ['/cookie-policy', 'cookie-policy'], ['/privacy-policy', 'privacy-policy'],
    ] as const) {
      expect(byPath[path]).toMatchObject({ module: 'content/CmsPage', props: { identifier }, meta: { kind: 'cms-page', identifier } });
    }
    expect(byPath['/advice']?.module).toBe('content/AdvicePage');
    expect(byPath['/advice/:articlePage']).toMatchObject({ module: 'content/ArticlePage', meta: { kind: 'article', param: 'articlePage' } });
  });

  it('renders CMS pages reached through URL rewrites', () => {
    expect(routes.rewrites['cms-page']).toEqual({ module: 'content/CmsPage', prop: 'identifier' });
  });
});
