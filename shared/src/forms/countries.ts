/**
 * Countries the shop delivers to (spec section 9: GB and US). GB has a small sample list of
 * regions (counties), each with an id the forms send as an integer; US has none.
 */
export interface Region {
  id: number;
  code: string;
  name: string;
}

export interface Country {
  id: 'GB' | 'US';
  name: string;
  regions: Region[];
}

export const DEFAULT_COUNTRY_ID = 'GB';

export const COUNTRIES: readonly Country[] = [
  {
    id: 'GB',
    name: 'United Kingdom',
    regions: [
      { id: 5001, code: 'LND', name: 'Greater London' },
      { id: 5002, code: 'WYK', name: 'West Yorkshire' },
      { id: 5003, code: 'MAN', name: 'Greater Manchester' },
      { id: 5004, code: 'WMD', name: 'West Midlands' },
      { id: 5005, code: 'KEN', name: 'Kent' },
      { id: 5006, code: 'ESS', name: 'Essex' },
      { id: 5007, code: 'LAN', name: 'Lancashire' },
      { id: 5008, code: 'HAM', name: 'Hampshire' },
      { id: 5009, code: 'SRY', name: 'Surrey' },
      { id: 5010, code: 'MSY', name: 'Merseyside' },
      { id: 5011, code: 'NYK', name: 'North Yorkshire' },
      { id: 5012, code: 'GLG', name: 'Glasgow City' },
      { id: 5013, code: 'EDH', name: 'City of Edinburgh' },
      { id: 5014, code: 'CRF', name: 'Cardiff' },
      { id: 5015, code: 'ANT', name: 'County Antrim' },
    ],
  },
  { id: 'US', name: 'United States', regions: [] },
];

export function findCountry(countryId: string | null | undefined): Country | undefined {
  return COUNTRIES.find((c) => c.id === countryId);
}

/** Does the country have regions (so the region field is required)? */
export function countryHasRegions(countryId: string | null | undefined): boolean {
  return (findCountry(countryId)?.regions.length ?? 0) > 0;
}

export function findRegion(countryId: string | null | undefined, regionId: number | null | undefined): Region | undefined {
  if (regionId === null || regionId === undefined) return undefined;
  return findCountry(countryId)?.regions.find((r) => r.id === regionId);
}
