import {
  ALL_GROUPS,
  CUSTOMER_GROUPS,
  incVatPence,
  lineTotalPence,
  pricingGroup,
  quantityBreaks,
  tiersForGroup,
  unitPrice,
  unitPricePence,
  vatPence,
  type PricedProduct,
} from './rules';

const { NOT_LOGGED_IN, GENERAL, TRADE, WHOLESALE } = CUSTOMER_GROUPS;

const membrane: PricedProduct = {
  pricePence: 12_000,
  tierPrices: [
    { customerGroupId: TRADE, qty: 1, valuePence: 10_800 },
    { customerGroupId: TRADE, qty: 10, valuePence: 9_900 },
    { customerGroupId: TRADE, qty: 50, valuePence: 9_400 },
    { customerGroupId: WHOLESALE, qty: 1, valuePence: 9_000 },
    { customerGroupId: GENERAL, qty: 5, valuePence: 11_500 },
  ],
};

describe('customer groups', () => {
  it('numbers guest 0, General 1, Trade 2, Wholesale 3', () => {
    expect(CUSTOMER_GROUPS).toEqual({ NOT_LOGGED_IN: 0, GENERAL: 1, TRADE: 2, WHOLESALE: 3 });
  });

  it('prices a guest like General', () => {
    expect(pricingGroup(NOT_LOGGED_IN)).toBe(GENERAL);
    expect(pricingGroup(TRADE)).toBe(TRADE);
    expect(unitPricePence(membrane, NOT_LOGGED_IN, 5)).toBe(unitPricePence(membrane, GENERAL, 5));
  });
});

describe('unitPrice', () => {
  it('answers the base price when no rule applies', () => {
    expect(unitPrice(membrane, GENERAL, 1)).toEqual({ unitPence: 12_000, unitIncVatPence: 14_400, source: 'base' });
  });

  it('lets a tier at quantity 1 for the group override the base price', () => {
    expect(unitPrice(membrane, TRADE, 1)).toMatchObject({ unitPence: 10_800, source: 'tier', tierQty: 1 });
    expect(unitPricePence(membrane, WHOLESALE, 1)).toBe(9_000);
  });

  it('applies larger-quantity tiers from their quantity on', () => {
    expect(unitPricePence(membrane, TRADE, 9)).toBe(10_800);
    expect(unitPricePence(membrane, TRADE, 10)).toBe(9_900);
    expect(unitPricePence(membrane, TRADE, 49)).toBe(9_900);
    expect(unitPricePence(membrane, TRADE, 50)).toBe(9_400);
    expect(unitPricePence(membrane, TRADE, 500)).toBe(9_400);
    expect(unitPricePence(membrane, GENERAL, 4)).toBe(12_000);
    expect(unitPricePence(membrane, GENERAL, 5)).toBe(11_500);
  });

  it("never applies another group's tiers", () => {
    expect(unitPricePence(membrane, GENERAL, 50)).toBe(11_500);
    expect(unitPricePence({ pricePence: 1000, tierPrices: [{ customerGroupId: TRADE, qty: 1, valuePence: 1 }] }, WHOLESALE)).toBe(1000);
  });

  it('applies all-groups tiers to everyone', () => {
    const p: PricedProduct = { pricePence: 2_000, tierPrices: [{ customerGroupId: ALL_GROUPS, qty: 20, valuePence: 1_800 }] };
    expect(unitPricePence(p, NOT_LOGGED_IN, 20)).toBe(1_800);
    expect(unitPricePence(p, TRADE, 19)).toBe(2_000);
  });

  it('lets a special price beat base and every tier, even a lower one', () => {
    const onOffer = { ...membrane, specialPricePence: 9_950 };
    expect(unitPrice(onOffer, GENERAL, 1)).toEqual({ unitPence: 9_950, unitIncVatPence: 11_940, source: 'special' });
    expect(unitPricePence(onOffer, TRADE, 50)).toBe(9_950);
    expect(unitPricePence(onOffer, WHOLESALE, 1)).toBe(9_950);
  });

  it('treats a special price of 0 as a price (free), and null as none', () => {
    expect(unitPricePence({ pricePence: 500, specialPricePence: 0 }, GENERAL)).toBe(0);
    expect(unitPricePence({ pricePence: 500, specialPricePence: null }, GENERAL)).toBe(500);
  });

  it('counts quantities below 1 or fractional as whole units from 1', () => {
    expect(unitPricePence(membrane, TRADE, 0)).toBe(10_800);
    expect(unitPricePence(membrane, TRADE, 10.9)).toBe(9_900);
  });

  it('takes the lower value when two tiers share a quantity', () => {
    const p: PricedProduct = {
      pricePence: 1000,
      tierPrices: [
        { customerGroupId: TRADE, qty: 1, valuePence: 950 },
        { customerGroupId: ALL_GROUPS, qty: 1, valuePence: 900 },
      ],
    };
    expect(unitPricePence(p, TRADE)).toBe(900);
  });
});

describe('VAT and totals', () => {
  it('adds 20 % VAT rounded to the penny', () => {
    expect(incVatPence(10_000)).toBe(12_000);
    expect(incVatPence(999)).toBe(1_199); // 1198.8
    expect(incVatPence(1)).toBe(1); // 1.2
    expect(incVatPence(3)).toBe(4); // 3.6
    expect(vatPence(999)).toBe(200);
  });

  it('totals a line with custom option prices', () => {
    expect(lineTotalPence(membrane, TRADE, 10, [250, 100])).toBe((9_900 + 350) * 10);
    expect(lineTotalPence({ pricePence: 799 }, GENERAL, 3)).toBe(2_397);
  });
});

describe('tiersForGroup and quantityBreaks', () => {
  it('lists the tiers of a group by quantity', () => {
    expect(tiersForGroup(membrane.tierPrices, TRADE).map((t) => t.qty)).toEqual([1, 10, 50]);
    expect(tiersForGroup(undefined, TRADE)).toEqual([]);
  });

  it('offers quantity breaks cheaper than one unit, none under a special price', () => {
    expect(quantityBreaks(membrane, TRADE)).toEqual([
      { qty: 10, unitPence: 9_900, savingPercent: 8 },
      { qty: 50, unitPence: 9_400, savingPercent: 13 },
    ]);
    expect(quantityBreaks({ ...membrane, specialPricePence: 100 }, TRADE)).toEqual([]);
  });
});
