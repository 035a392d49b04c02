// Standalone host: the account team runs its pages alone with `npm run dev -w account-mfe`.
import '@shop/shared/tokens.css';
import { renderStandalone } from '@shop/shared/standalone';
import LoginPage from './pages/LoginPage/LoginPage';
import CreateAccountPage from './pages/CreateAccountPage/CreateAccountPage';
import ForgotPasswordPage from './pages/ForgotPasswordPage/ForgotPasswordPage';
import CreatePasswordPage from './pages/CreatePasswordPage/CreatePasswordPage';
import RecaptchaPage from './pages/RecaptchaPage/RecaptchaPage';
import DashboardPage from './pages/DashboardPage/DashboardPage';
import NewsletterPage from './pages/NewsletterPage/NewsletterPage';
import AccountEditPage from './pages/AccountEditPage/AccountEditPage';
import AddressesPage from './pages/AddressesPage/AddressesPage';
import SubscriptionsPage from './pages/SubscriptionsPage/SubscriptionsPage';
import OrdersPage from './pages/OrdersPage/OrdersPage';
import OrderViewPage from './pages/OrderViewPage/OrderViewPage';
import ReviewsPage from './pages/ReviewsPage/ReviewsPage';
import BillingAgreementsPage from './pages/BillingAgreementsPage/BillingAgreementsPage';
import EmailNotificationsPage from './pages/EmailNotificationsPage/EmailNotificationsPage';
import DownloadablePage from './pages/DownloadablePage/DownloadablePage';

renderStandalone('account', [
  { path: '/customer/account/login', element: <LoginPage /> },
  { path: '/customer/account/create', element: <CreateAccountPage /> },
  { path: '/customer/account/forgotpassword', element: <ForgotPasswordPage /> },
  { path: '/customer/account/createpassword', element: <CreatePasswordPage /> },
  { path: '/customer/account/recaptcha', element: <RecaptchaPage /> },
  { path: '/customer/account', element: <DashboardPage /> },
  { path: '/customer/account/newsletter', element: <NewsletterPage /> },
  { path: '/customer/account/edit/:action?', element: <AccountEditPage /> },
  { path: '/customer/address', element: <AddressesPage /> },
  { path: '/stripe/customer/subscriptions', element: <SubscriptionsPage /> },
  { path: '/sales/order/history', element: <OrdersPage /> },
  { path: '/sales/order/view/order_id/:orderId', element: <OrderViewPage /> },
  { path: '/review/customer', element: <ReviewsPage /> },
  { path: '/paypal/billing_agreement', element: <BillingAgreementsPage /> },
  { path: '/aw_followupemail2/unsubscribe', element: <EmailNotificationsPage /> },
  { path: '/downloadable/customer/products', element: <DownloadablePage /> },
]);
