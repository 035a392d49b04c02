const { createAppConfig, createStandaloneConfig } = require('@shop/shared/build/webpack.cjs');
const { createServerConfig } = require('@shop/shared/build/webpack.server.cjs');

// What this remote exposes to the shell: one module per page (each default-exports a component).
const exposes = {
    './ProductPage': './src/pages/ProductPage/ProductPage.tsx',
    './CategoryPage': './src/pages/CategoryPage/CategoryPage.tsx',
    './SearchPage': './src/pages/SearchPage/SearchPage.tsx',
};

const options = { name: 'catalog', dir: __dirname, port: 3001, exposes, routes: './src/routes.ts' };
// The browser build, and beside it the server build the page server renders with (dist/server/) and
// the team's standalone page (dist/standalone/), a host of its own with its own shared libraries.
// `--env shop` (npm start's first build) leaves the standalone page out: it is not part of the shop.
module.exports = (env = {}, argv = {}) =>
  [createAppConfig(options), createServerConfig(options), ...(env.shop ? [] : [createStandaloneConfig(options)])].map((config) => config(env, argv));
// The e2e suite builds a variant of this remote with one more page (e2e/support/catalog-extra-page).
module.exports.options = options;
