// A new version of the catalogue remote with one more page, as the catalogue team would ship it:
// the same remote and route list plus /trade-counter. The federation e2e test builds it
// (npx webpack -c e2e/support/catalog-extra-page/webpack.config.js --mode production) into
// CATALOG_EXTRA_PAGE_OUT and deploys it to the catalogue's other host; the shell is not rebuilt.
const path = require('node:path');
const { createAppConfig } = require('@shop/shared/build/webpack.cjs');
const catalog = require('../../../catalog-mfe/webpack.config.js').options;

module.exports = createAppConfig({
  ...catalog,
  exposes: { ...catalog.exposes, './TradeCounterPage': path.join(__dirname, 'TradeCounterPage.tsx') },
  routes: path.join(__dirname, 'routes.ts'),
  outDir: process.env.CATALOG_EXTRA_PAGE_OUT ?? path.join(__dirname, 'dist'),
});
