import type { RouteList } from '@shop/shared/routes';

/**
 * The checkout team's pages. Published in this remote's mf-manifest.json by the build; the shell
 * routes them at run time (see README.md, "Routes"). Data only: no React here, so the page server
 * can read it too.
 */
export const routes = {
  routes: [
    { path: '/checkout', module: 'checkout/CheckoutPage', meta: { kind: 'page', title: 'Checkout' } },
    { path: '/payment-complete', module: 'checkout/PaymentCompletePage', meta: { kind: 'page', title: 'Payment complete' } },
    { path: '/order/success', module: 'checkout/OrderSuccessPage', meta: { kind: 'page', title: 'Thank you for your order' } },
  ],
} satisfies RouteList;
