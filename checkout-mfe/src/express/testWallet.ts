import type { Customer } from '@shop/shared';
import type { CheckoutAddressState } from '../checkout/checkoutState';

/** An address as the test wallet's sheet holds it (Stripe's wallet address fields). */
export interface SheetAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export const emptySheetAddress: SheetAddress = { name: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: 'GB' };

/**
 * What the wallet "knows" about the shopper when its sheet opens: the checkout's details, else
 * the signed-in customer's (default shipping address, email, name).
 */
export function walletPrefill(address: CheckoutAddressState, checkoutEmail: string, me: Customer | null) {
  const saved = me?.addresses.find((a) => a.default_shipping) ?? me?.addresses[0];
  const name = `${address.firstname} ${address.lastname}`.trim() || (saved ? `${saved.firstname} ${saved.lastname}` : me ? `${me.firstname} ${me.lastname}` : '');
  const shipping: SheetAddress =
    address.street[0] || address.postcode !== '*'
      ? {
          name,
          line1: address.street[0] ?? '',
          line2: address.street[1] ?? '',
          city: address.city,
          state: address.region,
          postal_code: address.postcode === '*' ? '' : address.postcode,
          country: address.country_id || 'GB',
        }
      : saved
        ? {
            name,
            line1: saved.street[0] ?? '',
            line2: saved.street[1] ?? '',
            city: saved.city,
            state: saved.region?.region ?? '',
            postal_code: saved.postcode,
            country: saved.country_id,
          }
        : { ...emptySheetAddress, name };
  return { email: checkoutEmail || me?.email || '', phone: address.phone || saved?.telephone || '', shipping };
}
