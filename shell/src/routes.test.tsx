import { pageRoutes } from './routeTable';

const owner = (path: string) => pageRoutes.find((r) => r.path === path)?.module.split('/')[0];

describe('route table (spec section 2)', () => {
  it('gives every route of the spec to the remote that owns it', () => {
    expect(owner('/')).toBe('content');
    for (const p of ['/contact', '/about', '/about/hydrovault-systems', '/delivery-and-returns', '/terms-and-conditions', '/cookie-policy', '/privacy-policy', '/advice', '/advice/:articlePage']) {
      expect(owner(p)).toBe('content');
    }
    for (const p of [
      '/customer/account', '/customer/account/login', '/customer/account/create', '/customer/account/forgotpassword',
      '/customer/account/createpassword', '/customer/account/recaptcha', '/customer/address', '/stripe/customer/subscriptions',
      '/sales/order/history', '/sales/order/view/order_id/:orderId', '/review/customer', '/paypal/billing_agreement',
      '/aw_followupemail2/unsubscribe', '/downloadable/customer/products', '/customer/account/newsletter', '/customer/account/edit/:action?',
    ]) {
      expect(owner(p)).toBe('account');
    }
    for (const p of ['/checkout', '/payment-complete', '/order/success']) expect(owner(p)).toBe('checkout');
    expect(owner('/catalog/product/view/id/:productId')).toBe('catalog');
  });

  it('guards the account area but not login, registration or password pages', () => {
    const guarded = (path: string) => pageRoutes.find((r) => r.path === path)?.guarded ?? false;
    expect(guarded('/customer/account')).toBe(true);
    expect(guarded('/sales/order/history')).toBe(true);
    expect(guarded('/customer/account/login')).toBe(false);
    expect(guarded('/customer/account/create')).toBe(false);
    expect(guarded('/customer/account/forgotpassword')).toBe(false);
  });
});
