/**
 * The coverage calculator's arithmetic: how many rolls or packs cover an area, with an allowance
 * for overlaps (laps between sheets, turn-ups) and cutting waste.
 */

/** The allowance the calculator states and adds to the area: 10 %. */
export const OVERLAP_ALLOWANCE = 0.1;

/** m² one roll or pack covers, from the catalogue's text ('40m²', 'About 8m² at two coats', '12.5 m2'). */
export function parseCoverage(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /(\d+(?:[.,]\d+)?)\s*(?:m²|m2|sq\.?\s*m|square met)/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]!.replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** A positive number typed by the shopper ('12,5' is read as 12.5), else null. */
export function parseMeasure(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : null;
}

export interface CoverageResult {
  /** The area to cover, m² (length × width when measured that way). */
  area: number;
  /** The area including the allowance, m². */
  areaWithAllowance: number;
  /** Whole rolls or packs to buy (at least 1). */
  units: number;
  /** m² those units cover. */
  covered: number;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Units needed to cover `area` m² when one unit covers `coverage` m², after adding `allowance`
 * (a fraction). Rounded up to whole units; float noise (e.g. 36.3636… × 1.1) never adds a unit.
 */
export function unitsNeeded(area: number, coverage: number, allowance = OVERLAP_ALLOWANCE): CoverageResult | null {
  if (!(area > 0) || !(coverage > 0) || !(allowance >= 0)) return null;
  const withAllowance = area * (1 + allowance);
  const units = Math.max(1, Math.ceil(round(withAllowance / coverage, 6)));
  return { area: round(area), areaWithAllowance: round(withAllowance), units, covered: round(units * coverage) };
}

/** What one unit is called, from the product's packaging ('Folded roll' → roll, '25kg tub' → tub), else 'pack'. */
export function unitWord(packaging: string | null | undefined, count: number): string {
  const match = /\b(roll|tub|tin|bag|bucket|pail|drum|box|carton|sheet|pack)/i.exec(packaging ?? '');
  const word = match ? match[1]!.toLowerCase() : 'pack';
  if (count === 1) return word;
  return word === 'box' ? 'boxes' : `${word}s`;
}
