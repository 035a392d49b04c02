import { RANGE_MAKER, SHOP_NAME, type ProductAttrs } from '@shop/shared';

/** Manufacturer ids (spec section 2): 4 is the range maker's brand; 499 and 6 are the shop's own. */
export function manufacturerName(id: string | null | undefined): string | null {
  const key = (id ?? '').trim();
  if (key === '4') return RANGE_MAKER;
  if (key === '499' || key === '6') return SHOP_NAME;
  return null;
}

/** Country of manufacture: DE is shown as Germany, GB as United Kingdom (other codes by name where known). */
export function countryName(code: string | null | undefined): string | null {
  const key = (code ?? '').trim().toUpperCase();
  if (!key) return null;
  if (key === 'DE') return 'Germany';
  if (key === 'GB' || key === 'UK') return 'United Kingdom';
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'region' }).of(key) ?? key;
  } catch {
    return key;
  }
}

export interface SpecRow {
  label: string;
  value: string;
}

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** The Specification tab's rows, in the spec's order, each only when it has a value. */
export function specificationRows(sku: string, attrs: Partial<ProductAttrs>): SpecRow[] {
  const rows: Array<[string, string | null | undefined]> = [
    ['Model', attrs.model],
    ['SKU', sku],
    ['Manufacturer', manufacturerName(attrs.manufacturer)],
    ['Packaging', attrs.packaging],
    ['Size', attrs.size],
    ['Coverage', attrs.coverage],
    ['Colour', attrs.colour_2],
    ['CE Mark', attrs.ce_mark],
    ['BBA Certificate', present(attrs.bba_cert) ? `Yes, certificate number ${attrs.bba_cert.trim()}` : null],
    ['Country of Manufacture', countryName(attrs.country_of_manufacture)],
  ];
  return rows.filter((r): r is [string, string] => present(r[1])).map(([label, value]) => ({ label, value: value.trim() }));
}

/** A variant's own values over its parent's (a child has its size and coverage; the rest comes from the parent). */
export function mergedAttrs(parent: ProductAttrs, child?: ProductAttrs | null): ProductAttrs {
  if (!child) return parent;
  const out = { ...parent };
  for (const [key, value] of Object.entries(child) as Array<[keyof ProductAttrs, ProductAttrs[keyof ProductAttrs]]>) {
    if (value !== null && value !== '') (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
