import { useAtomValue } from 'jotai';
import { CUSTOMER_GROUPS, fromPence, meAtom, toPence, unitPrice, type PricedProduct, type Product, type UnitPrice } from '@shop/shared';

/** The signed-in customer's group; guests are group 0 (priced like General). */
export function useCustomerGroup(): number {
  const me = useAtomValue(meAtom);
  return me?.group_id ?? CUSTOMER_GROUPS.NOT_LOGGED_IN;
}

type PriceFields = Pick<Product, 'price' | 'tier_prices'> & { attrs: Pick<Product['attrs'], 'special_price'> };

/** A product's prices as the shared price rules take them (integer pence). */
export function pricedProduct(product: PriceFields): PricedProduct {
  return {
    pricePence: toPence(product.price),
    specialPricePence: product.attrs.special_price == null ? null : toPence(product.attrs.special_price),
    tierPrices: product.tier_prices.map((t) => ({ customerGroupId: t.customer_group_id, qty: t.qty, valuePence: toPence(t.value) })),
  };
}

/** What a customer of `group` pays per unit when buying `qty`, ex VAT, in pounds (with the rule that applied). */
export function priceFor(product: PriceFields, group: number, qty = 1): UnitPrice & { unit: number; base: number } {
  const price = unitPrice(pricedProduct(product), group, qty);
  return { ...price, unit: fromPence(price.unitPence), base: product.price };
}
