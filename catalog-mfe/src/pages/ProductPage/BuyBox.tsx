import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  BASKET_ADD_FAILED,
  basketErrorReasonAtom,
  FederatedSlot,
  formatGBP,
  fromPence,
  incVat,
  Price,
  QuantityInput,
  quantityBreaks,
  useBasket,
  type BasketLine,
  type ConfigurableChild,
  type CustomOption,
  type ProductInfo,
} from '@shop/shared';
import { CATALOG_MESSAGES } from '../../components/messages';
import { priceFor, pricedProduct } from '../../components/pricing';
import { StockBadge } from '../../components/StockBadge';
import {
  availableValues,
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
import { CoverageCalculator } from './CoverageCalculator';
import { parseCoverage } from './coverage';
import styles from './BuyBox.module.css';

/** The express wallet button of the checkout remote (its props: `line`, the product as it would go into the basket, or null). */
export const EXPRESS_CHECKOUT_MODULE = 'checkout/ExpressCheckoutButton';

type Buyable = ProductInfo | ConfigurableChild | NonNullable<ProductInfo['associated']>[number];

/**
 * The buying area of the product page, by product type: simple (quantity), configurable (one
 * select per option; a variant only when every option is chosen), grouped (choose one item), and
 * custom options (required ones checked when Add is pressed). Prices follow the customer's group.
 */
export function BuyBox({
  product,
  group,
  onVariant,
}: {
  product: ProductInfo;
  group: number;
  /** Told the chosen configurable variant (or null) so the gallery and specification can follow. */
  onVariant?: (variant: ConfigurableChild | null) => void;
}) {
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

  const setChoice = (optionId: number, value: CustomChoices[number]) => setChoices((c) => ({ ...c, [optionId]: value }));

  const coverageText = variant?.attrs.coverage ?? (isConfigurable ? null : buyable.attrs.coverage);
  const coverage = parseCoverage(coverageText ?? (isConfigurable ? null : product.attrs.coverage));
  const anyCoverage = isConfigurable ? sellableChildren(product).some((c) => parseCoverage(c.attrs.coverage) !== null) : coverage !== null;
  const missingOptionLabels = options.filter((o) => selection[o.attribute_id] === undefined).map((o) => o.label);
  const addLabel = !inStock && ready ? 'Out of stock' : busy ? 'Adding…' : 'Add to Basket';

  return (
    <div className={styles.buy} data-buy-box={product.type_id}>
      <div className={styles.priceBlock}>
        {showFrom && varies ? <span className={styles.from}>From</span> : null}
        <Price exVat={showFrom ? fromPrice : unit} className={styles.price} />
        {price.source === 'special' && !showFrom ? <span className={styles.offer}>Special offer</span> : null}
        {!showFrom && single.unit < buyable.price ? (
          <span className={styles.was}>
            Was <s>{formatGBP(buyable.price)}</s> ex VAT
          </span>
        ) : null}
      </div>
      <p className={styles.sku}>
        SKU: <span data-sku-shown>{variant?.sku ?? item?.sku ?? product.sku}</span>
      </p>
      {isGrouped && !item ? null : <StockBadge inStock={inStock} qty={isConfigurable && !variant ? undefined : buyable.stock.qty} />}

      {breaks.length > 0 ? (
        <table className={styles.breaks}>
          <caption>Buy more, pay less</caption>
          <thead>
            <tr>
              <th scope="col">Quantity</th>
              <th scope="col">Price each ex VAT</th>
              <th scope="col">Inc VAT</th>
              <th scope="col">Saving</th>
            </tr>
          </thead>
          <tbody>
            {breaks.map((b) => (
              <tr key={b.qty} aria-current={price.tierQty === b.qty ? 'true' : undefined}>
                <td>{b.qty}+</td>
                <td>{formatGBP(fromPence(b.unitPence))}</td>
                <td>{formatGBP(incVat(fromPence(b.unitPence)))}</td>
                <td>{b.savingPercent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        {options.map((option) => {
          const available = availableValues(product, selection, option);
          const selectId = `${id}-cfg-${option.attribute_id}`;
          const unchosen = attempted && isConfigurable && !variant && selection[option.attribute_id] === undefined;
          return (
            <div key={option.attribute_id} className={`${styles.field} ${unchosen ? styles.invalid : ''}`}>
              <label htmlFor={selectId} className={styles.label}>
                {option.label} <span aria-hidden="true" className={styles.required}>*</span>
              </label>
              <select
                id={selectId}
                ref={(el) => {
                  optionRefs.current.set(-option.attribute_id, el);
                }}
                className={styles.select}
                value={selection[option.attribute_id] ?? ''}
                required
                aria-invalid={unchosen || undefined}
                onChange={(e) => choose(option.attribute_id, e.target.value)}
              >
                <option value="">Choose {option.label}…</option>
                {option.values.map((v) => (
                  <option key={v.value_index} value={v.value_index} disabled={!available.has(v.value_index)}>
                    {v.label}
                    {available.has(v.value_index) ? '' : ' (unavailable)'}
                  </option>
                ))}
              </select>
            </div>
          );
        })}

        {isGrouped ? (
          <fieldset id={`${id}-items`} className={`${styles.items} ${attempted && !item ? styles.invalid : ''}`}>
            <legend className={styles.label}>
              Choose an item <span aria-hidden="true" className={styles.required}>*</span>
            </legend>
            {items.map((i) => {
              const p = priceFor(i, group);
              return (
                <label key={i.sku} className={`${styles.item} ${i.sku === itemSku ? styles.itemChosen : ''}`}>
                  <input
                    type="radio"
                    name={`${id}-item`}
                    value={i.sku}
                    checked={i.sku === itemSku}
                    disabled={!i.stock.is_in_stock}
                    onChange={() => {
                      setItemSku(i.sku);
                      setMessage(null);
                      setQty(Math.max(1, i.default_qty ?? 1));
                    }}
                  />
                  <span className={styles.itemName}>
                    {i.name}
                    <span className={styles.itemMeta}>
                      SKU {i.sku}
                      {i.default_qty && i.default_qty > 1 ? ` · ${i.default_qty} in the kit` : ''}
                      {i.stock.is_in_stock ? '' : ' · Out of stock'}
                    </span>
                  </span>
                  <Price exVat={p.unit} className={styles.itemPrice} />
                </label>
              );
            })}
          </fieldset>
        ) : null}

        {customOptions.map((option) => (
          <CustomOptionField
            key={option.option_id}
            option={option}
            idPrefix={id}
            value={choices[option.option_id]}
            error={errors[option.option_id]}
            onChange={(v) => setChoice(option.option_id, v)}
            inputRef={(el) => optionRefs.current.set(option.option_id, el)}
          />
        ))}

        <div className={styles.actions}>
          <QuantityInput value={qty} onChange={setQty} />
          <button
            type="submit"
            className={styles.add}
            aria-disabled={!ready || !inStock || busy ? 'true' : undefined}
            data-ready={ready}
          >
            {addLabel}
          </button>
        </div>
        {!ready && isConfigurable && missingOptionLabels.length > 0 && !message ? (
          <p className={styles.hint}>Choose {missingOptionLabels.join(' and ')} to add this to your basket.</p>
        ) : null}
        <div role="alert" className={styles.alertArea}>
          {message ? <p className={styles.alert}>{message}</p> : null}
        </div>
        {failed ? (
          <div className={styles.alert}>
            <p>{BASKET_ADD_FAILED}</p>
            {failedReason ? <p className={styles.reason}>{failedReason}</p> : null}
          </div>
        ) : null}
        {ready && qty > 1 ? (
          <p className={styles.total}>
            Total for {qty}: <strong>{formatGBP(unit * qty)}</strong> ex VAT ({formatGBP(incVat(unit * qty))} inc VAT)
          </p>
        ) : null}
      </form>

      {/* The checkout remote loads only when the wallet nears the viewport or the page is idle; its box is reserved. */}
      <FederatedSlot module={EXPRESS_CHECKOUT_MODULE} props={{ line: line(qty), context: 'product' }} className={styles.express} defer />

      {anyCoverage ? (
        <CoverageCalculator
          coverage={coverage}
          packaging={buyable.attrs.packaging ?? product.attrs.packaging}
          onAdd={addFromCalculator}
          busy={busy}
          unavailable={isConfigurable && !variant ? `Choose ${missingOptionLabels.join(' and ') || 'an option'} to work out how many you need.` : undefined}
        />
      ) : null}
    </div>
  );
}

function CustomOptionField({
  option,
  idPrefix,
  value,
  error,
  onChange,
  inputRef,
}: {
  option: CustomOption;
  idPrefix: string;
  value: CustomChoices[number];
  error: string | undefined;
  onChange: (value: CustomChoices[number]) => void;
  inputRef: (el: HTMLElement | null) => void;
}) {
  const fieldId = `${idPrefix}-opt-${option.option_id}`;
  const errorId = `${fieldId}-error`;
  const values = [...option.values].sort((a, b) => a.sort_order - b.sort_order);
  const extra = (p: number) => (p > 0 ? ` + ${formatGBP(p)}` : '');
  const invalid = Boolean(error);
  const required = option.is_require ? (
    <>
      {' '}
      <span aria-hidden="true" className={styles.required}>
        *
      </span>
    </>
  ) : null;
  const errorText = error ? (
    <p id={errorId} className={styles.error}>
      {error}
    </p>
  ) : null;

  if (option.type === 'drop_down' || option.type === 'field') {
    return (
      <div className={`${styles.field} ${invalid ? styles.invalid : ''}`} data-option={option.option_id}>
        <label htmlFor={fieldId} className={styles.label}>
          {option.title}
          {required}
        </label>
        {option.type === 'drop_down' ? (
          <select
            id={fieldId}
            ref={inputRef}
            className={styles.select}
            value={value === undefined ? '' : String(value)}
            required={option.is_require}
            aria-invalid={invalid || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          >
            <option value="">Choose {option.title}…</option>
            {values.map((v) => (
              <option key={v.option_type_id} value={v.option_type_id}>
                {v.title}
                {extra(v.price)}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={fieldId}
            ref={inputRef}
            className={styles.text}
            type="text"
            maxLength={255}
            value={typeof value === 'string' ? value : ''}
            required={option.is_require}
            aria-invalid={invalid || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
        {errorText}
      </div>
    );
  }

  const checkbox = option.type === 'checkbox';
  const chosen = Array.isArray(value) ? value : value === undefined || value === '' ? [] : [Number(value)];
  return (
    <fieldset
      className={`${styles.field} ${styles.group} ${invalid ? styles.invalid : ''}`}
      data-option={option.option_id}
      // A radio group says it is required and invalid; a checkbox group marks its boxes.
      role={checkbox ? undefined : 'radiogroup'}
      aria-invalid={!checkbox && invalid ? true : undefined}
      aria-required={!checkbox && option.is_require ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={styles.label}>
        {option.title}
        {required}
      </legend>
      {values.map((v, i) => (
        <label key={v.option_type_id} className={styles.choice}>
          <input
            ref={i === 0 ? inputRef : undefined}
            type={checkbox ? 'checkbox' : 'radio'}
            name={fieldId}
            aria-invalid={checkbox && invalid ? true : undefined}
            value={v.option_type_id}
            checked={chosen.includes(v.option_type_id)}
            onChange={(e) => {
              if (!checkbox) onChange(v.option_type_id);
              else onChange(e.target.checked ? [...chosen, v.option_type_id] : chosen.filter((c) => c !== v.option_type_id));
            }}
          />
          <span>
            {v.title}
            {v.price > 0 ? <span className={styles.extra}>{extra(v.price)}</span> : null}
          </span>
        </label>
      ))}
      {errorText}
    </fieldset>
  );
}
