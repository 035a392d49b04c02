import { Form, BASKET_ADD_FAILED, FederatedSlot, formatGBP, incVat, QuantityInput, type ConfigurableChild, type ProductInfo } from '@shop/shared';
import { BuyBoxPrice, QuantityBreaks } from './BuyBoxPrice';
import { ConfigurableChoices, GroupedItemChoices } from './BuyBoxChoices';
import type { ComponentProps } from 'react';
import { deferHydration } from '../../components/deferHydration';
import type { CoverageCalculator as Calculator } from './CoverageCalculator';
import type { CustomOptionField as OptionField } from './CustomOptionField';
import { useBuyBox } from './useBuyBox';
import styles from './BuyBox.module.css';

/** Below the buy button (and the fold on a phone): hydrated with its code when the shopper nears it. */
const CoverageCalculator = deferHydration<ComponentProps<typeof Calculator>>(() => import('./CoverageCalculator').then((m) => ({ default: m.CoverageCalculator })));
/** Only some products have custom options: their fields' code loads once such a page has hydrated. */
const CustomOptionField = deferHydration<ComponentProps<typeof OptionField>>(
  () => import('./CustomOptionField').then((m) => ({ default: m.CustomOptionField })),
  { when: 'now' },
);

/** The express wallet button of the checkout remote (its props: `line`, the product as it would go into the basket, or null). */
export const EXPRESS_CHECKOUT_MODULE = 'checkout/ExpressCheckoutButton';

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
  const box = useBuyBox(product, group, onVariant);
  const { id, qty, setQty, ready, inStock, busy, isConfigurable, isGrouped, variant, message, failed, failedReason, unit } = box;

  return (
    <div className={styles.buy} data-buy-box={product.type_id}>
      <BuyBoxPrice box={box} />
      <QuantityBreaks box={box} />

      <Form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void box.add();
        }}
      >
        <ConfigurableChoices box={box} />
        {isGrouped ? <GroupedItemChoices box={box} group={group} /> : null}

        {box.customOptions.map((option) => (
          <CustomOptionField
            key={option.option_id}
            option={option}
            idPrefix={id}
            value={box.choices[option.option_id]}
            error={box.errors[option.option_id]}
            onChange={(v) => box.setChoice(option.option_id, v)}
            inputRef={(el) => box.optionRefs.current.set(option.option_id, el)}
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
            {box.addLabel}
          </button>
        </div>
        {!ready && isConfigurable && box.missingOptionLabels.length > 0 && !message ? (
          <p className={styles.hint}>Choose {box.missingOptionLabels.join(' and ')} to add this to your basket.</p>
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
      </Form>

      {/* Below the fold on a phone: the checkout remote (and zod, its forms) loads as it is scrolled near or on the first tap. */}
      <FederatedSlot module={EXPRESS_CHECKOUT_MODULE} props={{ line: box.line(qty), context: 'product' }} className={styles.express} defer />

      {box.anyCoverage ? (
        <CoverageCalculator
          coverage={box.coverage}
          packaging={box.buyable.attrs.packaging ?? product.attrs.packaging}
          onAdd={box.addFromCalculator}
          busy={busy}
          unavailable={isConfigurable && !variant ? `Choose ${box.missingOptionLabels.join(' and ') || 'an option'} to work out how many you need.` : undefined}
        />
      ) : null}
    </div>
  );
}
