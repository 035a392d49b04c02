import { type Address, type AddressFormFields } from '@shop/shared';
import { findCountry, findRegion } from '@shop/shared/forms';
import { isValidUkPostcode, normalisePostcode } from '@shop/shared/schemas';
import type { CheckoutAddressInput } from '@shop/shared/schemas';
import type { EstimateAddress } from '../api/checkoutApi';
import { DEFAULT_CHECKOUT_POSTCODE, emptyCheckoutAddress, type CheckoutAddressState } from './checkoutState';

/**
 * Addresses in the checkout's three shapes: the form's fields (two street lines, region id as the
 * select's text), the checkout state (spec section 3: street list, phone, postcode '*' until
 * known) and the API's checkout address.
 */

/** The address fields of the checkout form: the shared address form's fields (text; region id as the select's value). */
export type AddressFields = AddressFormFields;

export const emptyAddressFields: AddressFields = stateToFields(emptyCheckoutAddress);

export function stateToFields(state: CheckoutAddressState): AddressFields {
  return {
    firstname: state.firstname,
    lastname: state.lastname,
    company: state.company,
    telephone: state.phone,
    streetLine1: state.street[0] ?? '',
    streetLine2: state.street[1] ?? '',
    city: state.city,
    postcode: state.postcode === DEFAULT_CHECKOUT_POSTCODE ? '' : state.postcode,
    country_id: state.country_id || 'GB',
    region_id: state.region_id === null ? '' : String(state.region_id),
  };
}

export function fieldsToState(fields: Partial<AddressFields>): CheckoutAddressState {
  const country = fields.country_id || 'GB';
  const regionId = fields.region_id ? Number(fields.region_id) : null;
  const region = findRegion(country, Number.isInteger(regionId) ? regionId : null);
  const postcode = (fields.postcode ?? '').trim();
  return {
    firstname: (fields.firstname ?? '').trim(),
    lastname: (fields.lastname ?? '').trim(),
    company: (fields.company ?? '').trim(),
    street: [fields.streetLine1 ?? '', fields.streetLine2 ?? ''].map((l) => l.trim()).filter(Boolean),
    city: (fields.city ?? '').trim(),
    region: region?.name ?? '',
    region_id: region?.id ?? null,
    postcode: postcode ? normalisePostcode(country, postcode) : DEFAULT_CHECKOUT_POSTCODE,
    country_id: country,
    phone: (fields.telephone ?? '').trim(),
  };
}

/** The checkout address the API takes (save-shipping-info, save-payment-info, confirm-order). */
export function stateToApiAddress(state: CheckoutAddressState, email?: string | null): CheckoutAddressInput {
  return {
    firstname: state.firstname,
    lastname: state.lastname,
    company: state.company || null,
    telephone: state.phone,
    street: state.street.filter((l) => l.trim()),
    city: state.city,
    postcode: state.postcode,
    country_id: state.country_id || 'GB',
    region_id: state.region_id,
    region: state.region || null,
    ...(email ? { email } : {}),
  };
}

/** A saved address of the customer's address book as checkout state. */
export function savedAddressToState(address: Address): CheckoutAddressState {
  const regionId = address.region_id ?? address.region?.region_id ?? null;
  const known = findRegion(address.country_id, regionId);
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    company: address.company ?? '',
    street: address.street.filter(Boolean),
    city: address.city,
    region: known?.name ?? address.region?.region ?? '',
    region_id: known?.id ?? null,
    postcode: address.postcode || DEFAULT_CHECKOUT_POSTCODE,
    country_id: address.country_id || 'GB',
    phone: address.telephone,
  };
}

/** One line naming a saved address in a list: 'Home: Jo Bloggs, 1 High Street, Leeds, LS11 5AB'. */
export function savedAddressLabel(address: Address): string {
  const label = address.custom_attributes?.find((a) => a.attribute_code === 'address_label')?.value;
  const text = [`${address.firstname} ${address.lastname}`, address.street[0], address.city, address.postcode].filter(Boolean).join(', ');
  return label ? `${label}: ${text}` : text;
}

/** Is this a postcode a delivery estimate can use (a full UK postcode for GB; anything for others)? */
export function usablePostcode(countryId: string, postcode: string): boolean {
  const p = postcode.trim();
  if (!p || p === DEFAULT_CHECKOUT_POSTCODE) return false;
  return countryId === 'GB' ? isValidUkPostcode(p) : p.length >= 3;
}

/** What a delivery estimate needs of the address: the country and, once it is usable, the postcode. */
export function estimateAddressFor(state: Pick<CheckoutAddressState, 'country_id' | 'postcode' | 'city'>, email?: string): EstimateAddress {
  const country = findCountry(state.country_id) ? state.country_id : 'GB';
  return {
    country_id: country,
    postcode: usablePostcode(country, state.postcode) ? normalisePostcode(country, state.postcode) : DEFAULT_CHECKOUT_POSTCODE,
    ...(state.city ? { city: state.city } : {}),
    ...(email ? { email } : {}),
  };
}

/** The address as lines for a summary. */
export function addressLines(state: CheckoutAddressState): string[] {
  const country = findCountry(state.country_id)?.name ?? state.country_id;
  return [
    `${state.firstname} ${state.lastname}`.trim(),
    state.company,
    ...state.street,
    state.city,
    state.region,
    state.postcode === DEFAULT_CHECKOUT_POSTCODE ? '' : state.postcode,
    country,
  ].filter(Boolean);
}
