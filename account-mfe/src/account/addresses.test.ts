import { addressFormSchema, emptyAddressFormValues as emptyAddressValues } from '@shop/shared';
import { mockApi } from '@shop/shared/testing';
import { saveAddress } from './addresses';

const values = addressFormSchema.parse({
  ...emptyAddressValues({ firstname: 'Jo', lastname: 'Bloggs' }),
  telephone: '0113 496 0000',
  streetLine1: '12 Canal Wharf',
  city: 'Leeds',
  postcode: 'LS11 5AB',
  region_id: '5002',
});

describe('saveAddress', () => {
  it('needs a login token', async () => {
    const { calls } = mockApi({});
    await expect(saveAddress(null, values)).rejects.toThrow('Authentication token not found. Please log in.');
    expect(calls).toHaveLength(0);
  });

  it('needs an address id to update', async () => {
    const { calls } = mockApi({});
    await expect(saveAddress('tok', values, 0)).rejects.toThrow('Address data or address ID is missing for update.');
    expect(calls).toHaveLength(0);
  });

  it('names an answer of the wrong shape', async () => {
    mockApi({
      '/customer/me/add-address': { body: { status: 'success' } },
      '/customer/me/update-address': { body: { status: 'success' } },
    });
    await expect(saveAddress('tok', values)).rejects.toThrow('Failed to add address due to unexpected API response structure.');
    await expect(saveAddress('tok', values, 4)).rejects.toThrow('Failed to update address due to unexpected API response.');
  });

  it("prefers the server's message, else the spec's fallback", async () => {
    mockApi({
      '/customer/me/add-address': { status: 400, body: { message: 'City is required' } },
      '/customer/me/update-address': { status: 503, body: {} },
    });
    await expect(saveAddress('tok', values)).rejects.toThrow('City is required');
    await expect(saveAddress('tok', values, 4)).rejects.toThrow('Could not update the address. Please try again.');
  });
});
