import { ApiError, addressFormToInput, type AddressFormValues, type Customer } from '@shop/shared';
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
