/** GBP money and VAT helpers. Inside the system money is integer pence; shoppers see pounds. */
import { groupThousands } from '../format';

export const VAT_RATE = 0.2;

/** £1,234.50 from a price in pounds (-£5.00 below zero), rounded to the penny as toPence does. */
export function formatGBP(pounds: number): string {
  if (!Number.isFinite(pounds)) return `£${pounds}`;
  const pence = toPence(pounds);
  const abs = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}£${groupThousands(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pounds (as the API answers them) to integer pence, rounded half away from zero. */
export function toPence(pounds: number): number {
  return Math.round(Math.abs(pounds) * 100 + Number.EPSILON) * Math.sign(pounds) || 0;
}

/** Integer pence to pounds with 2 decimals. */
export function fromPence(pence: number): number {
  return Math.round(pence) / 100;
}

/** Price including VAT (price × 1.2), rounded to the penny. */
export function incVat(poundsExVat: number): number {
  return fromPence(Math.round(toPence(poundsExVat) * (1 + VAT_RATE)));
}

/** VAT part of an ex-VAT amount in pence, rounded to the penny. */
export function vatOfPence(pence: number): number {
  return Math.round(pence * VAT_RATE);
}
