import {
  addressBaseSchema,
  addressFormSchema,
  addressInputSchema,
  addressRulesSchema,
  addressSchema,
  ADDRESS_MESSAGES as M,
  checkoutAddressFieldsSchema,
  checkoutAddressSchema,
  orderAddressSchema,
} from '../api/schemas';

/**
 * One address model: every address schema is derived from `addressBaseSchema` (answers) or
 * `addressRulesSchema` (what a shopper sends), so a field added to the base reaches all of them
 * and a rule is written once. These fail when a schema re-declares the address by hand.
 */
const baseKeys = Object.keys(addressBaseSchema.shape);

describe('the address model', () => {
  it('every address schema carries every field of the base', () => {
    const shapes: Record<string, Record<string, unknown>> = {
      rules: addressRulesSchema.shape,
      'account form': addressFormSchema.shape,
      'add/update address': addressInputSchema.shape,
      checkout: checkoutAddressFieldsSchema.shape,
      'address book answer': addressSchema.shape,
      'order answer': orderAddressSchema.shape,
    };
    for (const [name, shape] of Object.entries(shapes)) {
      // The form types the street as two lines.
      const expected = name === 'account form' ? [...baseKeys.filter((k) => k !== 'street'), 'streetLine1', 'streetLine2'] : baseKeys;
      expect({ name, missing: expected.filter((k) => !(k in shape)) }).toEqual({ name, missing: [] });
    }
  });

  it('the request schemas share the rules (same schema objects, not copies)', () => {
    for (const key of ['firstname', 'lastname', 'company', 'telephone', 'city', 'postcode', 'region_id'] as const) {
      expect(addressFormSchema.shape[key]).toBe(addressRulesSchema.shape[key]);
      expect(addressInputSchema.shape[key]).toBe(addressRulesSchema.shape[key]);
      expect(checkoutAddressFieldsSchema.shape[key]).toBe(addressRulesSchema.shape[key]);
    }
    expect(addressInputSchema.shape.street).toBe(addressRulesSchema.shape.street);
  });

  it('form, address book and checkout give the same spec messages for the same mistakes', () => {
    const sent = {
      firstname: ' ',
      lastname: 'Mason',
      company: null,
      telephone: 'call me',
      street: ['12 Canal Wharf'],
      city: '',
      postcode: '12345',
      country_id: 'GB',
      region_id: 5002,
    };
    const { street, ...rest } = sent;
    const results = {
      form: addressFormSchema.safeParse({ ...rest, streetLine1: street[0], region_id: '5002' }),
      input: addressInputSchema.safeParse(sent),
      checkout: checkoutAddressSchema.safeParse(sent),
    };
    for (const [name, result] of Object.entries(results)) {
      const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
      expect({ name, ...messages }).toEqual({
        name,
        firstname: M.firstnameRequired,
        telephone: M.phoneInvalid,
        city: M.cityRequired,
        postcode: M.postcodeInvalidUk,
      });
    }
  });

  it('checkout answers every field it was given, the region named from its id', () => {
    const address = checkoutAddressSchema.parse({
      firstname: 'Jane',
      lastname: 'Mason',
      phone: '0113 496 0000',
      street: '12 Canal Wharf',
      city: 'Leeds',
      postcode: 'LS11 5PS',
      country_id: 'gb',
      region_id: '5002',
      email: 'Jane@Example.com',
    });
    expect(address).toEqual({
      firstname: 'Jane',
      lastname: 'Mason',
      company: null,
      telephone: '0113 496 0000',
      street: ['12 Canal Wharf'],
      city: 'Leeds',
      postcode: 'LS11 5PS',
      country_id: 'GB',
      region_id: 5002,
      region: expect.any(String),
      region_code: expect.any(String),
      email: 'jane@example.com',
    });
  });
});
