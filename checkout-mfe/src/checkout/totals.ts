import { fromPence, toPence, vatOfPence, type Cart, type ShippingEstimate } from '@shop/shared';

/** The order summary's figures in pounds: goods ex VAT, delivery ex VAT, VAT, and what is paid. */
export interface SummaryTotals {
  subtotal: number;
  shipping: number;
  /** False until a delivery method is known (the summary then says so). */
  shippingKnown: boolean;
  tax: number;
  discount: number;
  grandTotal: number;
}

const sameRate = (a: { carrier_code: string; method_code: string } | null | undefined, b: ShippingEstimate | null) =>
  Boolean(a && b && a.carrier_code === b.carrier_code && a.method_code === b.method_code);

/**
 * The summary for a basket and the delivery method chosen on the page. The basket's own totals
 * count delivery only once a method is saved (save-shipping-info); until then the chosen rate is
 * added here the way the server adds it: its amount ex VAT, and its VAT (inc - ex) to the VAT.
 */
export function summaryTotals(cart: Cart, rate: ShippingEstimate | null): SummaryTotals {
  const t = cart.totals;
  if (t && (rate === null ? !t.shipping_method : sameRate(t.shipping_method, rate))) {
    return {
      subtotal: t.subtotal,
      shipping: t.shipping,
      shippingKnown: Boolean(t.shipping_method),
      tax: t.tax,
      discount: t.discount,
      grandTotal: t.grand_total,
    };
  }
  const subtotalPence = toPence(t ? t.subtotal : cart.total);
  const discountPence = toPence(t?.discount ?? 0);
  // VAT on goods alone: the basket's VAT without the VAT of a delivery method it may have saved.
  const goodsTaxPence = t
    ? toPence(t.tax) - (t.shipping_method ? toPence(t.shipping_incl_tax) - toPence(t.shipping) : 0)
    : cart.items.reduce((sum, i) => sum + vatOfPence(toPence(i.row_total ?? i.price * i.qty)), 0);
  const shippingPence = rate ? toPence(rate.amount) : 0;
  const shippingTaxPence = rate ? toPence(rate.price_incl_tax) - toPence(rate.amount) : 0;
  const taxPence = goodsTaxPence + shippingTaxPence;
  return {
    subtotal: fromPence(subtotalPence),
    shipping: fromPence(shippingPence),
    shippingKnown: rate !== null,
    tax: fromPence(taxPence),
    discount: fromPence(discountPence),
    grandTotal: fromPence(subtotalPence + shippingPence + taxPence - discountPence),
  };
}

/** A rate's id as the wallets know it: 'courier_standard'. */
export const rateId = (rate: Pick<ShippingEstimate, 'carrier_code' | 'method_code'>) => `${rate.carrier_code}_${rate.method_code}`;

/** The rate the shopper chose if it is still offered, else the first one offered. */
export function chooseRate(
  rates: readonly ShippingEstimate[],
  carrierCode: string | null,
  methodCode: string | null,
): ShippingEstimate | null {
  const available = rates.filter((r) => r.available);
  return available.find((r) => r.carrier_code === carrierCode && r.method_code === methodCode) ?? available[0] ?? null;
}

/** 'Courier - Standard Delivery (1-3 working days)' or just the method when the carrier says nothing more. */
export function rateTitle(rate: Pick<ShippingEstimate, 'carrier_title' | 'method_title'>): string {
  return rate.carrier_title && !rate.method_title.includes(rate.carrier_title) ? `${rate.carrier_title} - ${rate.method_title}` : rate.method_title;
}
