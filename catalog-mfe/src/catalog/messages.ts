/** The catalogue's texts that the spec gives word for word (sections 2, 4 and 5). */
export const CATALOG_MESSAGES = {
  selectAllOptions: 'Please select all product options before adding to basket.',
  requiredField: 'This is a required field.',
  chooseItem: 'Please choose an item to add to the basket.',
  upsellHeading: 'You may also be interested in the following product(s)',
  moreInformation: (category: string) => `More Information on ${category}`,
  noSearchResults: (term: string) => `No products found for "${term}"`,
} as const;
