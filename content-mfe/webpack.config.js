const { createAppConfig, createStandaloneConfig } = require('@shop/shared/build/webpack.cjs');
const { createServerConfig } = require('@shop/shared/build/webpack.server.cjs');

// What this remote exposes to the shell: one module per page (each default-exports a component).
const exposes = {
    './HomePage': './src/pages/HomePage/HomePage.tsx',
    './CmsPage': './src/pages/CmsPage/CmsPage.tsx',
    './AdvicePage': './src/pages/AdvicePage/AdvicePage.tsx',
    './ArticlePage': './src/pages/ArticlePage/ArticlePage.tsx',
};

const options = { name: 'content', dir: __dirname, port: 3002, exposes, routes: './src/routes.ts' };
// The browser build, and beside it the server build the page server renders with (dist/server/) and
// the team's standalone page (dist/standalone/), a host of its own with its own shared libraries.
// `--env shop` (npm start's first build) leaves the standalone page out: it is not part of the shop.
module.exports = (env = {}, argv = {}) =>
  [createAppConfig(options), createServerConfig(options), ...(env.shop ? [] : [createStandaloneConfig(options)])].map((config) => config(env, argv));
