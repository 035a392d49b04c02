/**
 * @shop/shared/address: the countries and UK regions of the address forms, and their region
 * field. A federated singleton of its own, apart from the main entry (which is in every page's
 * first JavaScript): only the pages with an address (account, checkout) load it.
 */
export * from './forms/countries';
export * from './ui/RegionInput';
