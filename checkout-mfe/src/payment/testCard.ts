import { CARD_MESSAGES, cardDigits, cardProblems, isAmex } from '@shop/shared/payment/card';

export { CARD_MESSAGES };

/** The test provider's card form, as typed; checked by the shared card rules (the API's own). */
export interface CardFields {
  number: string;
  /** 'MM / YY' as typed. */
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export const digitsOf = cardDigits;

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
  const expiry = parseExpiry(fields.expiry);
  const problems = cardProblems({ number: fields.number, expMonth: expiry?.month ?? 1, expYear: expiry?.year ?? 9999, cvc: fields.cvc }, now);
  const errors: CardErrors = {};
  if (problems.number) errors.number = problems.number;
  const expiryProblem = expiry ? (problems.expMonth ?? problems.expYear) : CARD_MESSAGES.incompleteExpiry;
  if (expiryProblem) errors.expiry = expiryProblem;
  if (problems.cvc) errors.cvc = problems.cvc;
  return errors;
}
