/**
 * Numbers and dates as shoppers read them (en-GB), without Intl. A page's first use of Intl makes
 * the browser load its locale data: 18-50 ms of main thread on this machine, four times that on
 * Lighthouse's phone, during hydration. These few shapes are plain arithmetic; tests hold them
 * to Intl's own output.
 */

/** 1234567 → "1,234,567" (digits of a whole number, grouped in thousands). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1234.5 → "1,234.5"; 2.125 → "2.13" (at most `maxFractionDigits`, trailing zeros dropped). */
export function formatDecimal(value: number, maxFractionDigits = 2): string {
  if (!Number.isFinite(value)) return String(value);
  const scale = 10 ** maxFractionDigits;
  const scaled = Math.round(Math.abs(value) * scale + Number.EPSILON * scale);
  const whole = groupThousands(String(Math.floor(scaled / scale)));
  const fraction = maxFractionDigits > 0 ? String(scaled % scale).padStart(maxFractionDigits, '0').replace(/0+$/, '') : '';
  const sign = value < 0 && scaled !== 0 ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "28 November 2026" (the day in this machine's time zone, as Intl would show it); bad input as given. */
export function formatLongDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}
