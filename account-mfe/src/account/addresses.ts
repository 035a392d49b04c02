import { ApiError, type Address, type AddressFormValues, type Customer } from '@shop/shared';
import { addressFormToInput } from '@shop/shared/schemas';
import { accountApi } from './api';

/** The address book's texts of spec section 8, word for word. */
export const ADDRESS_BOOK_MESSAGES = {
  addUnexpected: 'Failed to add address due to unexpected API response structure.',
  noToken: 'Authentication token not found. Please log in.',
  missingId: 'Address data or address ID is missing for update.',
  updateUnexpected: 'Failed to update address due to unexpected API response.',
  updateFallback: 'Could not update the address. Please try again.',
  saveFallback: 'Could not save the address. Please try again.',
  /** The form's red box when no message came back. */
  formFallback: 'Could not save address. Please try again.',
} as const;

const M = ADDRESS_BOOK_MESSAGES;
const unexpectedShape = (error: unknown) => error instanceof ApiError && error.message.startsWith('Unexpected answer');
const serverMessage = (error: unknown) => (error instanceof ApiError && !unexpectedShape(error) && !error.message.startsWith('Request to ') ? error.message : null);

/**
 * Adds (no id) or updates (with id) an address and answers the customer as saved. Throws an Error
 * with the message the form shows: the server's when it sent one, else the spec's.
 */
export async function saveAddress(token: string | null, values: AddressFormValues, id?: number): Promise<Customer> {
  if (!token) throw new Error(M.noToken);
  const address = addressFormToInput(values, id);
  if (id === undefined) {
    try {
      return (await accountApi.addAddress(token, address)).data.customer;
    } catch (error) {
      throw new Error(unexpectedShape(error) ? M.addUnexpected : (serverMessage(error) ?? M.saveFallback), { cause: error });
    }
  }
  if (!Number.isInteger(id) || id <= 0) throw new Error(M.missingId);
  try {
    return (await accountApi.updateAddress(token, address)).data.customer;
  } catch (error) {
    throw new Error(unexpectedShape(error) ? M.updateUnexpected : (serverMessage(error) ?? M.updateFallback), { cause: error });
  }
}

/** The form's values for an address being edited (street as two lines, region id as the select has it). */
export function addressToFormValues(address: Address) {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    company: address.company ?? '',
    telephone: address.telephone,
    streetLine1: address.street[0] ?? '',
    streetLine2: address.street[1] ?? '',
    city: address.city,
    postcode: address.postcode,
    country_id: address.country_id,
    region_id: String(address.region_id ?? address.region?.region_id ?? ''),
    address_label: address.custom_attributes?.find((a) => a.attribute_code === 'address_label')?.value ?? '',
    default_billing: Boolean(address.default_billing),
    default_shipping: Boolean(address.default_shipping),
  };
}

export const emptyAddressValues = (defaults: { firstname?: string; lastname?: string } = {}) => ({
  firstname: defaults.firstname ?? '',
  lastname: defaults.lastname ?? '',
  company: '',
  telephone: '',
  streetLine1: '',
  streetLine2: '',
  city: '',
  postcode: '',
  country_id: 'GB',
  region_id: '',
  address_label: '',
  default_billing: false,
  default_shipping: false,
});
