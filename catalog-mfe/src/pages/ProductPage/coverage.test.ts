import { OVERLAP_ALLOWANCE, parseCoverage, parseMeasure, unitsNeeded, unitWord } from './coverage';

describe('coverage calculator arithmetic', () => {
  it('states a 10% overlap allowance', () => {
    expect(OVERLAP_ALLOWANCE).toBe(0.1);
  });

  it("reads what one unit covers from the catalogue's text", () => {
    expect(parseCoverage('40m²')).toBe(40);
    expect(parseCoverage('About 8m² at two coats')).toBe(8);
    expect(parseCoverage('12.5 m2')).toBe(12.5);
    expect(parseCoverage('12,5 m²')).toBe(12.5);
    expect(parseCoverage('Roll')).toBeNull();
    expect(parseCoverage(null)).toBeNull();
    expect(parseCoverage('0m²')).toBeNull();
  });

  it('reads measurements typed by the shopper', () => {
    expect(parseMeasure('12')).toBe(12);
    expect(parseMeasure(' 4.25 ')).toBe(4.25);
    expect(parseMeasure('4,5')).toBe(4.5);
    expect(parseMeasure('.5')).toBe(0.5);
    expect(parseMeasure('0')).toBeNull();
    expect(parseMeasure('-3')).toBeNull();
    expect(parseMeasure('3m')).toBeNull();
    expect(parseMeasure('')).toBeNull();
  });

  it('adds the allowance and rounds up to whole rolls', () => {
    // 100 m² + 10% = 110 m²; 110 / 40 = 2.75 → 3 rolls covering 120 m².
    expect(unitsNeeded(100, 40)).toEqual({ area: 100, areaWithAllowance: 110, units: 3, covered: 120 });
    // 5 m × 4 m = 20 m² + 10% = 22 m² of 20 m² rolls → 2.
    expect(unitsNeeded(5 * 4, 20)?.units).toBe(2);
    // Exactly one roll: 36.3636… m² + 10% is 40 m² (float noise must not add a roll).
    expect(unitsNeeded(400 / 11, 40)?.units).toBe(1);
    expect(unitsNeeded(1, 100)?.units).toBe(1);
    expect(unitsNeeded(250, 8)).toEqual({ area: 250, areaWithAllowance: 275, units: 35, covered: 280 });
  });

  it('takes another allowance when given one, and refuses nonsense', () => {
    expect(unitsNeeded(100, 40, 0)?.units).toBe(3);
    expect(unitsNeeded(80, 40, 0)?.units).toBe(2);
    expect(unitsNeeded(0, 40)).toBeNull();
    expect(unitsNeeded(10, 0)).toBeNull();
    expect(unitsNeeded(Number.NaN, 40)).toBeNull();
  });

  it('names the unit from the packaging', () => {
    expect(unitWord('Roll, shrink wrapped', 1)).toBe('roll');
    expect(unitWord('Folded roll', 3)).toBe('rolls');
    expect(unitWord('25kg tub', 2)).toBe('tubs');
    expect(unitWord(null, 2)).toBe('packs');
    expect(unitWord('Box of 10', 2)).toBe('boxes');
  });
});
