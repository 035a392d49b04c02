import type { RouteList } from '@shop/shared/routes';

/**
 * The account team's pages. Published in this remote's mf-manifest.json by the build; the shell
 * routes them at run time (see README.md, "Routes"). `guarded` pages send a shopper who is not
 * signed in to login first. Data only: no React here, so the page server can read it too.
 */
export const routes = {
  routes: [
    // open pages
    { path: '/customer/account/login', module: 'account/LoginPage' },
    { path: '/customer/account/create', module: 'account/CreateAccountPage' },
    { path: '/customer/account/forgotpassword', module: 'account/ForgotPasswordPage' },
    { path: '/customer/account/createpassword', module: 'account/CreatePasswordPage' },
    { path: '/customer/account/recaptcha', module: 'account/RecaptchaPage' },
    // Email Notifications opens from the signed link in a mail, without signing in.
    { path: '/aw_followupemail2/unsubscribe', module: 'account/EmailNotificationsPage' },
    // the guarded area
    { path: '/customer/account', module: 'account/DashboardPage', guarded: true },
    { path: '/customer/account/index', module: 'account/DashboardPage', guarded: true },
    { path: '/customer/account/newsletter', module: 'account/NewsletterPage', guarded: true },
    { path: '/customer/account/edit/:action?', module: 'account/AccountEditPage', guarded: true },
    { path: '/customer/address', module: 'account/AddressesPage', guarded: true },
    { path: '/stripe/customer/subscriptions', module: 'account/SubscriptionsPage', guarded: true },
    { path: '/sales/order/history', module: 'account/OrdersPage', guarded: true },
    { path: '/sales/order/view/order_id/:orderId', module: 'account/OrderViewPage', guarded: true },
    { path: '/review/customer', module: 'account/ReviewsPage', guarded: true },
    { path: '/paypal/billing_agreement', module: 'account/BillingAgreementsPage', guarded: true },
    { path: '/downloadable/customer/products', module: 'account/DownloadablePage', guarded: true },
  ],
} satisfies RouteList;
