import { orderAddressSchema } from '@shop/shared/schemas';
import { addressColumns, type AddressRow } from './columns';
import { addressFromRow, addressToRow } from './mapper';

/**
 * The mapper covers every column and every field of the API's address: a field added to the
 * column helper or to the shared address base but not mapped fails here.
 */
describe('address mapper', () => {
  // A value of each column, built from the helper's own list (so a new column is in it).
  const row = Object.fromEntries(
    Object.keys(addressColumns()).map((key, i) => [key, key === 'street' ? ['1 High St', 'Unit 2'] : key === 'regionId' ? 5002 : `value ${i}`]),
  ) as unknown as AddressRow;

  it('maps every column to the API address and back', () => {
    expect(addressToRow(addressFromRow(row))).toEqual(row);
  });

  it('answers exactly the fields of the order address schema, which it satisfies', () => {
    const answer = addressFromRow(row);
    expect(Object.keys(answer).sort()).toEqual(Object.keys(orderAddressSchema.shape).sort());
    expect(orderAddressSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({ country_id: row.countryId, region_id: 5002, region_code: row.regionCode, street: ['1 High St', 'Unit 2'] });
  });
});
