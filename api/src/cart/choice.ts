import type { ProductOptionsRequest } from '@shop/shared/schemas';
import { badRequest } from '../http-errors';
import { CART_MESSAGES } from './messages';
import type { CartLineOptionsColumn } from './schema';
import { isSellable, type BasketProduct, type BasketProducts } from '../catalog/basket-products';

/** A basket line as chosen: what to store. */
export interface ResolvedLine {
  product: BasketProduct;
  parent: BasketProduct | null;
  sku: string;
  lineKey: string;
  options: CartLineOptionsColumn;
}

const toNumber = (v: string | number) => (typeof v === 'number' ? v : Number(v.trim()));

/** The custom options chosen on the product page (either place the request may carry them). */
const customChoiceOf = (options: NonNullable<ProductOptionsRequest>) =>
  options.custom_options ?? options.extension_attributes?.custom_options ?? [];

/**
 * Whether the product page chose nothing beyond the sku: no custom option, no configurable
 * attribute, no grouped item. Only such an add may be the one-statement add by sku (it adds plain
 * products alone); any other choice names a product that statement cannot add.
 */
export function isSkuAlone(productOptions: ProductOptionsRequest): boolean {
  const options = productOptions ?? {};
  const configurable = options.configurable_item_options ?? options.extension_attributes?.configurable_item_options ?? [];
  return customChoiceOf(options).length === 0 && configurable.length === 0 && !options.associated_sku;
}

/**
 * The product page's choice (sku, configurable attributes, grouped item, custom options) as the
 * line to store; 400 with a clear message naming the field otherwise.
 */
export function createLineResolver(store: BasketProducts) {
  /** Turns the product page's choice into the line to store (400 with a clear message otherwise). */
  return async function resolveLine(productSku: string, productOptions: ProductOptionsRequest): Promise<ResolvedLine> {
    const options = productOptions ?? {};
    const configurableChoice = options.configurable_item_options ?? options.extension_attributes?.configurable_item_options ?? [];
    const customChoice = customChoiceOf(options);

    const requested = await store.productBySku(productSku);
    if (!requested) throw badRequest(CART_MESSAGES.unknownSku(productSku), 'productSku');
    if (!isSellable(requested)) throw badRequest(CART_MESSAGES.notAvailable(requested.name), 'productSku');

    let product: BasketProduct = requested;
    let parent: BasketProduct | null = null;
    let configurable: CartLineOptionsColumn['configurable'] = [];

    if (requested.typeId === 'configurable') {
      parent = requested;
      const chosen = new Map<number, number>();
      for (const c of configurableChoice) {
        const attributeId = toNumber(c.option_id);
        const value = toNumber(c.option_value);
        if (!Number.isInteger(attributeId) || !Number.isInteger(value)) {
          throw badRequest(CART_MESSAGES.selectAllOptions, 'productOptions.configurable_item_options');
        }
        chosen.set(attributeId, value);
      }
      const needed = parent.configurableOptions.map((o) => o.attributeId);
      if (needed.length === 0 || needed.some((id) => !chosen.has(id))) {
        throw badRequest(CART_MESSAGES.selectAllOptions, 'productOptions.configurable_item_options');
      }
      const children = await store.configurableChildren(parent.id);
      const match = children.find((child) => needed.every((id) => Number(child.optionValues[String(id)]) === chosen.get(id)));
      if (!match) throw badRequest(CART_MESSAGES.comboUnavailable, 'productOptions.configurable_item_options');
      const child = (await store.productsByIds([match.childId])).get(match.childId);
      if (!child || !isSellable(child)) throw badRequest(CART_MESSAGES.comboUnavailable, 'productOptions.configurable_item_options');
      product = child;
      configurable = needed.map((id) => ({ option_id: id, option_value: chosen.get(id)! }));
    } else if (requested.typeId === 'grouped') {
      const associatedSku = options.associated_sku?.trim();
      if (!associatedSku) throw badRequest(CART_MESSAGES.chooseGroupedItem(requested.name), 'productOptions.associated_sku');
      const item = await store.productBySku(associatedSku);
      const members = await store.associatedIds(requested.id);
      if (!item || !members.includes(item.id)) {
        throw badRequest(CART_MESSAGES.notInGroup(associatedSku, requested.name), 'productOptions.associated_sku');
      }
      if (!isSellable(item)) throw badRequest(CART_MESSAGES.notAvailable(item.name), 'productOptions.associated_sku');
      product = item;
      parent = null; // a grouped item is bought as itself; the group is only how it was found
    } else {
      // A simple product; when it is a configurable's child, it is bought with its parent's choices.
      const link = requested.configurableParent;
      if (link) {
        const maybeParent = (await store.productsByIds([link.parentId])).get(link.parentId);
        if (maybeParent && maybeParent.typeId === 'configurable') {
          if (!isSellable(maybeParent)) throw badRequest(CART_MESSAGES.notAvailable(requested.name), 'productSku');
          parent = maybeParent;
          configurable = maybeParent.configurableOptions
            .filter((o) => link.optionValues[String(o.attributeId)] !== undefined)
            .map((o) => ({ option_id: o.attributeId, option_value: Number(link.optionValues[String(o.attributeId)]) }));
        }
      }
    }

    // Custom options belong to the product the shopper chose (the configurable parent, else itself).
    const customFrom = parent ?? product;
    const custom: CartLineOptionsColumn['custom'] = [];
    const skuParts: string[] = [];
    const given = new Map<number, (typeof customChoice)[number]['option_value']>();
    for (const c of customChoice) {
      const id = toNumber(c.option_id);
      const option = customFrom.options.find((o) => o.id === id);
      if (!option) throw badRequest(CART_MESSAGES.unknownOption(c.option_id), 'productOptions.custom_options');
      given.set(id, c.option_value);
    }
    for (const option of customFrom.options) {
      const raw = given.get(option.id);
      const empty = raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0);
      if (empty) {
        if (option.isRequire) throw badRequest(CART_MESSAGES.requiredOption(option.title), 'productOptions.custom_options');
        continue;
      }
      if (option.type === 'field') {
        const text = String(raw).trim().slice(0, 255);
        if (!text) {
          if (option.isRequire) throw badRequest(CART_MESSAGES.requiredOption(option.title), 'productOptions.custom_options');
          continue;
        }
        custom.push({ option_id: option.id, option_value: text });
        const valueSku = option.values[0]?.sku;
        if (valueSku) skuParts.push(valueSku);
        continue;
      }
      const list = (Array.isArray(raw) ? raw : String(raw).split(',')).map((v) => toNumber(v as string | number));
      const ids = [...new Set(list)].sort((a, b) => a - b);
      const values = ids.map((id) => option.values.find((v) => v.id === id));
      if (values.some((v) => !v) || (option.type !== 'checkbox' && ids.length > 1)) {
        throw badRequest(CART_MESSAGES.badOptionValue(option.title), 'productOptions.custom_options');
      }
      custom.push({ option_id: option.id, option_value: option.type === 'checkbox' ? ids : ids[0]! });
      for (const v of values) if (v?.sku) skuParts.push(v.sku);
    }

    const sku = [product.sku, ...skuParts].join('-');
    const lineKey = `${product.id}|${parent?.id ?? ''}|${JSON.stringify(custom)}`;
    return { product, parent, sku, lineKey, options: { configurable, custom } };
  };
}
