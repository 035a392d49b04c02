/** A link to one of the shop's pages, as lists of suggestions hold it. */
export interface ShopLink {
  label: string;
  to: string;
}

/**
 * Where the not-found page sends a lost shopper (spec: home, Damp Proofing, Basement
 * Waterproofing, Sump Pumps and contact). Data, so a page can pass its own list instead.
 */
export const NOT_FOUND_LINKS: readonly ShopLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Damp Proofing', to: '/damp-proofing' },
  { label: 'Basement Waterproofing', to: '/basement-waterproofing' },
  { label: 'Sump Pumps', to: '/sump-pumps' },
  { label: 'Contact us', to: '/contact' },
];
