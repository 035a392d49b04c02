import { formatGBP, fromPence, incVat, toPence, vatOfPence } from './money';

describe('money', () => {
  it('formats pounds in en-GB with the pound sign and 2 decimals', () => {
    expect(formatGBP(12)).toBe('£12.00');
    expect(formatGBP(1234.5)).toBe('£1,234.50');
    expect(formatGBP(0.1 + 0.2)).toBe('£0.30');
  });

  it('converts between pounds and integer pence without float drift', () => {
    expect(toPence(19.99)).toBe(1999);
    expect(toPence(0)).toBe(0);
    expect(toPence(-2.5)).toBe(-250);
    expect(fromPence(1999)).toBe(19.99);
  });

  it('adds VAT at 20 % (inc VAT = price × 1.2), rounded to the penny', () => {
    expect(incVat(100)).toBe(120);
    expect(incVat(19.99)).toBe(23.99); // 23.988
    expect(incVat(0.01)).toBe(0.01); // 0.012
    expect(vatOfPence(1999)).toBe(400); // 399.8
  });
});
