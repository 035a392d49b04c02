import { parseRouteList } from '@shop/shared/routes';
import { routes } from './routes';

const route = (path: string) => routes.routes.find((r) => r.path === path);

describe('the account route list (spec section 2)', () => {
  it('is a valid list of the account remote’s own modules', () => {
    expect(parseRouteList('account', routes)).toHaveProperty('list');
  });

  it('has every account page of the spec', () => {
    for (const path of [
      '/customer/account', '/customer/account/login', '/customer/account/create', '/customer/account/forgotpassword',
      '/customer/account/createpassword', '/customer/account/recaptcha', '/customer/address', '/stripe/customer/subscriptions',
      '/sales/order/history', '/sales/order/view/order_id/:orderId', '/review/customer', '/paypal/billing_agreement',
      '/aw_followupemail2/unsubscribe', '/downloadable/customer/products', '/customer/account/newsletter', '/customer/account/edit/:action?',
    ]) {
      expect(route(path)?.module).toMatch(/^account\//);
    }
  });

  it('guards the account area but not login, registration, passwords or the mail’s unsubscribe link', () => {
    const guarded = (path: string) => (route(path) as { guarded?: boolean } | undefined)?.guarded === true;
    expect(route('/customer/account/login')).toBeDefined();
    expect(guarded('/customer/account')).toBe(true);
    expect(guarded('/sales/order/history')).toBe(true);
    expect(guarded('/customer/account/edit/:action?')).toBe(true);
    for (const open of ['/customer/account/login', '/customer/account/create', '/customer/account/forgotpassword', '/aw_followupemail2/unsubscribe']) {
      expect(guarded(open)).toBe(false);
    }
  });
});
