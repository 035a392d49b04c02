/** The basket's limits and the messages its calls answer with. */

/** Most units of one line (spec: quantities 1-999). */
export const MAX_LINE_QTY = 999;
/** Most lines in one basket. */
export const MAX_LINES = 100;

export const CART_MESSAGES = {
  cartGone: 'This basket no longer exists. Please start a new one.',
  guestCartIdRequired: 'cartId is required for a guest basket',
  selectAllOptions: 'Please select all product options before adding to basket.',
  comboUnavailable: 'This combination of options is not available.',
  unknownSku: (sku: string) => `We could not find a product with SKU "${sku}".`,
  notAvailable: (name: string) => `${name} is not available to buy online.`,
  chooseGroupedItem: (name: string) => `Please choose which ${name} you would like.`,
  notInGroup: (sku: string, name: string) => `"${sku}" is not one of the items of ${name}.`,
  requiredOption: (title: string) => `${title}: This is a required field.`,
  unknownOption: (id: string | number) => `Unknown product option ${id}.`,
  badOptionValue: (title: string) => `${title}: please choose one of the values offered.`,
  outOfStock: (name: string) => `Sorry, ${name} is out of stock.`,
  onlyInStock: (name: string, n: number) => `Sorry, we only have ${n} of ${name} in stock.`,
  maxQty: `You can order at most ${MAX_LINE_QTY} of one item.`,
  basketFull: `Your basket is full: it can hold ${MAX_LINES} different items.`,
  lineNotFound: (sku: string) => `"${sku}" is not in your basket.`,
  inCheckout: 'Your payment for this basket is being processed. Please wait a moment.',
} as const;
