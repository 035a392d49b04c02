import type { Cart, CartTotals, ShippingEstimate } from '@shop/shared';

export const tape = {
  item_id: 11,
  sku: 'HV-TAPE-BUTYL',
  name: 'Hydrovault Double-Sided Butyl Tape 50mm x 15m',
  price: 19.5,
  qty: 2,
  image: '/media/tape.svg',
  option_title: null,
  row_total: 39,
  row_total_incl_tax: 46.8,
  price_incl_tax: 23.4,
};

export function totals(over: Partial<CartTotals> = {}): CartTotals {
  return {
    subtotal: 39,
    subtotal_incl_tax: 46.8,
    shipping: 0,
    shipping_incl_tax: 0,
    tax: 7.8,
    discount: 0,
    grand_total: 46.8,
    currency: 'GBP',
    items_qty: 2,
    total_segments: [],
    shipping_method: null,
    free_delivery: { threshold: 250, remaining: 211, qualifies: false, message: 'Spend £250 ex VAT for Free 1-3 day Delivery' },
    ...over,
  };
}

export const basket: Cart = { items: [tape], total: 39, totals: totals() };

export const standard: ShippingEstimate = {
  carrier_code: 'courier',
  method_code: 'standard',
  carrier_title: 'Courier',
  method_title: 'Standard Delivery (1-3 working days)',
  amount: 9.95,
  price_excl_tax: 9.95,
  price_incl_tax: 11.94,
  available: true,
  error_message: '',
};

export const nextDay: ShippingEstimate = {
  carrier_code: 'courier',
  method_code: 'nextday',
  carrier_title: 'Courier',
  method_title: 'Next Working Day Delivery (order by 12 noon)',
  amount: 14.95,
  price_excl_tax: 14.95,
  price_incl_tax: 17.94,
  available: true,
  error_message: '',
};

export const testConfig = {
  provider: 'test' as const,
  publishableKey: null,
  currency: 'gbp' as const,
  country: 'GB' as const,
  testCards: [
    { number: '4242424242424242', description: 'Visa: succeeds' },
    { number: '4000000000000002', description: 'Declined (generic decline)' },
  ],
};

export const stripeConfig = { provider: 'stripe' as const, publishableKey: 'pk_test_123', currency: 'gbp' as const, country: 'GB' as const };

export const stepAnswer = (cart: Cart = basket) => ({
  status: 'success',
  cart: { ...cart, totals: cart.totals ?? totals() },
  payment_methods: [{ code: 'stripe_payments', title: 'Credit / debit card' }],
});

export const placed = (over: Record<string, unknown> = {}) => ({
  status: 'succeeded',
  orderId: 'REF1234567890abcdefREF',
  orderRef: 'REF1234567890abcdefREF',
  orderNumber: '100000042',
  paymentIntentId: 'pi_test_1',
  amount: 58.74,
  currency: 'GBP',
  redirectUrl: null,
  clientSecret: null,
  provider: 'test',
  ...over,
});

export const paymentMethod = { id: 'pm_test_abc', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, wallet: null } };

export const successOrder = {
  reference: 'REF1234567890abcdefREF',
  increment_id: '100000042',
  status: 'processing',
  status_label: 'Processing',
  created_at: '2026-11-21T11:56:10.475Z',
  customer_firstname: 'Jo',
  email_masked: 'j***@example.co.uk',
  currency: 'GBP',
  subtotal: 39,
  discount_amount: 0,
  shipping_amount: 9.95,
  tax_amount: 9.79,
  grand_total: 58.74,
  shipping_description: 'Courier - Standard Delivery (1-3 working days)',
  payment_method_title: 'Credit / debit card',
  items: [
    {
      item_id: 1,
      sku: 'HV-TAPE-BUTYL',
      name: 'Hydrovault Double-Sided Butyl Tape 50mm x 15m',
      qty_ordered: 2,
      price: 19.5,
      price_incl_tax: 23.4,
      tax_percent: 20,
      tax_amount: 7.8,
      row_total: 39,
      row_total_incl_tax: 46.8,
      options: [],
    },
  ],
  delivery: { city: 'Leeds', postcode_outward: 'LS11', country_id: 'GB' },
};
