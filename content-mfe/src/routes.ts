import { RANGE_MAKER_PAGE } from '@shop/shared/shop';
import type { RemoteRoute, RouteList } from '@shop/shared/routes';

/** A CMS page at `path`: the page server answers 404 when the shop has no page `identifier`. */
const cms = (path: string, identifier: string): RemoteRoute => ({
  path,
  module: 'content/CmsPage',
  props: { identifier },
  meta: { kind: 'cms-page', identifier },
});

/**
 * The content team's pages and the URL rewrites it renders. Published in this remote's
 * mf-manifest.json by the build; the shell routes them at run time (see README.md, "Routes").
 * Data only: no React here, so the page server can read it too.
 */
export const routes = {
  routes: [
    { path: '/', module: 'content/HomePage', meta: { kind: 'cms-page', identifier: 'home' } },
    cms('/contact', 'contact'),
    cms('/about', 'about'),
    cms(RANGE_MAKER_PAGE, RANGE_MAKER_PAGE.replace('/about/', '')),
    cms('/delivery-and-returns', 'delivery-and-returns'),
    cms('/terms-and-conditions', 'terms-and-conditions'),
    cms('/cookie-policy', 'cookie-policy'),
    cms('/privacy-policy', 'privacy-policy'),
    { path: '/advice', module: 'content/AdvicePage', meta: { kind: 'page', title: 'Resources' } },
    { path: '/advice/:articlePage', module: 'content/ArticlePage', meta: { kind: 'article', param: 'articlePage' } },
  ],
  // CMS pages reached by their own URL path (/some-page) render here too.
  rewrites: {
    'cms-page': { module: 'content/CmsPage', prop: 'identifier' },
  },
} satisfies RouteList;
