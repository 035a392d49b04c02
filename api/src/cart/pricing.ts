import { incVatPence, unitPrice, vatPence, type PriceSource } from '@shop/shared/pricing';
import { shippingRates, type ShippingDestination, type ShippingLine, type ShippingRate } from '../shipping/rules';
import type { CartAddressColumn } from './schema';
import { isSellable, type BasketProduct, type CartItemRow } from './store';

/**
 * Pricing a basket: pure functions over the lines and the catalogue rows they need. Integer pence
 * throughout. VAT is worked out per line (row total ex VAT × 20 %, rounded half up) and on delivery,
 * then summed: the order keeps VAT per line, and its lines add up to its tax.
 */

export interface PricedLine {
  item: CartItemRow;
  /** What is bought (a simple product, a configurable's child, a grouped product's item). */
  product: BasketProduct;
  /** The configurable or grouped product it was chosen from. */
  parent: BasketProduct | null;
  /** Unit price ex VAT including chosen option prices. */
  unitPence: number;
  unitIncVatPence: number;
  rowPence: number;
  rowVatPence: number;
  source: PriceSource;
  options: Array<{ label: string; value: string }>;
  optionTitle: string | null;
  /** Per unit, for delivery. */
  weightGrams: number | null;
  palletOnly: boolean;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Lines whose product is gone, disabled or off the storefront: left out of everything. */
  unavailable: CartItemRow[];
  subtotalPence: number;
  subtotalVatPence: number;
  itemsQty: number;
}

export interface ChosenShipping {
  rate: ShippingRate;
}

export interface CartTotalsPence {
  subtotalPence: number;
  subtotalInclTaxPence: number;
  shippingPence: number;
  shippingVatPence: number;
  taxPence: number;
  discountPence: number;
  grandTotalPence: number;
  itemsQty: number;
  shipping: ShippingRate | null;
}

/** The labels of a line's chosen configurable attributes and custom options. */
export function lineOptions(item: CartItemRow, product: BasketProduct, parent: BasketProduct | null): Array<{ label: string; value: string }> {
  const result: Array<{ label: string; value: string }> = [];
  const configurableFrom = parent?.typeId === 'configurable' ? parent : null;
  if (configurableFrom) {
    for (const option of configurableFrom.configurableOptions) {
      const chosen = item.options.configurable.find((c) => c.option_id === option.attributeId);
      const value = option.values.find((v) => v.value_index === chosen?.option_value);
      if (value) result.push({ label: option.label, value: value.label });
    }
  }
  const customFrom = configurableFrom ?? product;
  for (const choice of item.options.custom) {
    const option = customFrom.options.find((o) => o.id === choice.option_id);
    if (!option) continue;
    if (option.type === 'field') {
      result.push({ label: option.title, value: String(choice.option_value) });
      continue;
    }
    const ids = Array.isArray(choice.option_value) ? choice.option_value : [choice.option_value];
    const titles = option.values.filter((v) => ids.includes(v.id)).map((v) => v.title);
    if (titles.length > 0) result.push({ label: option.title, value: titles.join(', ') });
  }
  return result;
}

/** What the chosen custom options add to the unit price (ex VAT). */
export function optionPricePence(item: CartItemRow, product: BasketProduct, parent: BasketProduct | null): number {
  const customFrom = parent?.typeId === 'configurable' ? parent : product;
  let sum = 0;
  for (const choice of item.options.custom) {
    const option = customFrom.options.find((o) => o.id === choice.option_id);
    if (!option) continue;
    if (option.type === 'field') {
      sum += option.values[0]?.pricePence ?? 0;
      continue;
    }
    const ids = Array.isArray(choice.option_value) ? choice.option_value : [choice.option_value];
    for (const value of option.values) if (ids.includes(value.id)) sum += value.pricePence;
  }
  return sum;
}

/** Prices every line for a customer group (0 guest, 1 General, 2 Trade, 3 Wholesale). */
export function priceCart(items: readonly CartItemRow[], products: ReadonlyMap<number, BasketProduct>, groupId: number): PricedCart {
  const lines: PricedLine[] = [];
  const unavailable: CartItemRow[] = [];
  for (const item of items) {
    const product = products.get(item.productId);
    const parent = item.parentProductId ? (products.get(item.parentProductId) ?? null) : null;
    if (!product || !isSellable(product) || (item.parentProductId && (!parent || !isSellable(parent)))) {
      unavailable.push(item);
      continue;
    }
    const base = unitPrice({ pricePence: product.pricePence, specialPricePence: product.specialPricePence, tierPrices: product.tiers }, groupId, item.qty);
    const unitPence = base.unitPence + optionPricePence(item, product, parent);
    const rowPence = unitPence * item.qty;
    const options = lineOptions(item, product, parent);
    lines.push({
      item,
      product,
      parent,
      unitPence,
      unitIncVatPence: incVatPence(unitPence),
      rowPence,
      rowVatPence: vatPence(rowPence),
      source: base.source,
      options,
      optionTitle: options.length > 0 ? options.map((o) => `${o.label}: ${o.value}`).join(', ') : null,
      weightGrams: product.weightGrams ?? parent?.weightGrams ?? null,
      palletOnly: product.palletOnly || (parent?.palletOnly ?? false),
    });
  }
  return {
    lines,
    unavailable,
    subtotalPence: lines.reduce((sum, l) => sum + l.rowPence, 0),
    subtotalVatPence: lines.reduce((sum, l) => sum + l.rowVatPence, 0),
    itemsQty: lines.reduce((sum, l) => sum + l.item.qty, 0),
  };
}

export function shippingLinesOf(priced: PricedCart): ShippingLine[] {
  return priced.lines.map((l) => ({ qty: l.item.qty, weightGrams: l.weightGrams, palletOnly: l.palletOnly }));
}

/** The delivery methods offered for this basket at this destination. */
export function ratesFor(priced: PricedCart, destination: ShippingDestination): ShippingRate[] {
  return shippingRates(priced.subtotalPence, shippingLinesOf(priced), destination);
}

/** The saved delivery method priced for the basket as it is now (undefined: not offered any more). */
export function savedShippingRate(
  priced: PricedCart,
  address: CartAddressColumn | null,
  carrierCode: string | null,
  methodCode: string | null,
): ShippingRate | undefined {
  if (!address || !carrierCode || !methodCode) return undefined;
  return ratesFor(priced, { countryId: address.country_id, postcode: address.postcode }).find(
    (r) => r.carrierCode === carrierCode && r.methodCode === methodCode,
  );
}

/** Totals of a priced basket with a delivery rate (or none yet). */
export function cartTotals(priced: PricedCart, shipping: ShippingRate | null | undefined): CartTotalsPence {
  const shippingPence = shipping?.amountPence ?? 0;
  const shippingVatPence = vatPence(shippingPence);
  const taxPence = priced.subtotalVatPence + shippingVatPence;
  const discountPence = 0;
  return {
    subtotalPence: priced.subtotalPence,
    subtotalInclTaxPence: priced.subtotalPence + priced.subtotalVatPence,
    shippingPence,
    shippingVatPence,
    taxPence,
    discountPence,
    grandTotalPence: priced.subtotalPence + shippingPence + taxPence - discountPence,
    itemsQty: priced.itemsQty,
    shipping: shipping ?? null,
  };
}
