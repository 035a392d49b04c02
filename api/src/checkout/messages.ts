import { STOCK_MESSAGES } from '@shop/shared/schemas';
import { PAYMENT_MESSAGES } from '../payment/messages';

export const CHECKOUT_MESSAGES = {
  emptyBasket: 'Your basket is empty.',
  needAddress: 'Please enter a delivery address.',
  needShippingMethod: 'Please choose a delivery method.',
  methodUnavailable: 'This delivery method is not available for your basket and address. Please choose another.',
  cannotDeliver: 'Sorry, we cannot deliver this basket to that address online. Please call us to arrange delivery.',
  needEmail: 'This is a required field.',
  ...PAYMENT_MESSAGES,
  ...STOCK_MESSAGES,
} as const;
