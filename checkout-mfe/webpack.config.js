const { createAppConfig, createStandaloneConfig } = require('@shop/shared/build/webpack.cjs');
const { createServerConfig } = require('@shop/shared/build/webpack.server.cjs');

// What this remote exposes to the shell and the other remotes (each default-exports a component).
const exposes = {
    './CheckoutPage': './src/pages/CheckoutPage/CheckoutPage.tsx',
    './PaymentCompletePage': './src/pages/PaymentCompletePage/PaymentCompletePage.tsx',
    './OrderSuccessPage': './src/pages/OrderSuccessPage/OrderSuccessPage.tsx',
    // Props: { line?: { sku, lineSku?, name, price, qty, productOptions?, image? } | null, product?: (same), context?: 'product' | 'basket' }
    './ExpressCheckoutButton': './src/express/ExpressCheckoutButton.tsx',
};

const options = { name: 'checkout', dir: __dirname, port: 3004, exposes, routes: './src/routes.ts' };
// The browser build, and beside it the server build the page server renders with (dist/server/) and
// the team's standalone page (dist/standalone/), a host of its own with its own shared libraries.
// `--env shop` (npm start's first build) leaves the standalone page out: it is not part of the shop.
module.exports = (env = {}, argv = {}) =>
  [createAppConfig(options), createServerConfig(options), ...(env.shop ? [] : [createStandaloneConfig(options)])].map((config) => config(env, argv));
