/**
 * The test payment provider's card rules, as Stripe.js and Stripe's API word them: one copy for
 * the checkout's card form (it checks as the shopper types) and the API (it checks again when it
 * makes the payment method), so the two can never disagree.
 */
export const CARD_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidMonth: "Your card's expiration month is invalid.",
  invalidYear: "Your card's expiration year is invalid.",
  yearPast: "Your card's expiration year is in the past.",
  datePast: "Your card's expiration date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
} as const;

/** A card number as typed, without its spaces and dashes. */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** Luhn checksum of a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export const isAmex = (digits: string) => cardBrand(digits) === 'amex';

export interface CardCheck {
  number: string;
  expMonth: number;
  /** Four digits, or two (2000 is added). */
  expYear: number;
  cvc: string;
}

export type CardProblems = Partial<Record<keyof CardCheck, string>>;

/**
 * What is wrong with a card, per field (at most one of expMonth/expYear: the expiry has one
 * message). Dates are judged in UTC, as the API judges them.
 */
export function cardProblems(card: CardCheck, now = new Date()): CardProblems {
  const problems: CardProblems = {};
  const digits = cardDigits(card.number);
  if (!/^\d*$/.test(digits)) problems.number = CARD_MESSAGES.invalidNumber;
  else if (digits.length < 13) problems.number = CARD_MESSAGES.incompleteNumber;
  else if (digits.length > 19 || !luhnValid(digits)) problems.number = CARD_MESSAGES.invalidNumber;

  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) problems.expMonth = CARD_MESSAGES.invalidMonth;
  else if (!Number.isInteger(year) || year > thisYear + 50) problems.expYear = CARD_MESSAGES.invalidYear;
  else if (year < thisYear) problems.expYear = CARD_MESSAGES.yearPast;
  else if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) problems.expMonth = CARD_MESSAGES.datePast;

  const cvc = card.cvc.trim();
  const cvcLength = isAmex(digits) ? 4 : 3;
  if (!/^\d*$/.test(cvc)) problems.cvc = CARD_MESSAGES.invalidCvc;
  else if (cvc.length < cvcLength) problems.cvc = CARD_MESSAGES.incompleteCvc;
  else if (cvc.length > cvcLength) problems.cvc = CARD_MESSAGES.invalidCvc;
  return problems;
}
