import { fromPence } from '@shop/shared/pricing';
import type { CartAnswer, CartItem, CartTotals } from '@shop/shared/schemas';
import { FREE_DELIVERY_MESSAGE, FREE_DELIVERY_THRESHOLD_PENCE, freeDeliveryRemainingPence } from '../shipping/rules';
import type { CartTotalsPence, PricedCart } from './pricing';

/** The answer shape of a basket (pounds, 2 decimals). */
export function toCartAnswer(priced: PricedCart, totals: CartTotalsPence): CartAnswer {
  const items: CartItem[] = priced.lines.map((l) => {
    const url = `/${(l.parent ?? l.product).urlKey}`;
    const configurable = l.item.options.configurable.map((c) => ({ option_id: String(c.option_id), option_value: c.option_value }));
    const custom = l.item.options.custom.map((c) => ({
      option_id: String(c.option_id),
      option_value: Array.isArray(c.option_value) ? c.option_value.join(',') : c.option_value,
    }));
    return {
      item_id: l.item.id,
      sku: l.item.sku,
      name: l.product.name,
      price: fromPence(l.unitPence),
      price_incl_tax: fromPence(l.unitIncVatPence),
      qty: l.item.qty,
      row_total: fromPence(l.rowPence),
      row_total_incl_tax: fromPence(l.rowPence + l.rowVatPence),
      image: l.product.image ?? l.parent?.image ?? null,
      option_title: l.optionTitle,
      url,
      product_id: l.product.id,
      product_type: l.product.typeId,
      parent_sku: l.parent?.sku ?? null,
      options: l.options,
      product_option:
        configurable.length > 0 || custom.length > 0
          ? {
              extension_attributes: {
                ...(configurable.length > 0 ? { configurable_item_options: configurable } : {}),
                ...(custom.length > 0 ? { custom_options: custom } : {}),
              },
            }
          : null,
    };
  });
  return { items, total: fromPence(totals.subtotalPence), totals: toTotalsAnswer(totals) };
}

export function toTotalsAnswer(t: CartTotalsPence): CartTotals {
  const remaining = freeDeliveryRemainingPence(t.subtotalPence);
  return {
    subtotal: fromPence(t.subtotalPence),
    subtotal_incl_tax: fromPence(t.subtotalInclTaxPence),
    shipping: fromPence(t.shippingPence),
    shipping_incl_tax: fromPence(t.shippingPence + t.shippingVatPence),
    tax: fromPence(t.taxPence),
    discount: fromPence(t.discountPence),
    grand_total: fromPence(t.grandTotalPence),
    currency: 'GBP',
    items_qty: t.itemsQty,
    total_segments: [
      { code: 'subtotal', title: 'Subtotal (ex VAT)', value: fromPence(t.subtotalPence) },
      { code: 'shipping', title: t.shipping ? `Delivery (${t.shipping.methodTitle})` : 'Delivery', value: fromPence(t.shippingPence) },
      { code: 'tax', title: 'VAT (20%)', value: fromPence(t.taxPence) },
      { code: 'grand_total', title: 'Grand Total (inc VAT)', value: fromPence(t.grandTotalPence) },
    ],
    shipping_method: t.shipping
      ? { carrier_code: t.shipping.carrierCode, method_code: t.shipping.methodCode, title: t.shipping.methodTitle }
      : null,
    free_delivery: {
      threshold: fromPence(FREE_DELIVERY_THRESHOLD_PENCE),
      remaining: fromPence(remaining),
      qualifies: remaining === 0,
      message: FREE_DELIVERY_MESSAGE,
    },
  };
}
