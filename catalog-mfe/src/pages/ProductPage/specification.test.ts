import { RANGE_MAKER, SHOP_NAME } from '@shop/shared';
import { configurableMembrane, product } from '../../testing/fixtures';
import { countryName, manufacturerName, mergedAttrs, specificationRows } from './specification';

describe('specification rows', () => {
  it('lists the rows in order, each only where a value exists', () => {
    const p = configurableMembrane();
    expect(specificationRows(p.sku, p.attrs)).toEqual([
      { label: 'Model', value: 'CDM-8' },
      { label: 'SKU', value: 'HV-CDM8' },
      { label: 'Manufacturer', value: RANGE_MAKER },
      { label: 'Packaging', value: 'Roll, shrink wrapped' },
      { label: 'Colour', value: 'Black' },
      { label: 'CE Mark', value: 'EN 13967:2012' },
      { label: 'BBA Certificate', value: 'Yes, certificate number 19/5687' },
      { label: 'Country of Manufacture', value: 'Germany' },
    ]);
  });

  it('shows only the SKU for a product with no other values (blank text counts as none)', () => {
    expect(specificationRows('NG-1', product({ attrs: { model: '  ', size: '' } }).attrs)).toEqual([{ label: 'SKU', value: 'NG-1' }]);
  });

  it("takes a variant's size and coverage over its parent's", () => {
    const p = configurableMembrane();
    const rows = specificationRows('HV-CDM8-2020', mergedAttrs(p.attrs, p.children![2]!.attrs));
    expect(rows).toContainEqual({ label: 'SKU', value: 'HV-CDM8-2020' });
    expect(rows).toContainEqual({ label: 'Size', value: '2.0m x 20m' });
    expect(rows).toContainEqual({ label: 'Coverage', value: '40m²' });
    expect(rows).toContainEqual({ label: 'Model', value: 'CDM-8' });
  });

  it('names manufacturers 4 (range maker), 499 and 6 (the shop), and no other', () => {
    expect(manufacturerName('4')).toBe(RANGE_MAKER);
    expect(manufacturerName('499')).toBe(SHOP_NAME);
    expect(manufacturerName('6')).toBe(SHOP_NAME);
    expect(manufacturerName('12')).toBeNull();
    expect(manufacturerName(null)).toBeNull();
  });

  it('shows DE as Germany and GB as United Kingdom', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName('')).toBeNull();
  });
});
