// Standalone host: the checkout team runs its pages alone with `npm run dev -w checkout-mfe`.
import '@shop/shared/tokens.css';
import { renderStandalone } from '@shop/shared/standalone';
import CheckoutPage from './pages/CheckoutPage/CheckoutPage';
import PaymentCompletePage from './pages/PaymentCompletePage/PaymentCompletePage';
import OrderSuccessPage from './pages/OrderSuccessPage/OrderSuccessPage';
import ExpressCheckoutButton from './express/ExpressCheckoutButton';

renderStandalone('checkout', [
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/payment-complete', element: <PaymentCompletePage /> },
  { path: '/order/success', element: <OrderSuccessPage /> },
  // The express wallet as the basket shows it (add something to the basket first).
  { path: '/express', element: <ExpressCheckoutButton context="basket" /> },
]);
