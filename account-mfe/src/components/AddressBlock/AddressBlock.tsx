import { findCountry } from '@shop/shared/forms';

interface AnyAddress {
  firstname: string;
  lastname: string;
  company?: string | null | undefined;
  street: string[];
  city: string;
  /** A customer address has `{ region }`, an order address a plain name. */
  region?: string | { region?: string | null | undefined } | null | undefined;
  postcode: string;
  country_id: string;
  telephone?: string | null | undefined;
}

export function regionName(region: AnyAddress['region']): string {
  if (!region) return '';
  return typeof region === 'string' ? region : (region.region ?? '');
}

/** An address as a postal block: name, company, street, city, region, postcode, country, telephone. */
export function AddressBlock({ address }: { address: AnyAddress }) {
  const lines = [
    `${address.firstname} ${address.lastname}`,
    address.company ?? '',
    ...address.street,
    address.city,
    regionName(address.region),
    address.postcode,
    findCountry(address.country_id)?.name ?? address.country_id,
  ].filter(Boolean);
  return (
    <address style={{ fontStyle: 'normal' }}>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          <br />
        </span>
      ))}
      {address.telephone ? (
        <span>
          T: <a href={`tel:${address.telephone.replace(/[^\d+]/g, '')}`}>{address.telephone}</a>
        </span>
      ) : null}
    </address>
  );
}
