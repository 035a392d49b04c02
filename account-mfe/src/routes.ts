import type { RouteList } from '@shop/shared/routes';

/**
 * The account team's pages. Published in this remote's mf-manifest.json by the build; the shell
 * routes them at run time (see README.md, "Routes"). `guarded` pages send a shopper who is not
 * signed in to login first. Each names its title, which the page server sends in the first HTML
 * (a guarded page's content renders only in the browser, which knows who is signed in). Data only: no React here, so the page server can read it too.
 */
export const routes = {
  routes: [
    // open pages
    { path: '/customer/account/login', module: 'account/LoginPage', meta: { kind: 'page', title: 'Login or Create an Account' } },
    { path: '/customer/account/create', module: 'account/CreateAccountPage', meta: { kind: 'page', title: 'Create an Account' } },
    { path: '/customer/account/forgotpassword', module: 'account/ForgotPasswordPage', meta: { kind: 'page', title: 'Forgot Password' } },
    { path: '/customer/account/createpassword', module: 'account/CreatePasswordPage', meta: { kind: 'page', title: 'Set a New Password' } },
    { path: '/customer/account/recaptcha', module: 'account/RecaptchaPage', meta: { kind: 'page', title: 'Security Check' } },
    // Email Notifications opens from the signed link in a mail, without signing in.
    { path: '/aw_followupemail2/unsubscribe', module: 'account/EmailNotificationsPage', meta: { kind: 'page', title: 'Email Notifications' } },
    // the guarded area
    { path: '/customer/account', module: 'account/DashboardPage', guarded: true, meta: { kind: 'page', title: 'My Account' } },
    { path: '/customer/account/index', module: 'account/DashboardPage', guarded: true, meta: { kind: 'page', title: 'My Account' } },
    { path: '/customer/account/newsletter', module: 'account/NewsletterPage', guarded: true, meta: { kind: 'page', title: 'Newsletter Subscription' } },
    { path: '/customer/account/edit/:action?', module: 'account/AccountEditPage', guarded: true, meta: { kind: 'page', title: 'Account Information' } },
    { path: '/customer/address', module: 'account/AddressesPage', guarded: true, meta: { kind: 'page', title: 'My Addresses' } },
    { path: '/stripe/customer/subscriptions', module: 'account/SubscriptionsPage', guarded: true, meta: { kind: 'page', title: 'My Subscriptions' } },
    { path: '/sales/order/history', module: 'account/OrdersPage', guarded: true, meta: { kind: 'page', title: 'My Orders' } },
    { path: '/sales/order/view/order_id/:orderId', module: 'account/OrderViewPage', guarded: true, meta: { kind: 'page', title: 'My Orders' } },
    { path: '/review/customer', module: 'account/ReviewsPage', guarded: true, meta: { kind: 'page', title: 'My Product Reviews' } },
    { path: '/paypal/billing_agreement', module: 'account/BillingAgreementsPage', guarded: true, meta: { kind: 'page', title: 'Billing Agreements' } },
    { path: '/downloadable/customer/products', module: 'account/DownloadablePage', guarded: true, meta: { kind: 'page', title: 'My Downloadable Products' } },
  ],
} satisfies RouteList;
