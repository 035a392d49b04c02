import { ADDRESS_MESSAGES as M, addressBookAnswerSchema, addressesAnswerSchema } from '@shop/shared/schemas';
import { useTestApp } from '../test/app';
import { bearer, call, get, post, signedIn } from './test-helpers';

const t = useTestApp();

const address = {
  firstname: 'Jane',
  lastname: 'Mason',
  company: 'Mason Damp Proofing Ltd',
  telephone: '0113 496 0000',
  street: ['12 Canal Wharf', ''],
  city: 'Leeds',
  postcode: 'ls11 5ps',
  country_id: 'GB',
  region_id: 5002,
  default_billing: false,
  default_shipping: false,
};

const add = (token: string, body: Record<string, unknown>) => post(t.app, '/api/customer/me/add-address', { customerToken: token, address: body });
const update = (token: string, body: Record<string, unknown>) =>
  post(t.app, '/api/customer/me/update-address', { customerToken: token, address: body });
const defaults = (customer: { addresses: { id?: number; default_billing?: boolean; default_shipping?: boolean }[] }) =>
  customer.addresses.map((a) => [a.id, a.default_billing, a.default_shipping]);

describe('address book', () => {
  it('adds an address (normalised, only non-empty street lines), answering data.customer; the first becomes the default', async () => {
    const c = await signedIn(t.app);
    const res = await add(c.token, { ...address, custom_attributes: [{ attribute_code: 'address_label', value: 'Yard' }] });
    expect(res.statusCode).toBe(200);
    const body = addressBookAnswerSchema.parse(res.json());
    expect(body.status).toBe('success');
    expect(body.message).toBe('You saved the address.');
    const [saved] = body.data.customer.addresses;
    expect(saved).toMatchObject({
      street: ['12 Canal Wharf'],
      postcode: 'LS11 5PS',
      region_id: 5002,
      region: { region: 'West Yorkshire', region_code: 'WYK', region_id: 5002 },
      default_billing: true,
      default_shipping: true,
      custom_attributes: [{ attribute_code: 'address_label', value: 'Yard' }],
    });
    expect(body.data.customer.default_billing).toBe(String(saved!.id));

    const list = addressesAnswerSchema.parse((await get(t.app, '/api/customer/addresses', { headers: { 'authorization-customer': `Bearer ${c.token}` } })).json());
    expect(list.addresses).toHaveLength(1);
    expect((await get(t.app, '/api/customer/addresses')).statusCode).toBe(401);
  });

  it('moves the default billing/shipping flags between addresses', async () => {
    const c = await signedIn(t.app);
    const first = addressBookAnswerSchema.parse((await add(c.token, address)).json()).data.customer.addresses[0]!.id!;
    const second = addressBookAnswerSchema.parse((await add(c.token, { ...address, city: 'York', postcode: 'YO1 7HH', default_shipping: true })).json())
      .data.customer;
    const secondId = second.addresses[1]!.id!;
    expect(defaults(second)).toEqual([
      [first, true, false],
      [secondId, false, true],
    ]);
    const moved = addressBookAnswerSchema.parse((await update(c.token, { ...address, id: first, default_shipping: true, default_billing: false })).json())
      .data.customer;
    expect(defaults(moved)).toEqual([
      [first, false, true],
      [secondId, false, false],
    ]);
    const billing = addressBookAnswerSchema.parse((await update(c.token, { ...address, id: secondId, default_billing: true })).json()).data.customer;
    expect(defaults(billing)).toEqual([
      [first, false, true],
      [secondId, true, false],
    ]);
    // Deleting the default shipping address leaves no default shipping address.
    const after = addressBookAnswerSchema.parse((await post(t.app, '/api/customer/me/delete-address', { customerToken: c.token, addressId: first })).json())
      .data.customer;
    expect(defaults(after)).toEqual([[secondId, true, false]]);
    expect(after.default_shipping).toBeUndefined();
  });

  it("answers 404 for another customer's address (update and delete) and leaves it alone", async () => {
    const owner = await signedIn(t.app);
    const intruder = await signedIn(t.app);
    const id = addressBookAnswerSchema.parse((await add(owner.token, address)).json()).data.customer.addresses[0]!.id!;
    const res = await update(intruder.token, { ...address, id, city: 'Hijacked' });
    expect(res.statusCode).toBe(404);
    expect((await post(t.app, '/api/customer/me/delete-address', { customerToken: intruder.token, addressId: id })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/customer/addresses/${id}`, undefined, bearer(intruder.token))).statusCode).toBe(404);
    const mine = addressesAnswerSchema.parse((await get(t.app, '/api/customer/addresses', bearer(owner.token))).json());
    expect(mine.addresses[0]!.city).toBe('Leeds');
    // The owner can delete it over DELETE too.
    expect((await call(t.app, 'DELETE', `/api/customer/addresses/${id}`, undefined, bearer(owner.token))).statusCode).toBe(200);
  });

  it('update needs an id, and add refuses one', async () => {
    const c = await signedIn(t.app);
    const noId = await update(c.token, address);
    expect(noId.statusCode).toBe(400);
    expect(noId.json()).toMatchObject({ field: 'address.id', message: 'Address data or address ID is missing for update.' });
    expect((await add(c.token, { ...address, id: 5 })).statusCode).toBe(400);
  });

  it.each([
    ['address.firstname', { firstname: '' }, M.firstnameRequired],
    ['address.lastname', { lastname: ' ' }, M.lastnameRequired],
    ['address.telephone', { telephone: '' }, M.phoneRequired],
    ['address.telephone', { telephone: '12ab' }, M.phoneInvalid],
    ['address.street.0', { street: ['', ''] }, M.streetRequired],
    ['address.city', { city: '' }, M.cityRequired],
    ['address.postcode', { postcode: '' }, M.postcodeRequired],
    ['address.postcode', { postcode: '90210' }, M.postcodeInvalidUk],
    ['address.country_id', { country_id: '' }, M.countryRequired],
    ['address.country_id', { country_id: 'FR' }, M.countryUnsupported],
    ['address.region_id', { region_id: null }, M.regionRequired],
    ['address.region_id', { region_id: 123 }, M.regionInvalid],
  ])('answers 400 naming %s with the form message', async (field, change, message) => {
    const c = await signedIn(t.app);
    const res = await add(c.token, { ...address, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', field, message: `${field}: ${message}` });
  });

  it('takes a US address without a region, and refuses unknown fields (never a 500)', async () => {
    const c = await signedIn(t.app);
    const us = await add(c.token, { ...address, country_id: 'US', region_id: null, postcode: '10001', city: 'New York', telephone: '+1 (212) 555-0100' });
    expect(us.statusCode).toBe(200);
    expect(us.json().data.customer.addresses[0]).toMatchObject({ country_id: 'US', region_id: null, postcode: '10001' });
    const extra = await add(c.token, { ...address, customer_id: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await post(t.app, '/api/customer/me/add-address', { customerToken: c.token, address: 'nope' })).statusCode).toBe(400);
    expect((await post(t.app, '/api/customer/me/add-address', { customerToken: c.token, address: { ...address, street: 'one line' } })).statusCode).toBe(
      400,
    );
    expect((await add(c.token, { ...address, street: ['a', 'b', 'c'] })).statusCode).toBe(400);
  });

  it('needs a live token', async () => {
    const res = await add('x'.repeat(43), address);
    expect(res.statusCode).toBe(401);
  });
});
