import {
  consignmentWeightGrams,
  deliveryService,
  deliveryZone,
  findShippingRate,
  FREE_DELIVERY_MESSAGE,
  freeDeliveryRemainingPence,
  INTERNATIONAL_BASE_PENCE,
  NEXT_DAY_COURIER_PENCE,
  outwardCode,
  PALLET_NEXT_DAY_EXTRA_PENCE,
  palletRatePence,
  REMOTE_PALLET_SURCHARGE_PENCE,
  REMOTE_PARCEL_SURCHARGE_PENCE,
  shippingRates,
  STANDARD_COURIER_PENCE,
  type ShippingLine,
} from './rules';

const parcel: ShippingLine[] = [{ qty: 2, weightGrams: 5_000 }];
const heavy: ShippingLine[] = [{ qty: 3, weightGrams: 25_000 }]; // 75 kg
const bulky: ShippingLine[] = [{ qty: 1, weightGrams: 2_000, palletOnly: true }];
const gb = (postcode: string) => ({ countryId: 'GB', postcode });
const codes = (rates: ReturnType<typeof shippingRates>) => rates.map((r) => `${r.carrierCode}_${r.methodCode}:${r.amountPence}`);

describe('postcodes and zones', () => {
  it('reads the outward code of full, spaced, unspaced and partial postcodes', () => {
    expect(outwardCode('pa34 4ab')).toBe('PA34');
    expect(outwardCode('SW1A1AA')).toBe('SW1A');
    expect(outwardCode('M1 1AE')).toBe('M1');
    expect(outwardCode('PH17')).toBe('PH17');
    expect(outwardCode('*')).toBeNull();
    expect(outwardCode('')).toBeNull();
    expect(outwardCode('12345')).toBeNull();
  });

  it.each([
    ['BT1 1AA', 'remote'],
    ['HS1 2AB', 'remote'],
    ['ZE1 0AA', 'remote'],
    ['KW15 1AA', 'remote'],
    ['IV1 1AA', 'remote'],
    ['PA20 0AA', 'remote'],
    ['PA49 7AA', 'remote'],
    ['PA50 1AA', 'mainland'],
    ['PA60 1AA', 'remote'],
    ['PA78 1AA', 'remote'],
    ['PA19 1AA', 'mainland'],
    ['PA1 1AA', 'mainland'],
    ['PH16 5AA', 'mainland'],
    ['PH17 2AA', 'remote'],
    ['PH26 2AA', 'remote'],
    ['PH30 4AA', 'remote'],
    ['PH44 4AA', 'remote'],
    ['PH49 4AA', 'remote'],
    ['PH50 4AA', 'remote'],
    ['PH1 1AA', 'mainland'],
    ['KA27 8AA', 'remote'],
    ['KA28 0AA', 'remote'],
    ['KA26 0AA', 'mainland'],
    ['IM1 1AA', 'remote'],
    ['GY1 1AA', 'remote'],
    ['JE2 3AA', 'remote'],
    ['TR21 0AA', 'remote'],
    ['TR25 0AA', 'remote'],
    ['TR20 0AA', 'mainland'],
    ['PO30 1AA', 'remote'],
    ['PO41 0AA', 'remote'],
    ['PO42 0AA', 'mainland'],
    ['WF2 7AZ', 'mainland'],
    ['SW1A 1AA', 'mainland'],
    ['*', 'unknown'],
  ])('%s is %s', (postcode, zone) => {
    expect(deliveryZone(gb(postcode))).toBe(zone);
  });

  it('puts the US (and anything outside GB) in the international zone', () => {
    expect(deliveryZone({ countryId: 'US', postcode: '10001' })).toBe('international');
    expect(deliveryZone({ countryId: 'US', postcode: '*' })).toBe('international');
  });
});

describe('parcel or pallet', () => {
  it('weighs the consignment, counting a missing weight as 1 kg', () => {
    expect(consignmentWeightGrams([{ qty: 3, weightGrams: 2_500 }, { qty: 2 }])).toBe(9_500);
  });

  it('sends heavy consignments and pallet-only goods by pallet', () => {
    expect(deliveryService(parcel)).toBe('parcel');
    expect(deliveryService([{ qty: 2, weightGrams: 25_000 }])).toBe('parcel'); // exactly 50 kg
    expect(deliveryService([{ qty: 1, weightGrams: 50_001 }])).toBe('pallet');
    expect(deliveryService(heavy)).toBe('pallet');
    expect(deliveryService(bulky)).toBe('pallet');
  });

  it('prices pallets by weight band', () => {
    expect(palletRatePence(75_000)).toBe(4_500);
    expect(palletRatePence(250_000)).toBe(4_500);
    expect(palletRatePence(250_001)).toBe(6_500);
    expect(palletRatePence(1_000_000)).toBe(8_500);
    expect(palletRatePence(1_000_001)).toBe(11_500);
    expect(palletRatePence(2_000_000)).toBe(14_500);
  });
});

describe('shipping rates', () => {
  it('mainland parcels under £250 ex VAT: standard courier and next day', () => {
    expect(codes(shippingRates(24_999, parcel, gb('WF2 7AZ')))).toEqual([
      `courier_standard:${STANDARD_COURIER_PENCE}`,
      `courier_nextday:${NEXT_DAY_COURIER_PENCE}`,
    ]);
  });

  it('mainland parcels at £250 ex VAT or more: free 1-3 day delivery (and paid next day)', () => {
    const rates = shippingRates(25_000, parcel, gb('WF2 7AZ'));
    expect(codes(rates)).toEqual(['freeshipping_freeshipping:0', `courier_nextday:${NEXT_DAY_COURIER_PENCE}`]);
    expect(rates[0]!.methodTitle).toBe('Free 1-3 day Delivery');
    expect(FREE_DELIVERY_MESSAGE).toBe('Spend £250 ex VAT for Free 1-3 day Delivery');
  });

  it("prices an unknown postcode ('*') like the mainland", () => {
    expect(codes(shippingRates(1_000, parcel, gb('*')))).toEqual(codes(shippingRates(1_000, parcel, gb('LS1 1AA'))));
  });

  it('mainland pallets: by weight, free at £250, next day extra', () => {
    expect(codes(shippingRates(10_000, heavy, gb('M1 1AE')))).toEqual([
      'pallet_standard:4500',
      `pallet_nextday:${4500 + PALLET_NEXT_DAY_EXTRA_PENCE}`,
    ]);
    expect(codes(shippingRates(30_000, bulky, gb('M1 1AE')))).toEqual([
      'freeshipping_freeshipping:0',
      `pallet_nextday:${4500 + PALLET_NEXT_DAY_EXTRA_PENCE}`,
    ]);
  });

  it('Highlands, Islands and Northern Ireland: a surcharge, no free or next-day delivery', () => {
    expect(codes(shippingRates(1_000, parcel, gb('BT7 1NN')))).toEqual([
      `courier_remote:${STANDARD_COURIER_PENCE + REMOTE_PARCEL_SURCHARGE_PENCE}`,
    ]);
    expect(codes(shippingRates(30_000, parcel, gb('HS1 2AB')))).toEqual([`courier_remote:${REMOTE_PARCEL_SURCHARGE_PENCE}`]);
    expect(codes(shippingRates(1_000, heavy, gb('PA34 4AB')))).toEqual([
      `pallet_remote:${4500 + REMOTE_PALLET_SURCHARGE_PENCE}`,
    ]);
    expect(codes(shippingRates(30_000, heavy, gb('ZE1 0AA')))).toEqual([`pallet_remote:${REMOTE_PALLET_SURCHARGE_PENCE}`]);
  });

  it('US: an international parcel rate by weight; no pallets abroad', () => {
    expect(codes(shippingRates(1_000, parcel, { countryId: 'US', postcode: '10001' }))).toEqual([
      `international_standard:${INTERNATIONAL_BASE_PENCE}`,
    ]);
    expect(codes(shippingRates(1_000, [{ qty: 1, weightGrams: 12_500 }], { countryId: 'US' }))).toEqual([
      `international_standard:${INTERNATIONAL_BASE_PENCE + 3 * 300}`,
    ]);
    expect(shippingRates(99_000, heavy, { countryId: 'US' })).toEqual([]);
    expect(shippingRates(1_000, parcel, { countryId: 'FR' })).toEqual([]);
  });

  it('offers nothing for an empty basket', () => {
    expect(shippingRates(0, [], gb('WF2 7AZ'))).toEqual([]);
  });

  it('finds a rate by carrier and method code', () => {
    const rates = shippingRates(1_000, parcel, gb('WF2 7AZ'));
    expect(findShippingRate(rates, 'courier', 'nextday')?.amountPence).toBe(NEXT_DAY_COURIER_PENCE);
    expect(findShippingRate(rates, 'freeshipping', 'freeshipping')).toBeUndefined();
  });

  it('says how much more to spend for free delivery', () => {
    expect(freeDeliveryRemainingPence(20_000)).toBe(5_000);
    expect(freeDeliveryRemainingPence(26_000)).toBe(0);
  });
});
