import { VAT_RATE } from './money';

/**
 * The price rules of spec section 6, as pure functions over integer pence. The basket/checkout
 * API and the product page both call these, so a shopper sees the price they will pay.
 *
 * - A special price beats everything (base price and every tier).
 * - A tier price for the customer's group at quantity 1 overrides the base price.
 * - A tier price for a larger quantity applies from that quantity on.
 * - VAT is 20 %: inc VAT = price × 1.2, rounded to the penny.
 */

/** Customer group ids (Magento's numbering). */
export const CUSTOMER_GROUPS = {
  /** A guest: priced like General. */
  NOT_LOGGED_IN: 0,
  /** Retail customers. */
  GENERAL: 1,
  TRADE: 2,
  WHOLESALE: 3,
} as const;
export type CustomerGroupId = (typeof CUSTOMER_GROUPS)[keyof typeof CUSTOMER_GROUPS];

/** A tier price that applies to every group. */
export const ALL_GROUPS = 32000;

export const customerGroups: ReadonlyArray<{ id: CustomerGroupId; code: string; label: string }> = [
  { id: 0, code: 'NOT LOGGED IN', label: 'Guest' },
  { id: 1, code: 'General', label: 'Retail' },
  { id: 2, code: 'Trade', label: 'Trade' },
  { id: 3, code: 'Wholesale', label: 'Wholesale' },
];

export function isCustomerGroupId(value: unknown): value is CustomerGroupId {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/** The group whose prices a customer gets: guests are priced like General. */
export function pricingGroup(groupId: number): number {
  return groupId === CUSTOMER_GROUPS.NOT_LOGGED_IN ? CUSTOMER_GROUPS.GENERAL : groupId;
}

export interface TierPricePence {
  customerGroupId: number;
  qty: number;
  valuePence: number;
}

export interface PricedProduct {
  pricePence: number;
  specialPricePence?: number | null;
  tierPrices?: readonly TierPricePence[];
}

export type PriceSource = 'special' | 'tier' | 'base';

export interface UnitPrice {
  /** Per unit, ex VAT. */
  unitPence: number;
  unitIncVatPence: number;
  source: PriceSource;
  /** The quantity the applied tier starts at (source 'tier'). */
  tierQty?: number;
}

/** The tiers that apply to a group (its own, a guest's General ones, and all-groups ones), by qty. */
export function tiersForGroup(tiers: readonly TierPricePence[] | undefined, groupId: number): TierPricePence[] {
  const group = pricingGroup(groupId);
  return (tiers ?? [])
    .filter((t) => t.customerGroupId === ALL_GROUPS || pricingGroup(t.customerGroupId) === group)
    .slice()
    .sort((a, b) => a.qty - b.qty || a.valuePence - b.valuePence);
}

/**
 * The unit price ex VAT a customer of `groupId` pays when buying `qty` (at least 1).
 * Special price, else the tier with the largest quantity not above `qty` (a qty-1 tier replaces
 * the base price; when two tiers share a quantity the lower wins), else the base price.
 */
export function unitPrice(product: PricedProduct, groupId: number, qty = 1): UnitPrice {
  const quantity = Math.max(1, Math.floor(qty));
  if (product.specialPricePence != null) {
    return withVat({ unitPence: product.specialPricePence, source: 'special' });
  }
  let applied: TierPricePence | undefined;
  for (const tier of tiersForGroup(product.tierPrices, groupId)) {
    if (tier.qty > quantity) break;
    if (!applied || tier.qty > applied.qty) applied = tier;
  }
  if (applied) return withVat({ unitPence: applied.valuePence, source: 'tier', tierQty: applied.qty });
  return withVat({ unitPence: product.pricePence, source: 'base' });
}

/** Unit price ex VAT in pence (shortcut of `unitPrice(...).unitPence`). */
export function unitPricePence(product: PricedProduct, groupId: number, qty = 1): number {
  return unitPrice(product, groupId, qty).unitPence;
}

/** Line total ex VAT: (unit price + chosen custom option prices) × qty. */
export function lineTotalPence(product: PricedProduct, groupId: number, qty: number, optionPricesPence: readonly number[] = []): number {
  const quantity = Math.max(1, Math.floor(qty));
  const options = optionPricesPence.reduce((sum, p) => sum + p, 0);
  return (unitPricePence(product, groupId, quantity) + options) * quantity;
}

/** Price inc VAT (× 1.2), rounded half up to the penny. */
export function incVatPence(pence: number): number {
  return Math.round(pence * (1 + VAT_RATE));
}

/** The VAT of an ex-VAT amount, rounded to the penny. */
export function vatPence(pence: number): number {
  return incVatPence(pence) - pence;
}

/**
 * "Buy n or more for £x each" lines for the product page: the tiers above quantity 1 that are
 * cheaper than what one unit costs the group. None when a special price applies.
 */
export function quantityBreaks(product: PricedProduct, groupId: number): Array<{ qty: number; unitPence: number; savingPercent: number }> {
  if (product.specialPricePence != null) return [];
  const single = unitPricePence(product, groupId, 1);
  return tiersForGroup(product.tierPrices, groupId)
    .filter((t) => t.qty > 1 && t.valuePence < single)
    .map((t) => ({ qty: t.qty, unitPence: t.valuePence, savingPercent: Math.round(((single - t.valuePence) / single) * 100) }));
}

function withVat(price: Omit<UnitPrice, 'unitIncVatPence'>): UnitPrice {
  return { ...price, unitIncVatPence: incVatPence(price.unitPence) };
}
