/** Facts about the shop that every part shows the same way. */
export const SHOP_NAME = 'Northgate Membranes';
export const SHOP_LEGAL_NAME = 'Northgate Membranes Ltd';
/** The manufacturer whose range the shop mainly sells (manufacturer id 4). */
export const RANGE_MAKER = 'Hydrovault';
export const RANGE_MAKER_PAGE = '/about/hydrovault-systems';
export const HELPLINE = '01632 960 482';
export const HELPLINE_TEL = '+441632960482';
export const INFO_EMAIL = 'info@northgate-membranes.co.uk';
export const DEFAULT_TITLE = `${SHOP_NAME} | Waterproofing, Damp Proofing & Drainage Membranes - an independent supplier of the ${RANGE_MAKER} range`;
export const FREE_DELIVERY_MESSAGE = 'Spend £250 ex VAT for Free 1-3 day Delivery';
export const FREE_DELIVERY_THRESHOLD_PENCE = 25000;
export const COMPANY_LEGAL_TEXT = `${SHOP_LEGAL_NAME} is registered in England and Wales, company no. 09876543. Registered office: Unit 4, Calder Trade Park, Wakefield WF2 7AZ. VAT no. GB 123 4567 89.`;

/** Pages the page title falls back to when a page sets none. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SHOP_NAME}` : DEFAULT_TITLE;
}

/**
 * The storefront's website id: a product is shown only when its website_ids hold it (and its
 * status is enabled). The API's queries and the catalogue's rules both use this one value.
 */
export const STOREFRONT_WEBSITE_ID = 2;
