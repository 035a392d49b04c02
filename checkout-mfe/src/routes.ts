import type { RouteList } from '@shop/shared/routes';

/**
 * The checkout team's pages. Published in this remote's mf-manifest.json by the build; the shell
 * routes them at run time (see README.md, "Routes"). Data only: no React here, so the page server
 * can read it too.
 */
export const routes = {
  routes: [
    { path: '/checkout', module: 'checkout/CheckoutPage' },
    { path: '/payment-complete', module: 'checkout/PaymentCompletePage' },
    { path: '/order/success', module: 'checkout/OrderSuccessPage' },
  ],
} satisfies RouteList;
