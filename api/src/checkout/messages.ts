import { PAYMENT_MESSAGES } from '../payment/messages';

export const CHECKOUT_MESSAGES = {
  emptyBasket: 'Your basket is empty.',
  needAddress: 'Please enter a delivery address.',
  needShippingMethod: 'Please choose a delivery method.',
  methodUnavailable: 'This delivery method is not available for your basket and address. Please choose another.',
  cannotDeliver: 'Sorry, we cannot deliver this basket to that address online. Please call us to arrange delivery.',
  needEmail: 'This is a required field.',
  ...PAYMENT_MESSAGES,
  outOfStock: (name: string) => `Sorry, ${name} is out of stock.`,
  onlyInStock: (name: string, n: number) => `Sorry, we only have ${n} of ${name} left in stock. Please change the quantity in your basket.`,
} as const;
