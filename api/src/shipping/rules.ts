import { FREE_DELIVERY_MESSAGE, FREE_DELIVERY_THRESHOLD_PENCE } from '@shop/shared/shop';

/**
 * Delivery rules of the shop, in one place, as pure functions over integer pence and grams. The
 * API prices delivery with them (estimate, save-shipping-info, confirm-order) and answers the
 * browser what it shows ('Spend £250 ex VAT for Free 1-3 day Delivery', how much more to spend).
 *
 * - UK mainland, parcels: free 1-3 day delivery when the goods come to £250 ex VAT or more,
 *   otherwise a standard courier rate; a next-working-day option either way.
 * - Heavy or bulky goods (a consignment over PARCEL_MAX_WEIGHT_GRAMS, or any product flagged
 *   pallet-only) go by pallet: a rate by weight band (free at £250 ex VAT or more on the mainland),
 *   and a next-day pallet option.
 * - Highlands, Islands, Northern Ireland, the Isle of Man, the Channel Islands, Scilly and the Isle
 *   of Wight: no free or next-day delivery; the standard service plus a surcharge (parcel or
 *   pallet), 2-5 working days.
 * - United States: an international courier rate for parcels; pallets are not shipped abroad (no
 *   method: the checkout says delivery is not available).
 * - An unknown postcode ('*', the estimate default) is priced as the mainland.
 * Every amount is ex VAT; VAT at 20 % is added on top like on goods.
 */

export { FREE_DELIVERY_MESSAGE, FREE_DELIVERY_THRESHOLD_PENCE };

export const STANDARD_COURIER_PENCE = 995;
export const NEXT_DAY_COURIER_PENCE = 1495;
export const REMOTE_PARCEL_SURCHARGE_PENCE = 1500;
export const PALLET_NEXT_DAY_EXTRA_PENCE = 3000;
export const REMOTE_PALLET_SURCHARGE_PENCE = 6000;
/** US parcels: up to 10 kg, then per started kilogram. */
export const INTERNATIONAL_BASE_PENCE = 3995;
export const INTERNATIONAL_BASE_WEIGHT_GRAMS = 10_000;
export const INTERNATIONAL_PER_KG_PENCE = 300;

/** Above this a consignment goes by pallet (couriers take about 25 kg a parcel, two or so parcels). */
export const PARCEL_MAX_WEIGHT_GRAMS = 50_000;
/** A product without a weight counts as this much per unit. */
export const DEFAULT_ITEM_WEIGHT_GRAMS = 1_000;

/** Pallet rates ex VAT by total weight; above the last band, PALLET_EXTRA_PER_500KG per started 500 kg. */
export const PALLET_BANDS: ReadonlyArray<{ maxGrams: number; pence: number }> = [
  { maxGrams: 250_000, pence: 4_500 },
  { maxGrams: 500_000, pence: 6_500 },
  { maxGrams: 1_000_000, pence: 8_500 },
];
export const PALLET_EXTRA_PER_500KG_PENCE = 3_000;

export type DeliveryZone = 'mainland' | 'remote' | 'international' | 'unknown';
export type DeliveryService = 'parcel' | 'pallet';

export interface ShippingLine {
  qty: number;
  /** Per unit; null or undefined: DEFAULT_ITEM_WEIGHT_GRAMS. */
  weightGrams?: number | null;
  /** Bulky goods that only travel on a pallet (long rolls, drums, pallets of boards). */
  palletOnly?: boolean | null;
}

export interface ShippingDestination {
  /** ISO code: 'GB' or 'US'. */
  countryId: string;
  /** A UK postcode, an outward code ('PA34'), '*' or empty (unknown). */
  postcode?: string | null;
}

export interface ShippingRate {
  carrierCode: string;
  methodCode: string;
  carrierTitle: string;
  methodTitle: string;
  /** Ex VAT. */
  amountPence: number;
  zone: DeliveryZone;
  service: DeliveryService;
}

/**
 * Postcode areas and districts a UK carrier surcharges: Northern Ireland (BT), the Highlands and
 * Scottish islands, the Isle of Man, the Channel Islands, the Isles of Scilly and the Isle of
 * Wight. `districts` (inclusive ranges) limits an area to part of it; no ranges: the whole area.
 */
export const REMOTE_POSTCODE_AREAS: Readonly<Record<string, ReadonlyArray<readonly [number, number]> | null>> = {
  BT: null,
  HS: null,
  ZE: null,
  KW: null,
  IV: null,
  IM: null,
  GY: null,
  JE: null,
  PA: [
    [20, 49],
    [60, 78],
  ],
  PH: [
    [17, 26],
    [30, 44],
    [49, 50],
  ],
  KA: [[27, 28]],
  TR: [[21, 25]],
  PO: [[30, 41]],
  AB: [
    [31, 38],
    [44, 56],
  ],
  FK: [[17, 21]],
};

const OUTWARD_CODE = /^([A-Z]{1,2})(\d{1,2})[A-Z]?$/;

/** The outward code of a UK postcode ('pa34 4ab' -> 'PA34'), or null when it has none. */
export function outwardCode(postcode: string | null | undefined): string | null {
  const compact = (postcode ?? '').replace(/\s+/g, '').toUpperCase();
  if (!compact || compact === '*') return null;
  // A full postcode ends with the inward code: a digit and two letters.
  const outward = /\d[A-Z]{2}$/.test(compact) && compact.length >= 5 ? compact.slice(0, -3) : compact;
  return OUTWARD_CODE.test(outward) ? outward : null;
}

/** Where a destination is, for delivery pricing. */
export function deliveryZone(destination: ShippingDestination): DeliveryZone {
  const country = destination.countryId.trim().toUpperCase();
  if (country !== 'GB') return country ? 'international' : 'unknown';
  const outward = outwardCode(destination.postcode);
  if (!outward) return 'unknown';
  const [, area = '', districtText = '0'] = OUTWARD_CODE.exec(outward) ?? [];
  if (!(area in REMOTE_POSTCODE_AREAS)) return 'mainland';
  const districts = REMOTE_POSTCODE_AREAS[area];
  if (!districts) return 'remote';
  const district = Number(districtText);
  return districts.some(([from, to]) => district >= from && district <= to) ? 'remote' : 'mainland';
}

/** Total weight of the lines in grams. */
export function consignmentWeightGrams(lines: readonly ShippingLine[]): number {
  return lines.reduce((sum, line) => sum + Math.max(0, line.weightGrams ?? DEFAULT_ITEM_WEIGHT_GRAMS) * line.qty, 0);
}

/** Parcel or pallet: pallet when anything is pallet-only or the weight is over the parcel limit. */
export function deliveryService(lines: readonly ShippingLine[]): DeliveryService {
  if (lines.some((line) => line.palletOnly)) return 'pallet';
  return consignmentWeightGrams(lines) > PARCEL_MAX_WEIGHT_GRAMS ? 'pallet' : 'parcel';
}

/** Pallet rate ex VAT for a total weight. */
export function palletRatePence(weightGrams: number): number {
  for (const band of PALLET_BANDS) if (weightGrams <= band.maxGrams) return band.pence;
  const last = PALLET_BANDS[PALLET_BANDS.length - 1]!;
  return last.pence + Math.ceil((weightGrams - last.maxGrams) / 500_000) * PALLET_EXTRA_PER_500KG_PENCE;
}

/** Does this basket qualify for free delivery (goods ex VAT, before delivery)? */
export function qualifiesForFreeDelivery(goodsExVatPence: number): boolean {
  return goodsExVatPence >= FREE_DELIVERY_THRESHOLD_PENCE;
}

/** How much more (ex VAT) to spend for free delivery; 0 when it already applies. */
export function freeDeliveryRemainingPence(goodsExVatPence: number): number {
  return Math.max(0, FREE_DELIVERY_THRESHOLD_PENCE - goodsExVatPence);
}

const FREE: Pick<ShippingRate, 'carrierCode' | 'methodCode' | 'carrierTitle' | 'methodTitle'> = {
  carrierCode: 'freeshipping',
  methodCode: 'freeshipping',
  carrierTitle: 'Free Delivery',
  methodTitle: 'Free 1-3 day Delivery',
};

/**
 * The delivery methods offered for a basket (goods total ex VAT after price rules, and its lines)
 * going to a destination, cheapest first. Empty when nothing can be delivered there (or the basket
 * is empty).
 */
export function shippingRates(
  goodsExVatPence: number,
  lines: readonly ShippingLine[],
  destination: ShippingDestination,
): ShippingRate[] {
  const items = lines.filter((line) => line.qty > 0);
  if (items.length === 0) return [];
  const zone = deliveryZone(destination);
  const service = deliveryService(items);
  const weight = consignmentWeightGrams(items);
  const free = qualifiesForFreeDelivery(goodsExVatPence);
  const rate = (r: Omit<ShippingRate, 'zone' | 'service'>): ShippingRate => ({ ...r, zone, service });

  if (zone === 'international') {
    if (destination.countryId.trim().toUpperCase() !== 'US' || service === 'pallet') return [];
    const extraKg = Math.max(0, Math.ceil((weight - INTERNATIONAL_BASE_WEIGHT_GRAMS) / 1000));
    return [
      rate({
        carrierCode: 'international',
        methodCode: 'standard',
        carrierTitle: 'International Courier',
        methodTitle: 'International Delivery (5-10 working days)',
        amountPence: INTERNATIONAL_BASE_PENCE + extraKg * INTERNATIONAL_PER_KG_PENCE,
      }),
    ];
  }

  if (zone === 'remote') {
    if (service === 'pallet') {
      return [
        rate({
          carrierCode: 'pallet',
          methodCode: 'remote',
          carrierTitle: 'Pallet Delivery',
          methodTitle: 'Pallet Delivery to Highlands, Islands & Northern Ireland (3-5 working days)',
          amountPence: (free ? 0 : palletRatePence(weight)) + REMOTE_PALLET_SURCHARGE_PENCE,
        }),
      ];
    }
    return [
      rate({
        carrierCode: 'courier',
        methodCode: 'remote',
        carrierTitle: 'Courier',
        methodTitle: 'Delivery to Highlands, Islands & Northern Ireland (2-5 working days)',
        amountPence: (free ? 0 : STANDARD_COURIER_PENCE) + REMOTE_PARCEL_SURCHARGE_PENCE,
      }),
    ];
  }

  // Mainland, or a postcode not known yet (priced as the mainland).
  if (service === 'pallet') {
    const pallet = palletRatePence(weight);
    return [
      free
        ? rate({ ...FREE, methodTitle: 'Free 1-3 day Delivery (pallet, tail-lift)', amountPence: 0 })
        : rate({
            carrierCode: 'pallet',
            methodCode: 'standard',
            carrierTitle: 'Pallet Delivery',
            methodTitle: 'Pallet Delivery (1-3 working days, tail-lift)',
            amountPence: pallet,
          }),
      rate({
        carrierCode: 'pallet',
        methodCode: 'nextday',
        carrierTitle: 'Pallet Delivery',
        methodTitle: 'Next Working Day Pallet Delivery (tail-lift)',
        amountPence: pallet + PALLET_NEXT_DAY_EXTRA_PENCE,
      }),
    ];
  }
  return [
    free
      ? rate({ ...FREE, amountPence: 0 })
      : rate({
          carrierCode: 'courier',
          methodCode: 'standard',
          carrierTitle: 'Courier',
          methodTitle: 'Standard Delivery (1-3 working days)',
          amountPence: STANDARD_COURIER_PENCE,
        }),
    rate({
      carrierCode: 'courier',
      methodCode: 'nextday',
      carrierTitle: 'Courier',
      methodTitle: 'Next Working Day Delivery (order by 12 noon)',
      amountPence: NEXT_DAY_COURIER_PENCE,
    }),
  ];
}

/** The rate with these codes among those offered, or undefined. */
export function findShippingRate(
  rates: readonly ShippingRate[],
  carrierCode: string,
  methodCode: string,
): ShippingRate | undefined {
  return rates.find((r) => r.carrierCode === carrierCode && r.methodCode === methodCode);
}
