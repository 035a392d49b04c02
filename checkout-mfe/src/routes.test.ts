import { parseRouteList } from '@shop/shared/routes';
import { routes } from './routes';

describe('the checkout route list (spec section 2)', () => {
  it('is a valid list with the checkout, payment complete and order success pages, all open to guests', () => {
    expect(parseRouteList('checkout', routes)).toHaveProperty('list');
    expect(routes.routes.map((r) => [r.path, r.module])).toEqual([
      ['/checkout', 'checkout/CheckoutPage'],
      ['/payment-complete', 'checkout/PaymentCompletePage'],
      ['/order/success', 'checkout/OrderSuccessPage'],
    ]);
    expect(routes.routes.some((r) => 'guarded' in r)).toBe(false);
  });
});
