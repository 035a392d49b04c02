import { formatGBP, fromPence, incVat, Price } from '@shop/shared';
import { StockBadge } from '../../components/StockBadge';
import type { BuyBoxState } from './useBuyBox';
import styles from './BuyBox.module.css';

/** The price ("From" before a choice, special offer, was-price), the SKU shown and the stock. */
export function BuyBoxPrice({ box }: { box: BuyBoxState }) {
  const { product, showFrom, varies, fromPrice, unit, price, single, buyable, variant, item, isGrouped, isConfigurable, inStock } = box;
  return (
    <>
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
    </>
  );
}

/** The tier prices for the customer's group ("Buy more, pay less"), the current one marked. */
export function QuantityBreaks({ box }: { box: BuyBoxState }) {
  const { breaks, price } = box;
  if (breaks.length === 0) return null;
  return (
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
  );
}
