import { Link } from '@shop/shared/router';
import { formatGBP, Price, StarRating, type ProductListItem, type ProductSearchHit, type ProductType, type ReviewSummary } from '@shop/shared';
import { PRODUCT_PLACEHOLDER } from '../catalog/placeholder';
import { StockBadge } from './StockBadge';
import { useAddFromCard } from '../catalog/useAddFromCard';
import styles from './ProductCard.module.css';
import { plainText } from '../catalog/html';

/** What a product tile needs, whichever answer it came from (listing, best sellers, search, links). */
export interface CardProduct {
  id: number;
  sku: string;
  name: string;
  type_id: ProductType;
  url: string;
  /** Per unit, ex VAT: what this shopper pays (for grouped products the lowest item price). */
  price: number;
  /** The price before a special or tier price, when it is higher. */
  wasPrice?: number | null | undefined;
  /** Grouped and configurable products: the price is the lowest of their choices ("From"). */
  fromPrice?: boolean;
  image: string | null;
  shortDescription?: string | null | undefined;
  inStock?: boolean | undefined;
  reviews?: ReviewSummary | undefined;
}

export function cardFromListItem(item: ProductListItem): CardProduct {
  const grouped = item.type_id === 'grouped';
  const configurable = item.type_id === 'configurable';
  return {
    id: item.id,
    sku: item.sku,
    name: item.name,
    type_id: item.type_id,
    url: item.url,
    price: grouped ? item.min_price : item.final_price,
    wasPrice: !grouped && !configurable && item.final_price < item.price ? item.price : null,
    // A configurable product is priced from its cheapest option, as its page says before a choice.
    fromPrice: grouped || configurable,
    image: item.image,
    shortDescription: item.short_description,
    inStock: item.is_in_stock,
    reviews: item.review_summary,
  };
}

export function cardFromSearchHit(hit: ProductSearchHit): CardProduct {
  return {
    id: hit.id,
    sku: hit.sku,
    name: hit.name,
    type_id: hit.type_id,
    url: hit.url,
    price: hit.price,
    fromPrice: hit.type_id === 'grouped' || hit.type_id === 'configurable',
    image: hit.image,
    shortDescription: hit.short_description,
  };
}

/**
 * A product tile: image, name, rating, price ex and inc VAT, stock, and Add to Basket (simple
 * products) or View Options (configurable and grouped products).
 */
export function ProductCard({
  product,
  headingLevel = 3,
  eager = false,
  compact = false,
  row = false,
}: {
  product: CardProduct;
  headingLevel?: 2 | 3 | 4;
  /** Above the fold: load the image at once. */
  eager?: boolean;
  /** A narrow tile (carousels, sidebars): no description. */
  compact?: boolean;
  /** Picture beside the text (sidebar lists). */
  row?: boolean;
}) {
  const { add, busy } = useAddFromCard();
  const Heading = `h${headingLevel}` as const;
  const needsOptions = product.type_id !== 'simple';
  const outOfStock = product.inStock === false;
  const addText = outOfStock ? 'Out of stock' : busy ? 'Adding…' : 'Add to Basket';
  return (
    <article className={`${styles.card} ${compact || row ? styles.compact : ''} ${row ? styles.row : ''}`} data-sku={product.sku}>
      <Link to={product.url} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        <img
          className={styles.image}
          src={product.image ?? PRODUCT_PLACEHOLDER}
          alt=""
          width={800}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </Link>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link to={product.url}>{product.name}</Link>
        </Heading>
        {product.reviews && product.reviews.count > 0 ? <StarRating value={product.reviews.average} count={product.reviews.count} size={14} /> : null}
        {!compact && product.shortDescription ? <p className={styles.description}>{plainText(product.shortDescription)}</p> : null}
        <div className={styles.priceRow}>
          {product.fromPrice ? <span className={styles.from}>From</span> : null}
          <Price exVat={product.price} className={styles.price} />
          {product.wasPrice ? (
            <span className={styles.was}>
              <span className={styles.hidden}>Was </span>
              <s>{formatGBP(product.wasPrice)}</s>
            </span>
          ) : null}
        </div>
        {product.inStock !== undefined ? <StockBadge inStock={product.inStock} /> : null}
        <div className={styles.actions}>
          {needsOptions ? (
            <Link to={product.url} className={styles.secondary} aria-label={`View Options for ${product.name}`}>
              View Options
            </Link>
          ) : (
            <button
              type="button"
              className={styles.primary}
              disabled={outOfStock || busy}
              aria-label={`${addText}: ${product.name}`}
              onClick={() => void add(product)}
            >
              {addText}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
