/** What the shopper is told about a payment (checkout's messages include these). */
export const PAYMENT_MESSAGES = {
  paymentInProgress: 'Your payment is still being processed. Please wait a moment and check your email before trying again.',
  paymentUnreachable: 'We could not reach the payment service. Your card has not been charged twice: please try again in a moment.',
  paymentCancelled: 'The payment was cancelled. Your basket is as you left it.',
  alreadyOrdered: 'This basket has just been ordered.',
  paymentNotFound: 'Payment not found.',
  declinedFallback: 'Your card was declined.',
} as const;
