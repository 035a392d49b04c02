import { RANGE_MAKER_PAGE } from '@shop/shared/shop';
import type { RemoteName } from './federation/remotes';

/**
 * The route table of spec section 2 as data: every path and the remote module that renders it.
 * The shell's router and its page server (status codes, titles) both read it.
 */
export interface PageRoute {
  path: string;
  module: `${RemoteName}/${string}`;
  /** The account area: redirects to login without a token. */
  guarded?: boolean;
  props?: Record<string, unknown>;
}

const cms = (path: string, identifier: string): PageRoute => ({
  path,
  module: 'content/CmsPage',
  props: { identifier },
});

export const pageRoutes: PageRoute[] = [
  // content
  { path: '/', module: 'content/HomePage' },
  cms('/contact', 'contact'),
  cms('/about', 'about'),
  cms(RANGE_MAKER_PAGE, RANGE_MAKER_PAGE.replace('/about/', '')),
  cms('/delivery-and-returns', 'delivery-and-returns'),
  cms('/terms-and-conditions', 'terms-and-conditions'),
  cms('/cookie-policy', 'cookie-policy'),
  cms('/privacy-policy', 'privacy-policy'),
  { path: '/advice', module: 'content/AdvicePage' },
  { path: '/advice/:articlePage', module: 'content/ArticlePage' },
  // catalogue (product and category pages are also reached through URL rewrites)
  { path: '/catalog/product/view/id/:productId', module: 'catalog/ProductPage' },
  { path: '/catalog/category/view/id/:categoryId', module: 'catalog/CategoryPage' },
  { path: '/search', module: 'catalog/SearchPage' },
  // account: open pages
  { path: '/customer/account/login', module: 'account/LoginPage' },
  { path: '/customer/account/create', module: 'account/CreateAccountPage' },
  { path: '/customer/account/forgotpassword', module: 'account/ForgotPasswordPage' },
  { path: '/customer/account/createpassword', module: 'account/CreatePasswordPage' },
  { path: '/customer/account/recaptcha', module: 'account/RecaptchaPage' },
  // account: the guarded area
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
  // Not guarded: a mail's signed unsubscribe link opens it without signing in (the page sends others to login).
  { path: '/aw_followupemail2/unsubscribe', module: 'account/EmailNotificationsPage' },
  { path: '/downloadable/customer/products', module: 'account/DownloadablePage', guarded: true },
  // checkout
  { path: '/checkout', module: 'checkout/CheckoutPage' },
  { path: '/payment-complete', module: 'checkout/PaymentCompletePage' },
  { path: '/order/success', module: 'checkout/OrderSuccessPage' },
];

