/**
 * The test provider's card form checks a card the way Stripe.js does, with Stripe's words, before
 * the API makes the payment method (which checks it again).
 */
export const CARD_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidMonth: "Your card's expiration month is invalid.",
  yearPast: "Your card's expiration year is in the past.",
  datePast: "Your card's expiration date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
} as const;

export interface CardFields {
  number: string;
  /** 'MM / YY' as typed. */
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

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

export const isAmex = (digits: string) => /^3[47]/.test(digits);

/** '4242424242424242' -> '4242 4242 4242 4242' (Amex 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (isAmex(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1', '12', '122', '1228' -> '1', '12 / ', '12 / 2', '12 / 28'. */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the separator deletes the month's last digit too.
  if (previous.endsWith(' / ') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export function validateCard(fields: CardFields, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = digitsOf(fields.number);
  if (!/^\d*$/.test(digits)) errors.number = CARD_MESSAGES.invalidNumber;
  else if (digits.length < 13) errors.number = CARD_MESSAGES.incompleteNumber;
  else if (digits.length > 19 || !luhnValid(digits)) errors.number = CARD_MESSAGES.invalidNumber;

  const expiry = parseExpiry(fields.expiry);
  if (!expiry) errors.expiry = CARD_MESSAGES.incompleteExpiry;
  else if (expiry.month < 1 || expiry.month > 12) errors.expiry = CARD_MESSAGES.invalidMonth;
  else if (expiry.year < now.getFullYear()) errors.expiry = CARD_MESSAGES.yearPast;
  else if (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1) errors.expiry = CARD_MESSAGES.datePast;

  const cvc = fields.cvc.trim();
  const cvcLength = isAmex(digits) ? 4 : 3;
  if (!/^\d*$/.test(cvc)) errors.cvc = CARD_MESSAGES.invalidCvc;
  else if (cvc.length < cvcLength) errors.cvc = CARD_MESSAGES.incompleteCvc;
  else if (cvc.length > cvcLength) errors.cvc = CARD_MESSAGES.invalidCvc;
  return errors;
}
