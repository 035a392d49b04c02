/**
 * @shop/shared/forms: what the account and checkout forms share beside their zod schemas (those
 * are in '@shop/shared/schemas'): the spec's form messages, the countries and UK regions, and the
 * region field. A federated singleton of its own, apart from the main entry (which is in every
 * page's first JavaScript): only the pages with these forms load it.
 */
export * from './messages';
export * from './countries';
export * from '../ui/RegionInput';
