/**
 * Countries the shop delivers to (spec section 9: GB and US). GB offers every UK county: the
 * ceremonial counties of England, the principal areas of Wales, the council areas of Scotland and
 * the six counties of Northern Ireland, each with an id the forms send as an integer and a code
 * (ISO 3166-2:GB where the county is one ISO subdivision, else a three-letter code in the same
 * style). Ids never change once given (saved addresses hold them): add new ones after the last.
 * The US has none.
 */
export type UkNation = 'England' | 'Wales' | 'Scotland' | 'Northern Ireland';

export interface Region {
  id: number;
  code: string;
  name: string;
  /** The UK nation a county is in (for grouping the list). */
  nation?: UkNation;
}

export interface Country {
  id: 'GB' | 'US';
  name: string;
  regions: Region[];
}

export const DEFAULT_COUNTRY_ID = 'GB';

export const UK_NATIONS: readonly UkNation[] = ['England', 'Wales', 'Scotland', 'Northern Ireland'];

/** Every UK county, by nation then name. */
export const GB_REGIONS: readonly Region[] = [
  { id: 5016, code: 'BDF', name: 'Bedfordshire', nation: 'England' },
  { id: 5017, code: 'BRK', name: 'Berkshire', nation: 'England' },
  { id: 5018, code: 'BST', name: 'Bristol', nation: 'England' },
  { id: 5019, code: 'BKM', name: 'Buckinghamshire', nation: 'England' },
  { id: 5020, code: 'CAM', name: 'Cambridgeshire', nation: 'England' },
  { id: 5021, code: 'CHS', name: 'Cheshire', nation: 'England' },
  { id: 5022, code: 'COL', name: 'City of London', nation: 'England' },
  { id: 5023, code: 'CON', name: 'Cornwall', nation: 'England' },
  { id: 5024, code: 'CMA', name: 'Cumbria', nation: 'England' },
  { id: 5025, code: 'DBY', name: 'Derbyshire', nation: 'England' },
  { id: 5026, code: 'DEV', name: 'Devon', nation: 'England' },
  { id: 5027, code: 'DOR', name: 'Dorset', nation: 'England' },
  { id: 5028, code: 'DUR', name: 'Durham', nation: 'England' },
  { id: 5029, code: 'ERY', name: 'East Riding of Yorkshire', nation: 'England' },
  { id: 5030, code: 'ESX', name: 'East Sussex', nation: 'England' },
  { id: 5006, code: 'ESS', name: 'Essex', nation: 'England' },
  { id: 5031, code: 'GLS', name: 'Gloucestershire', nation: 'England' },
  { id: 5001, code: 'LND', name: 'Greater London', nation: 'England' },
  { id: 5003, code: 'MAN', name: 'Greater Manchester', nation: 'England' },
  { id: 5008, code: 'HAM', name: 'Hampshire', nation: 'England' },
  { id: 5032, code: 'HEF', name: 'Herefordshire', nation: 'England' },
  { id: 5033, code: 'HRT', name: 'Hertfordshire', nation: 'England' },
  { id: 5034, code: 'IOW', name: 'Isle of Wight', nation: 'England' },
  { id: 5005, code: 'KEN', name: 'Kent', nation: 'England' },
  { id: 5007, code: 'LAN', name: 'Lancashire', nation: 'England' },
  { id: 5035, code: 'LEC', name: 'Leicestershire', nation: 'England' },
  { id: 5036, code: 'LIN', name: 'Lincolnshire', nation: 'England' },
  { id: 5010, code: 'MSY', name: 'Merseyside', nation: 'England' },
  { id: 5037, code: 'NFK', name: 'Norfolk', nation: 'England' },
  { id: 5011, code: 'NYK', name: 'North Yorkshire', nation: 'England' },
  { id: 5038, code: 'NTH', name: 'Northamptonshire', nation: 'England' },
  { id: 5039, code: 'NBL', name: 'Northumberland', nation: 'England' },
  { id: 5040, code: 'NTT', name: 'Nottinghamshire', nation: 'England' },
  { id: 5041, code: 'OXF', name: 'Oxfordshire', nation: 'England' },
  { id: 5042, code: 'RUT', name: 'Rutland', nation: 'England' },
  { id: 5043, code: 'SHR', name: 'Shropshire', nation: 'England' },
  { id: 5044, code: 'SOM', name: 'Somerset', nation: 'England' },
  { id: 5045, code: 'SYK', name: 'South Yorkshire', nation: 'England' },
  { id: 5046, code: 'STS', name: 'Staffordshire', nation: 'England' },
  { id: 5047, code: 'SFK', name: 'Suffolk', nation: 'England' },
  { id: 5009, code: 'SRY', name: 'Surrey', nation: 'England' },
  { id: 5048, code: 'TWR', name: 'Tyne and Wear', nation: 'England' },
  { id: 5049, code: 'WAR', name: 'Warwickshire', nation: 'England' },
  { id: 5004, code: 'WMD', name: 'West Midlands', nation: 'England' },
  { id: 5050, code: 'WSX', name: 'West Sussex', nation: 'England' },
  { id: 5002, code: 'WYK', name: 'West Yorkshire', nation: 'England' },
  { id: 5051, code: 'WIL', name: 'Wiltshire', nation: 'England' },
  { id: 5052, code: 'WOR', name: 'Worcestershire', nation: 'England' },
  { id: 5053, code: 'BGW', name: 'Blaenau Gwent', nation: 'Wales' },
  { id: 5054, code: 'BGE', name: 'Bridgend', nation: 'Wales' },
  { id: 5055, code: 'CAY', name: 'Caerphilly', nation: 'Wales' },
  { id: 5014, code: 'CRF', name: 'Cardiff', nation: 'Wales' },
  { id: 5056, code: 'CMN', name: 'Carmarthenshire', nation: 'Wales' },
  { id: 5057, code: 'CGN', name: 'Ceredigion', nation: 'Wales' },
  { id: 5058, code: 'CWY', name: 'Conwy', nation: 'Wales' },
  { id: 5059, code: 'DEN', name: 'Denbighshire', nation: 'Wales' },
  { id: 5060, code: 'FLN', name: 'Flintshire', nation: 'Wales' },
  { id: 5061, code: 'GWN', name: 'Gwynedd', nation: 'Wales' },
  { id: 5062, code: 'AGY', name: 'Isle of Anglesey', nation: 'Wales' },
  { id: 5063, code: 'MTY', name: 'Merthyr Tydfil', nation: 'Wales' },
  { id: 5064, code: 'MON', name: 'Monmouthshire', nation: 'Wales' },
  { id: 5065, code: 'NTL', name: 'Neath Port Talbot', nation: 'Wales' },
  { id: 5066, code: 'NWP', name: 'Newport', nation: 'Wales' },
  { id: 5067, code: 'PEM', name: 'Pembrokeshire', nation: 'Wales' },
  { id: 5068, code: 'POW', name: 'Powys', nation: 'Wales' },
  { id: 5069, code: 'RCT', name: 'Rhondda Cynon Taf', nation: 'Wales' },
  { id: 5070, code: 'SWA', name: 'Swansea', nation: 'Wales' },
  { id: 5071, code: 'TOF', name: 'Torfaen', nation: 'Wales' },
  { id: 5072, code: 'VGL', name: 'Vale of Glamorgan', nation: 'Wales' },
  { id: 5073, code: 'WRX', name: 'Wrexham', nation: 'Wales' },
  { id: 5074, code: 'ABE', name: 'Aberdeen City', nation: 'Scotland' },
  { id: 5075, code: 'ABD', name: 'Aberdeenshire', nation: 'Scotland' },
  { id: 5076, code: 'ANS', name: 'Angus', nation: 'Scotland' },
  { id: 5077, code: 'AGB', name: 'Argyll and Bute', nation: 'Scotland' },
  { id: 5013, code: 'EDH', name: 'City of Edinburgh', nation: 'Scotland' },
  { id: 5078, code: 'CLK', name: 'Clackmannanshire', nation: 'Scotland' },
  { id: 5079, code: 'DGY', name: 'Dumfries and Galloway', nation: 'Scotland' },
  { id: 5080, code: 'DND', name: 'Dundee City', nation: 'Scotland' },
  { id: 5081, code: 'EAY', name: 'East Ayrshire', nation: 'Scotland' },
  { id: 5082, code: 'EDU', name: 'East Dunbartonshire', nation: 'Scotland' },
  { id: 5083, code: 'ELN', name: 'East Lothian', nation: 'Scotland' },
  { id: 5084, code: 'ERW', name: 'East Renfrewshire', nation: 'Scotland' },
  { id: 5085, code: 'FAL', name: 'Falkirk', nation: 'Scotland' },
  { id: 5086, code: 'FIF', name: 'Fife', nation: 'Scotland' },
  { id: 5012, code: 'GLG', name: 'Glasgow City', nation: 'Scotland' },
  { id: 5087, code: 'HLD', name: 'Highland', nation: 'Scotland' },
  { id: 5088, code: 'IVC', name: 'Inverclyde', nation: 'Scotland' },
  { id: 5089, code: 'MLN', name: 'Midlothian', nation: 'Scotland' },
  { id: 5090, code: 'MRY', name: 'Moray', nation: 'Scotland' },
  { id: 5091, code: 'ELS', name: 'Na h-Eileanan Siar', nation: 'Scotland' },
  { id: 5092, code: 'NAY', name: 'North Ayrshire', nation: 'Scotland' },
  { id: 5093, code: 'NLK', name: 'North Lanarkshire', nation: 'Scotland' },
  { id: 5094, code: 'ORK', name: 'Orkney Islands', nation: 'Scotland' },
  { id: 5095, code: 'PKN', name: 'Perth and Kinross', nation: 'Scotland' },
  { id: 5096, code: 'RFW', name: 'Renfrewshire', nation: 'Scotland' },
  { id: 5097, code: 'SCB', name: 'Scottish Borders', nation: 'Scotland' },
  { id: 5098, code: 'ZET', name: 'Shetland Islands', nation: 'Scotland' },
  { id: 5099, code: 'SAY', name: 'South Ayrshire', nation: 'Scotland' },
  { id: 5100, code: 'SLK', name: 'South Lanarkshire', nation: 'Scotland' },
  { id: 5101, code: 'STG', name: 'Stirling', nation: 'Scotland' },
  { id: 5102, code: 'WDU', name: 'West Dunbartonshire', nation: 'Scotland' },
  { id: 5103, code: 'WLN', name: 'West Lothian', nation: 'Scotland' },
  { id: 5015, code: 'ANT', name: 'County Antrim', nation: 'Northern Ireland' },
  { id: 5104, code: 'ARM', name: 'County Armagh', nation: 'Northern Ireland' },
  { id: 5105, code: 'DOW', name: 'County Down', nation: 'Northern Ireland' },
  { id: 5106, code: 'FER', name: 'County Fermanagh', nation: 'Northern Ireland' },
  { id: 5107, code: 'LDY', name: 'County Londonderry', nation: 'Northern Ireland' },
  { id: 5108, code: 'TYR', name: 'County Tyrone', nation: 'Northern Ireland' },
];

export const COUNTRIES: readonly Country[] = [
  { id: 'GB', name: 'United Kingdom', regions: [...GB_REGIONS] },
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

/** Regions grouped by nation, in list order (one group, nation undefined, for other countries). */
export function regionGroups(countryId: string | null | undefined): Array<{ nation: UkNation | undefined; regions: Region[] }> {
  const groups: Array<{ nation: UkNation | undefined; regions: Region[] }> = [];
  for (const region of findCountry(countryId)?.regions ?? []) {
    const last = groups.at(-1);
    if (last && last.nation === region.nation) last.regions.push(region);
    else groups.push({ nation: region.nation, regions: [region] });
  }
  return groups;
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The region whose name (or code) is exactly what was typed, ignoring case, accents and spacing. */
export function regionByName(countryId: string | null | undefined, typed: string): Region | undefined {
  const wanted = fold(typed);
  if (!wanted) return undefined;
  const regions = findCountry(countryId)?.regions ?? [];
  return (
    regions.find((r) => fold(r.name) === wanted) ??
    regions.find((r) => fold(r.name) === `county ${wanted}`) ??
    regions.find((r) => r.code.toLowerCase() === wanted)
  );
}

/**
 * Regions matching what a shopper typed: names that start with it first, then names holding a
 * word that starts with it ('york' finds North, South and West Yorkshire), in list order.
 */
export function searchRegions(countryId: string | null | undefined, typed: string): Region[] {
  const regions = findCountry(countryId)?.regions ?? [];
  const wanted = fold(typed);
  if (!wanted) return [...regions];
  const starts: Region[] = [];
  const words: Region[] = [];
  for (const r of regions) {
    const name = fold(r.name);
    if (name.startsWith(wanted)) starts.push(r);
    else if (name.includes(` ${wanted}`) || name.split(' ').some((w) => w.startsWith(wanted))) words.push(r);
    else if (r.code.toLowerCase() === wanted) words.push(r);
  }
  return [...starts, ...words];
}
