// npm start's first build (scripts/start.mjs): the builds the shop serves of several apps in one
// webpack process, `webpack -c scripts/lib/webpack.shop.cjs --env apps=shell,catalog-mfe --env shop`.
// Each app keeps its own webpack.config.js and output; one process loads webpack, its plugins and
// TypeScript once for all of them (about a third less CPU than a process per app).
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

module.exports = (env = {}, argv = {}) =>
  String(env.apps ?? '')
    .split(',')
    .filter(Boolean)
    .flatMap((app) => {
      const exported = require(path.join(root, app, 'webpack.config.js'));
      return typeof exported === 'function' ? exported(env, argv) : exported.map((config) => (typeof config === 'function' ? config(env, argv) : config));
    });
