import { useId, useState } from 'react';
import { Link, useNavigate } from '@shop/shared/router';
import { apiRequest, Price, QuantityInput, useBasket, type ProductListItem } from '@shop/shared';
import { PRODUCT_PLACEHOLDER } from '../../components/placeholder';
import styles from './ArticlePage.module.css';

// The schema (and zod) load with the first add, not with the article.
const optionsSchema = () => import('./productOptions').then((m) => m.productOptionsSchema);

/**
 * A product the article recommends: image, name, price ex and inc VAT, then 'View Options' (grouped
 * and configurable products are chosen on their page) or a quantity (minimum 1) and 'Add to Basket'
 * through the shared basket: optimistic, with the 'Added to Basket' modal, rolled back on failure.
 * As on the catalogue's tiles, a product with a required option is not added blind: the shopper is
 * taken to its page to choose.
 */
export function RelatedProduct({ product }: { product: ProductListItem }) {
  const basket = useBasket();
  const navigate = useNavigate();
  const [qty, setQty] = useState(1);
  const [busy, setBusy] = useState(false);
  const qtyId = useId();
  const needsOptions = product.type_id !== 'simple';
  const price = product.type_id === 'grouped' ? product.min_price : product.final_price;

  const add = async () => {
    setBusy(true);
    try {
      const info = await apiRequest(`/products/info/${product.id}`, { schema: await optionsSchema() }).catch(() => null);
      if (info?.options.some((o) => o.is_require)) {
        navigate(product.url);
        return;
      }
      await basket.add({ sku: product.sku, name: product.name, price: product.final_price, qty, image: product.image ?? undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={styles.product} data-sku={product.sku}>
      <Link to={product.url} className={styles.productImageLink} tabIndex={-1} aria-hidden="true">
        <img className={styles.productImage} src={product.image ?? PRODUCT_PLACEHOLDER} alt="" width={96} height={96} loading="lazy" decoding="async" />
      </Link>
      <div className={styles.productBody}>
        <h3 className={styles.productName}>
          <Link to={product.url}>{product.name}</Link>
        </h3>
        <div className={styles.productPrice}>
          {product.type_id === 'grouped' ? <span className={styles.from}>From</span> : null}
          <Price exVat={price} />
        </div>
        {needsOptions ? (
          <Link to={product.url} className={styles.secondary} aria-label={`View Options for ${product.name}`}>
            View Options
          </Link>
        ) : product.is_in_stock ? (
          <div className={styles.buy}>
            <QuantityInput id={qtyId} value={qty} onChange={setQty} label={`Quantity of ${product.name}`} hideLabel disabled={busy} />
            <button type="button" className={styles.primary} disabled={busy} onClick={() => void add()} aria-label={`Add to Basket: ${product.name}`}>
              {busy ? 'Adding…' : 'Add to Basket'}
            </button>
          </div>
        ) : (
          <p className={styles.outOfStock}>Out of stock</p>
        )}
      </div>
    </li>
  );
}
