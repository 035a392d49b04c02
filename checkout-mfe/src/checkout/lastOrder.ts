import { type CheckoutAddressState } from './checkoutState';

/**
 * What this tab's shopper just typed for the order they placed (delivery address, email), kept in
 * sessionStorage for the order success page. The success call itself answers only the town,
 * outward postcode and a masked email (its reference may travel), so the full address is shown
 * only in the tab that placed the order, and only for that order.
 */
const KEY = 'checkoutLastOrder';

export interface LastOrder {
  reference: string;
  email: string;
  shippingAddress: CheckoutAddressState;
}

export function saveLastOrder(order: LastOrder): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(order));
  } catch {
    /* storage unavailable: the page shows what the API gives */
  }
}

export function readLastOrder(reference: string): LastOrder | null {
  try {
    const order = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as LastOrder | null;
    return order && order.reference === reference && Array.isArray(order.shippingAddress?.street) ? order : null;
  } catch {
    return null;
  }
}
