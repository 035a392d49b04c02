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

/**
 * Product pictures uploaded in the back office are stored at the sizes the storefront shows them
 * (the API writes both, api/src/backoffice/product-images.ts): 800 × 800 for the gallery and the
 * listing cards, and a 160 × 160 thumbnail beside it for the gallery's thumbnails and the basket.
 */
export const PRODUCT_IMAGE_SIZE = 800;
export const PRODUCT_THUMBNAIL_SIZE = 160;
const UPLOADED_PRODUCT_IMAGE = /^(\/media\/uploads\/products\/[0-9a-f]{24})\.webp$/;
/** The thumbnail of an uploaded product picture; any other picture (seeded SVGs) as it is. */
export const productThumbnailOf = (src: string): string => src.replace(UPLOADED_PRODUCT_IMAGE, `$1-${PRODUCT_THUMBNAIL_SIZE}.webp`);
