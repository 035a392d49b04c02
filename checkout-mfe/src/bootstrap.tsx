// Standalone host: the checkout team runs its pages alone with `npm run dev -w checkout-mfe`.
import '@shop/shared/tokens.css';
import { renderStandalone } from '@shop/shared';
import CheckoutPage from './pages/CheckoutPage/CheckoutPage';
import PaymentCompletePage from './pages/PaymentCompletePage/PaymentCompletePage';
import OrderSuccessPage from './pages/OrderSuccessPage/OrderSuccessPage';

renderStandalone('checkout', [
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/payment-complete', element: <PaymentCompletePage /> },
  { path: '/order/success', element: <OrderSuccessPage /> },
]);
