import type { OrderAddress } from '@shop/shared/schemas';
import type { AddressRow } from './columns';

/**
 * The one mapping between an address's columns (./columns.ts, camelCase) and the API's address
 * (`addressBaseSchema` of @shop/shared with the region's name and code, snake_case), both ways.
 * Orders answer `addressFromRow` as it is; the address book adds its ids, region object and
 * defaults; checkout's saved address (the checkout schema's output) becomes an order's address
 * with `addressToRow`. The phone is optional in orders only, hence the type parameter.
 */
type Stored<Phone> = Omit<AddressRow, 'telephone'> & { telephone: Phone };
export type ApiAddress<Phone = string | null> = Omit<OrderAddress, 'telephone'> & { telephone: Phone };

export function addressFromRow<Phone extends string | null>(row: Stored<Phone>): ApiAddress<Phone> {
  return {
    firstname: row.firstname,
    lastname: row.lastname,
    company: row.company,
    telephone: row.telephone,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
    country_id: row.countryId,
    region_id: row.regionId,
    region: row.region,
    region_code: row.regionCode,
  };
}

export function addressToRow<Phone extends string | null>(address: ApiAddress<Phone>): Stored<Phone> {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    company: address.company,
    telephone: address.telephone,
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    countryId: address.country_id,
    regionId: address.region_id,
    region: address.region,
    regionCode: address.region_code,
  };
}
