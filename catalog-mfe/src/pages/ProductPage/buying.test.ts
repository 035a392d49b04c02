import { configurableMembrane, product, sumpWithOptions, groupedKit } from '../../testing/fixtures';
import {
  availableValues,
  configurableLineSku,
  configurableTitle,
  customOptionsPayload,
  customOptionsPricePence,
  customOptionsSkuParts,
  customOptionsTitle,
  findVariant,
  groupedItems,
  missingRequired,
} from './buying';

describe('configurable option selection', () => {
  const membrane = configurableMembrane();

  it('chooses a variant only when every option has a value', () => {
    expect(findVariant(membrane, {})).toBeNull();
    expect(findVariant(membrane, { 201: 1 })).toBeNull();
    expect(findVariant(membrane, { 202: 20 })).toBeNull();
    expect(findVariant(membrane, { 201: 1, 202: undefined })).toBeNull();
    expect(findVariant(membrane, { 201: 1, 202: 20 })?.sku).toBe('HV-CDM8-1020');
    expect(findVariant(membrane, { 201: 2, 202: 20 })?.sku).toBe('HV-CDM8-2020');
  });

  it('has no variant for a combination that does not exist', () => {
    expect(findVariant(membrane, { 201: 2, 202: 10 })).toBeNull();
    expect(availableValues(membrane, { 201: 2 }, membrane.extension_attributes.configurable_product_options[1]!)).toEqual(new Set([20]));
    expect(availableValues(membrane, {}, membrane.extension_attributes.configurable_product_options[1]!)).toEqual(new Set([10, 20]));
  });

  it('never chooses a disabled or off-website child', () => {
    const p = configurableMembrane();
    p.children![1]!.status = 2;
    p.children![2]!.extension_attributes.website_ids = [1];
    expect(findVariant(p, { 201: 1, 202: 20 })).toBeNull();
    expect(findVariant(p, { 201: 2, 202: 20 })).toBeNull();
    expect(findVariant(p, { 201: 1, 202: 10 })?.sku).toBe('HV-CDM8-1010');
  });

  it('makes the basket sku base sku, a hyphen, then the option sku', () => {
    expect(configurableLineSku('HV-CDM8', { sku: 'HV-CDM8-1020' })).toBe('HV-CDM8-1020');
    expect(configurableLineSku('HV-CDM8', { sku: '1020' })).toBe('HV-CDM8-1020');
    expect(configurableTitle(membrane, { 201: 2, 202: 20 })).toBe('Roll Width: 2.0m, Roll Length: 20m');
  });
});

describe('grouped items', () => {
  it('offers only enabled items on the storefront website, in link order', () => {
    expect(groupedItems(groupedKit()).map((i) => i.sku)).toEqual(['HV-TAPE', 'HV-CHAN']);
    expect(groupedItems(product())).toEqual([]);
  });
});

describe('custom options', () => {
  const { options } = sumpWithOptions();

  it('reports every required option without a value as "This is a required field."', () => {
    expect(missingRequired(options, {})).toEqual({ 1: 'This is a required field.', 2: 'This is a required field.' });
    expect(missingRequired(options, { 1: 2 })).toEqual({ 2: 'This is a required field.' });
    expect(missingRequired(options, { 1: 2, 2: 4 })).toEqual({});
    // A value that is not one of the option's values does not count.
    expect(missingRequired(options, { 1: 99, 2: 4 })).toEqual({ 1: 'This is a required field.' });
  });

  it('adds the chosen values to the price and sends them as the cart API takes them', () => {
    const choices = { 1: 2, 2: 4, 3: [6] };
    expect(customOptionsPricePence(options, choices)).toBe(14_500 + 2_800 + 1_900);
    expect(customOptionsPricePence(options, { 1: 1, 2: 3 })).toBe(0);
    expect(customOptionsPayload(options, choices)).toEqual([
      { option_id: 1, option_value: 2 },
      { option_id: 2, option_value: 4 },
      { option_id: 3, option_value: [6] },
    ]);
    expect(customOptionsPayload(options, { 1: 1, 2: 3, 3: [] })).toEqual([
      { option_id: 1, option_value: 1 },
      { option_id: 2, option_value: 3 },
    ]);
    expect(customOptionsSkuParts(options, choices)).toEqual(['O1V2', 'O2V2', 'O3V1']);
    expect(customOptionsTitle(options, choices)).toBe('Control panel: Dial-out panel, Discharge hose: 25m hose, Installation pack: Fixing pack');
  });

  it('treats a text option as filled only when it has non-blank text', () => {
    const field = [{ ...options[0]!, option_id: 7, type: 'field' as const, title: 'Engraving', values: [{ ...options[0]!.values[1]!, price: 5, sku: 'ENG' }] }];
    expect(missingRequired(field, { 7: '   ' })).toEqual({ 7: 'This is a required field.' });
    expect(customOptionsPayload(field, { 7: ' NG ' })).toEqual([{ option_id: 7, option_value: 'NG' }]);
    expect(customOptionsPricePence(field, { 7: 'NG' })).toBe(500);
    expect(customOptionsSkuParts(field, { 7: 'NG' })).toEqual(['ENG']);
  });
});
