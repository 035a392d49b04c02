import { formatDecimal, formatLongDate, groupThousands } from './format';
import { formatGBP } from './pricing/money';

// The hand-written formats are held to Intl's en-GB output, the shape they replace in the browser.
const intlGBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const intlDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const intlDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** Deterministic pseudo-random integers (a fixed LCG), so a failure is reproducible. */
function* randomInts(count: number, max: number) {
  let x = 12345;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    yield x % max;
  }
}

describe('formatGBP', () => {
  it('writes every penny amount as Intl does, with thousands and below zero', () => {
    const pence = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456789, 100000000000, ...randomInts(2000, 10_000_000)];
    for (const p of pence) {
      for (const value of [p / 100, -p / 100]) {
        if (Object.is(value, -0)) continue;
        expect(formatGBP(value)).toBe(intlGBP.format(value));
      }
    }
  });

  it('rounds to the penny (sums of floats stay exact)', () => {
    expect(formatGBP(0.1 + 0.2)).toBe('£0.30');
    expect(formatGBP(1068)).toBe('£1,068.00');
    expect(formatGBP(214.8)).toBe('£214.80');
    expect(formatGBP(2.675)).toBe('£2.68');
    expect(formatGBP(-0.001)).toBe('£0.00');
  });
});

describe('formatDecimal', () => {
  it('writes areas and coverages as Intl does (up to 2 decimals, no trailing zeros)', () => {
    const values = [0, 1, 1.5, 1.25, 12.5, 70, 77, 1000, 1234.5, 1234567.89, 0.01, 0.1, ...[...randomInts(2000, 100_000_000)].map((n) => n / 1000)];
    for (const value of values) {
      expect(formatDecimal(value)).toBe(intlDecimal.format(value));
      if (value) expect(formatDecimal(-value)).toBe(intlDecimal.format(-value));
    }
  });

  it('takes other precisions and leaves what is not a number readable', () => {
    expect(formatDecimal(2.5, 0)).toBe('3');
    expect(formatDecimal(1.23456, 3)).toBe('1.235');
    expect(formatDecimal(Number.NaN)).toBe('NaN');
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('123')).toBe('123');
  });
});

describe('formatLongDate', () => {
  it('writes dates as Intl does in this time zone', () => {
    for (const iso of ['2026-11-28T06:00:00Z', '2024-02-29T12:00:00Z', '1999-12-31T23:59:59Z', '2025-01-01T00:00:00Z', '2026-07-04']) {
      expect(formatLongDate(iso)).toBe(intlDate.format(new Date(iso)));
    }
    for (const ms of randomInts(500, 2_000_000_000)) {
      const date = new Date(ms * 1000);
      expect(formatLongDate(date)).toBe(intlDate.format(date));
      expect(formatLongDate(date.getTime())).toBe(intlDate.format(date));
    }
  });

  it('gives bad input back as it came, where Intl throws', () => {
    expect(formatLongDate('not a date')).toBe('not a date');
  });
});
