import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  basketErrorReasonAtom,
  fromPence,
  quantityBreaks,
  useBasket,
  type BasketLine,
  type ConfigurableChild,
  type ProductInfo,
} from '@shop/shared';
import { CATALOG_MESSAGES } from '../../catalog/messages';
import { priceFor, pricedProduct } from '../../catalog/pricing';
import {
  configurableLineSku,
  configurableOptions,
  configurableTitle,
  customOptionsPayload,
  customOptionsPricePence,
  customOptionsSkuParts,
  customOptionsTitle,
  findVariant,
  groupedItems,
  missingRequired,
  sellableChildren,
  sortedCustomOptions,
  type ConfigurableSelection,
  type CustomChoices,
} from './buying';
import { parseCoverage } from './coverage';

export type Buyable = ProductInfo | ConfigurableChild | NonNullable<ProductInfo['associated']>[number];

/**
 * The buy box's state and rules: what the shopper chose (variant, grouped item, custom options,
 * quantity), the price that follows for the customer's group, the basket line it makes, and
 * adding it (with the spec's messages when a choice is missing).
 */
export function useBuyBox(product: ProductInfo, group: number, onVariant?: (variant: ConfigurableChild | null) => void) {
  const id = useId();
  const basket = useBasket();
  const [selection, setSelection] = useState<ConfigurableSelection>({});
  const [itemSku, setItemSku] = useState<string | null>(null);
  const [choices, setChoices] = useState<CustomChoices>({});
  const [qty, setQty] = useState(1);
  const [attempted, setAttempted] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // The server's reason for the last failed add (e.g. 'Sorry, we only have 14 of … in stock.').
  const failedReason = useAtomValue(basketErrorReasonAtom);
  const [busy, setBusy] = useState(false);
  const optionRefs = useRef(new Map<number, HTMLElement | null>());

  const isConfigurable = product.type_id === 'configurable';
  const isGrouped = product.type_id === 'grouped';
  const options = useMemo(() => (isConfigurable ? configurableOptions(product) : []), [isConfigurable, product]);
  const customOptions = useMemo(() => sortedCustomOptions(product.options), [product.options]);
  const items = useMemo(() => (isGrouped ? groupedItems(product) : []), [isGrouped, product]);

  const variant = isConfigurable ? findVariant(product, selection) : null;
  const item = isGrouped ? (items.find((i) => i.sku === itemSku) ?? null) : null;
  const ready = isConfigurable ? variant !== null : isGrouped ? item !== null : true;
  const buyable: Buyable = variant ?? item ?? product;
  const inStock = buyable.stock.is_in_stock;

  useEffect(() => onVariant?.(variant), [variant, onVariant]);

  const errors = attempted ? missingRequired(customOptions, choices) : {};
  const optionsPence = customOptionsPricePence(customOptions, choices);
  const price = priceFor(buyable, group, qty);
  const unit = fromPence(price.unitPence + optionsPence);
  const single = priceFor(buyable, group, 1);
  const breaks = quantityBreaks(pricedProduct(buyable), group);

  // Before a choice: the lowest price there is ("From").
  const choicePrices = isConfigurable
    ? sellableChildren(product).map((c) => priceFor(c, group).unit)
    : isGrouped
      ? items.map((i) => priceFor(i, group).unit)
      : [];
  const showFrom = !ready && choicePrices.length > 0;
  const fromPrice = showFrom ? Math.min(...choicePrices) : unit;
  const varies = new Set(choicePrices).size > 1;

  const line = (quantity: number): BasketLine | null => {
    if (!ready) return null;
    const parts = customOptionsSkuParts(customOptions, choices);
    const custom = customOptionsPayload(customOptions, choices);
    const titles = [isConfigurable ? configurableTitle(product, selection) : '', customOptionsTitle(customOptions, choices)].filter(Boolean);
    if (isGrouped && item) {
      return {
        sku: product.sku,
        lineSku: item.sku,
        name: item.name,
        price: fromPence(priceFor(item, group, quantity).unitPence),
        qty: quantity,
        image: item.attrs.image ?? product.attrs.image,
        optionTitle: null,
        productOptions: { associated_sku: item.sku },
      };
    }
    const base = variant ? configurableLineSku(product.sku, variant) : product.sku;
    return {
      sku: product.sku,
      lineSku: [base, ...parts].join('-'),
      name: variant?.name ?? product.name,
      price: fromPence(priceFor(buyable, group, quantity).unitPence + optionsPence),
      qty: quantity,
      image: variant?.attrs.image ?? product.attrs.image,
      optionTitle: titles.join(', ') || null,
      productOptions:
        variant || custom.length > 0
          ? {
              ...(variant ? { configurable_item_options: options.map((o) => ({ option_id: o.attribute_id, option_value: selection[o.attribute_id]! })) } : {}),
              ...(custom.length > 0 ? { custom_options: custom } : {}),
            }
          : undefined,
    };
  };

  const add = async (quantity = qty) => {
    if (busy) return;
    setAttempted(true);
    setFailed(false);
    if (isConfigurable && !variant) {
      setMessage(CATALOG_MESSAGES.selectAllOptions);
      optionRefs.current.get(-(options.find((o) => selection[o.attribute_id] === undefined)?.attribute_id ?? 0))?.focus();
      return;
    }
    if (isGrouped && !item) {
      setMessage(CATALOG_MESSAGES.chooseItem);
      document.getElementById(`${id}-items`)?.querySelector('input')?.focus();
      return;
    }
    const missing = Object.keys(missingRequired(customOptions, choices)).map(Number);
    if (missing.length > 0) {
      setMessage(null);
      optionRefs.current.get(missing[0]!)?.focus();
      return;
    }
    setMessage(null);
    if (!inStock) return;
    const next = line(quantity);
    if (!next) return;
    setBusy(true);
    const ok = await basket.add(next);
    setBusy(false);
    setFailed(!ok);
  };

  const addFromCalculator = (units: number) => {
    setQty(units);
    void add(units);
  };

  const choose = (attributeId: number, value: string) => {
    setMessage(null);
    setSelection((s) => ({ ...s, [attributeId]: value === '' ? undefined : Number(value) }));
  };

  const chooseItem = (sku: string, defaultQty: number | null | undefined) => {
    setItemSku(sku);
    setMessage(null);
    setQty(Math.max(1, defaultQty ?? 1));
  };

  const setChoice = (optionId: number, value: CustomChoices[number]) => setChoices((c) => ({ ...c, [optionId]: value }));

  const coverageText = variant?.attrs.coverage ?? (isConfigurable ? null : buyable.attrs.coverage);
  const coverage = parseCoverage(coverageText ?? (isConfigurable ? null : product.attrs.coverage));
  const anyCoverage = isConfigurable ? sellableChildren(product).some((c) => parseCoverage(c.attrs.coverage) !== null) : coverage !== null;
  const missingOptionLabels = options.filter((o) => selection[o.attribute_id] === undefined).map((o) => o.label);
  const addLabel = !inStock && ready ? 'Out of stock' : busy ? 'Adding…' : 'Add to Basket';

  return {
    product,
    id,
    selection,
    itemSku,
    choices,
    qty,
    setQty,
    attempted,
    message,
    failed,
    failedReason,
    busy,
    optionRefs,
    isConfigurable,
    isGrouped,
    options,
    customOptions,
    items,
    variant,
    item,
    ready,
    buyable,
    inStock,
    errors,
    unit,
    price,
    single,
    breaks,
    showFrom,
    fromPrice,
    varies,
    line,
    add,
    addFromCalculator,
    choose,
    chooseItem,
    setChoice,
    coverage,
    anyCoverage,
    missingOptionLabels,
    addLabel,
  };
}

export type BuyBoxState = ReturnType<typeof useBuyBox>;
