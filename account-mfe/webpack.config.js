const { createAppConfig, createStandaloneConfig } = require('@shop/shared/build/webpack.cjs');
const { createServerConfig } = require('@shop/shared/build/webpack.server.cjs');

// What this remote exposes to the shell: one module per page (each default-exports a component).
const exposes = {
    './LoginPage': './src/pages/LoginPage/LoginPage.tsx',
    './CreateAccountPage': './src/pages/CreateAccountPage/CreateAccountPage.tsx',
    './ForgotPasswordPage': './src/pages/ForgotPasswordPage/ForgotPasswordPage.tsx',
    './CreatePasswordPage': './src/pages/CreatePasswordPage/CreatePasswordPage.tsx',
    './RecaptchaPage': './src/pages/RecaptchaPage/RecaptchaPage.tsx',
    './DashboardPage': './src/pages/DashboardPage/DashboardPage.tsx',
    './NewsletterPage': './src/pages/NewsletterPage/NewsletterPage.tsx',
    './AccountEditPage': './src/pages/AccountEditPage/AccountEditPage.tsx',
    './AddressesPage': './src/pages/AddressesPage/AddressesPage.tsx',
    './SubscriptionsPage': './src/pages/SubscriptionsPage/SubscriptionsPage.tsx',
    './OrdersPage': './src/pages/OrdersPage/OrdersPage.tsx',
    './OrderViewPage': './src/pages/OrderViewPage/OrderViewPage.tsx',
    './ReviewsPage': './src/pages/ReviewsPage/ReviewsPage.tsx',
    './BillingAgreementsPage': './src/pages/BillingAgreementsPage/BillingAgreementsPage.tsx',
    './EmailNotificationsPage': './src/pages/EmailNotificationsPage/EmailNotificationsPage.tsx',
    './DownloadablePage': './src/pages/DownloadablePage/DownloadablePage.tsx',
};

const options = { name: 'account', dir: __dirname, port: 3003, exposes, routes: './src/routes.ts' };
// The browser build, and beside it the server build the page server renders with (dist/server/) and
// the team's standalone page (dist/standalone/), a host of its own with its own shared libraries.
// `--env shop` (npm start's first build) leaves the standalone page out: it is not part of the shop.
module.exports = (env = {}, argv = {}) =>
  [createAppConfig(options), createServerConfig(options), ...(env.shop ? [] : [createStandaloneConfig(options)])].map((config) => config(env, argv));
