import type { ConfigurableChild, ConfigurableOption, CustomOption, ProductInfo } from '@shop/shared';
import { toPence } from '@shop/shared';
import { CATALOG_MESSAGES } from '../../catalog/messages';
import { isShown } from '../../catalog/visibility';

/**
 * The product page's buying rules as pure functions: which configurable variant is chosen, what a
 * custom option choice costs and sends, and which required options are missing.
 */

/** attribute_id → chosen value_index (missing or undefined: not chosen). */
export type ConfigurableSelection = Record<number, number | undefined>;

/** option_id → option_type_id (drop_down, radio), option_type_ids (checkbox) or text (field). */
export type CustomChoices = Record<number, number | number[] | string | undefined>;

export function configurableOptions(product: ProductInfo): ConfigurableOption[] {
  return [...product.extension_attributes.configurable_product_options].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** The children a shopper may buy (enabled, on the storefront's website). */
export function sellableChildren(product: ProductInfo): ConfigurableChild[] {
  return (product.children ?? []).filter(isShown);
}

const matches = (child: ConfigurableChild, option: ConfigurableOption, value: number | undefined) =>
  value !== undefined && child.option_values[option.attribute_code] === value;

/**
 * The variant of a configurable product for a selection: only when every option has a value
 * (spec section 4: a variant match needs a selection for every option); otherwise null.
 */
export function findVariant(product: ProductInfo, selection: ConfigurableSelection): ConfigurableChild | null {
  const options = configurableOptions(product);
  if (options.length === 0) return null;
  if (options.some((o) => selection[o.attribute_id] === undefined)) return null;
  return sellableChildren(product).find((child) => options.every((o) => matches(child, o, selection[o.attribute_id]))) ?? null;
}

/** The values of `option` that lead to a variant, given what is chosen for the other options. */
export function availableValues(product: ProductInfo, selection: ConfigurableSelection, option: ConfigurableOption): Set<number> {
  const others = configurableOptions(product).filter((o) => o.attribute_id !== option.attribute_id && selection[o.attribute_id] !== undefined);
  const values = new Set<number>();
  for (const child of sellableChildren(product)) {
    if (others.every((o) => matches(child, o, selection[o.attribute_id]))) {
      const v = child.option_values[option.attribute_code];
      if (v !== undefined) values.add(v);
    }
  }
  return values;
}

/** The basket sku of a configurable line: base sku, a hyphen, then the option sku. */
export function configurableLineSku(parentSku: string, child: Pick<ConfigurableChild, 'sku'>): string {
  return child.sku.startsWith(`${parentSku}-`) ? child.sku : `${parentSku}-${child.sku}`;
}

/** 'Roll Size: 2.0m x 20m (40m²)' for the chosen values. */
export function configurableTitle(product: ProductInfo, selection: ConfigurableSelection): string {
  return configurableOptions(product)
    .map((o) => {
      const value = o.values.find((v) => v.value_index === selection[o.attribute_id]);
      return value ? `${o.label}: ${value.label}` : null;
    })
    .filter(Boolean)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// Custom options

export function sortedCustomOptions(options: CustomOption[]): CustomOption[] {
  return [...options].sort((a, b) => a.sort_order - b.sort_order || a.option_id - b.option_id);
}

function chosenIds(option: CustomOption, value: CustomChoices[number]): number[] {
  if (value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.map(Number))].filter((id) => option.values.some((v) => v.option_type_id === id)).sort((a, b) => a - b);
}

function isEmpty(option: CustomOption, value: CustomChoices[number]): boolean {
  if (option.type === 'field') return typeof value !== 'string' || value.trim() === '';
  return chosenIds(option, value).length === 0;
}

/** option_id → 'This is a required field.' for each required option without a value. */
export function missingRequired(options: CustomOption[], choices: CustomChoices): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const option of sortedCustomOptions(options)) {
    if (option.is_require && isEmpty(option, choices[option.option_id])) errors[option.option_id] = CATALOG_MESSAGES.requiredField;
  }
  return errors;
}

/** What the chosen option values add to the unit price, in pence ex VAT. */
export function customOptionsPricePence(options: CustomOption[], choices: CustomChoices): number {
  let total = 0;
  for (const option of options) {
    const value = choices[option.option_id];
    if (isEmpty(option, value)) continue;
    if (option.type === 'field') total += toPence(option.values[0]?.price ?? 0);
    else for (const id of chosenIds(option, value)) total += toPence(option.values.find((v) => v.option_type_id === id)?.price ?? 0);
  }
  return total;
}

/** The cart API's custom_options: [{ option_id, option_value }] (a list for checkboxes, text for fields). */
export function customOptionsPayload(options: CustomOption[], choices: CustomChoices): Array<{ option_id: number; option_value: number | number[] | string }> {
  const out: Array<{ option_id: number; option_value: number | number[] | string }> = [];
  for (const option of sortedCustomOptions(options)) {
    const value = choices[option.option_id];
    if (isEmpty(option, value)) continue;
    if (option.type === 'field') out.push({ option_id: option.option_id, option_value: String(value).trim() });
    else if (option.type === 'checkbox') out.push({ option_id: option.option_id, option_value: chosenIds(option, value) });
    else out.push({ option_id: option.option_id, option_value: chosenIds(option, value)[0]! });
  }
  return out;
}

/** The sku parts the chosen values add to the basket line's sku (as the basket API builds it). */
export function customOptionsSkuParts(options: CustomOption[], choices: CustomChoices): string[] {
  const parts: string[] = [];
  for (const option of sortedCustomOptions(options)) {
    const value = choices[option.option_id];
    if (isEmpty(option, value)) continue;
    if (option.type === 'field') {
      const sku = option.values[0]?.sku;
      if (sku) parts.push(sku);
      continue;
    }
    for (const id of chosenIds(option, value)) {
      const sku = option.values.find((v) => v.option_type_id === id)?.sku;
      if (sku) parts.push(sku);
    }
  }
  return parts;
}

/** 'Control panel: Dial-out panel, Discharge hose: 25m of 32mm hose' for the basket line. */
export function customOptionsTitle(options: CustomOption[], choices: CustomChoices): string {
  return sortedCustomOptions(options)
    .map((option) => {
      const value = choices[option.option_id];
      if (isEmpty(option, value)) return null;
      if (option.type === 'field') return `${option.title}: ${String(value).trim()}`;
      const titles = chosenIds(option, value).map((id) => option.values.find((v) => v.option_type_id === id)?.title);
      return `${option.title}: ${titles.join(', ')}`;
    })
    .filter(Boolean)
    .join(', ');
}

/** The associated items of a grouped product a shopper may buy, in link order. */
export function groupedItems(product: ProductInfo): NonNullable<ProductInfo['associated']> {
  return (product.associated ?? []).filter(isShown);
}
