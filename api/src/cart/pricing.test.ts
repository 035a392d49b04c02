import { cartTotals, priceCart } from './pricing';
import { toCartAnswer } from './service';
import type { BasketProduct, CartItemRow } from './store';

const product = (over: Partial<BasketProduct> & { id: number }): BasketProduct => ({
  sku: `SKU-${over.id}`,
  name: `Product ${over.id}`,
  typeId: 'simple',
  status: 1,
  websiteIds: [1, 2],
  pricePence: 1000,
  specialPricePence: null,
  urlKey: `product-${over.id}`,
  image: null,
  weightGrams: 1000,
  palletOnly: false,
  stockQty: 100,
  isInStock: true,
  tiers: [],
  options: [],
  configurableOptions: [],
  ...over,
});

let itemId = 0;
const line = (productId: number, qty: number, over: Partial<CartItemRow> = {}): CartItemRow => ({
  id: ++itemId,
  cartId: 'c',
  productId,
  parentProductId: null,
  sku: `SKU-${productId}`,
  lineKey: `${productId}||[]`,
  qty,
  options: { configurable: [], custom: [] },
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

const membrane = product({
  id: 1,
  pricePence: 12_000,
  tiers: [
    { customerGroupId: 2, qty: 1, valuePence: 10_800 }, // Trade
    { customerGroupId: 2, qty: 10, valuePence: 9_900 },
    { customerGroupId: 3, qty: 1, valuePence: 9_000 }, // Wholesale
    { customerGroupId: 1, qty: 5, valuePence: 11_500 }, // General from 5
  ],
});
const onSpecial = product({ id: 2, pricePence: 5_000, specialPricePence: 4_250, tiers: [{ customerGroupId: 2, qty: 1, valuePence: 3_000 }] });
const map = (...ps: BasketProduct[]) => new Map(ps.map((p) => [p.id, p]));

describe('price rules per customer group', () => {
  it.each([
    [0, 1, 12_000], // guest: base price
    [1, 1, 12_000], // General: base
    [1, 5, 11_500], // General: tier from 5
    [0, 5, 11_500], // guests are priced like General
    [2, 1, 10_800], // Trade: qty-1 tier overrides the base price
    [2, 9, 10_800],
    [2, 10, 9_900], // Trade: larger tier from its quantity
    [3, 1, 9_000], // Wholesale
  ])('group %i buying %i pays %i pence a unit', (group, qty, unit) => {
    const priced = priceCart([line(1, qty)], map(membrane), group);
    expect(priced.lines[0]!.unitPence).toBe(unit);
    expect(priced.subtotalPence).toBe(unit * qty);
  });

  it('a special price beats every tier, for every group', () => {
    for (const group of [0, 1, 2, 3]) {
      expect(priceCart([line(2, 3)], map(onSpecial), group).lines[0]!.unitPence).toBe(4_250);
    }
  });

  it('adds chosen custom option prices to the unit price', () => {
    const kit = product({
      id: 3,
      pricePence: 2_000,
      options: [
        { id: 31, title: 'Fixing kit', type: 'drop_down', isRequire: false, values: [{ id: 311, title: 'Plugs', sku: 'PLG', pricePence: 350 }] },
        { id: 32, title: 'Extras', type: 'checkbox', isRequire: false, values: [{ id: 321, title: 'Tape', sku: null, pricePence: 125 }, { id: 322, title: 'Primer', sku: null, pricePence: 600 }] },
      ],
    });
    const item = line(3, 2, { options: { configurable: [], custom: [{ option_id: 31, option_value: 311 }, { option_id: 32, option_value: [321, 322] }] } });
    const priced = priceCart([item], map(kit), 0);
    expect(priced.lines[0]!.unitPence).toBe(2_000 + 350 + 125 + 600);
    expect(priced.lines[0]!.optionTitle).toBe('Fixing kit: Plugs, Extras: Tape, Primer');
  });

  it('leaves out lines whose product is disabled or off the storefront', () => {
    const disabled = product({ id: 4, status: 2 });
    const otherSite = product({ id: 5, websiteIds: [1] });
    const priced = priceCart([line(1, 1), line(4, 1), line(5, 1), line(99, 1)], map(membrane, disabled, otherSite), 1);
    expect(priced.lines.map((l) => l.product.id)).toEqual([1]);
    expect(priced.unavailable.map((l) => l.productId)).toEqual([4, 5, 99]);
  });
});

describe('totals and VAT rounding', () => {
  it('works VAT out per line, rounded half up, and sums it (with delivery VAT)', () => {
    // 3 lines of 99p: each line's VAT is 19.8p -> 20p, so 60p (not round(59.4) = 59p).
    const p99 = [6, 7, 8].map((id) => product({ id, pricePence: 99 }));
    const priced = priceCart([line(6, 1), line(7, 1), line(8, 1)], map(...p99), 0);
    const rate = { carrierCode: 'courier', methodCode: 'standard', carrierTitle: 'Courier', methodTitle: 'Standard', amountPence: 995, zone: 'mainland' as const, service: 'parcel' as const };
    const t = cartTotals(priced, rate);
    expect(t.subtotalPence).toBe(297);
    expect(t.shippingVatPence).toBe(199); // 995 × 0.2 = 199
    expect(t.taxPence).toBe(60 + 199);
    expect(t.grandTotalPence).toBe(297 + 995 + 259);
    expect(t.subtotalInclTaxPence).toBe(357);
  });

  it('rounds VAT to the nearest penny on the row total, not per unit', () => {
    const odd = product({ id: 9, pricePence: 1_234 }); // VAT 246.8 -> 247 per unit row of 1
    const priced = priceCart([line(9, 3)], map(odd), 0); // row 3702 -> VAT 740.4 -> 740
    expect(priced.lines[0]!.rowVatPence).toBe(740);
    expect(priced.lines[0]!.unitIncVatPence).toBe(1_481);
    expect(cartTotals(priced, null).grandTotalPence).toBe(3_702 + 740);
  });

  it('answers pounds with 2 decimals, and the segments grand_total, shipping, tax, subtotal', () => {
    const priced = priceCart([line(1, 3)], map(membrane), 2);
    const answer = toCartAnswer(priced, cartTotals(priced, null));
    expect(answer.total).toBe(324);
    expect(answer.items[0]).toMatchObject({ price: 108, price_incl_tax: 129.6, qty: 3, row_total: 324, row_total_incl_tax: 388.8 });
    expect(answer.totals).toMatchObject({ subtotal: 324, subtotal_incl_tax: 388.8, shipping: 0, tax: 64.8, grand_total: 388.8, currency: 'GBP' });
    expect(answer.totals.total_segments.map((s) => s.code)).toEqual(['subtotal', 'shipping', 'tax', 'grand_total']);
    expect(answer.totals.free_delivery).toMatchObject({ threshold: 250, remaining: 0, qualifies: true, message: 'Spend £250 ex VAT for Free 1-3 day Delivery' });
  });
});
