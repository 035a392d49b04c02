import { useEffect, useState } from 'react';
import type { ProductInfo, ProductLink } from '@shop/shared';
import { loadProductsBySku } from '../../api/linkedProducts';
import { CATALOG_MESSAGES } from '../../catalog/messages';
import { ProductCard, type CardProduct } from '../../components/ProductCard';
import { ProductGrid } from '../../components/ProductGrid';
import { priceFor } from '../../catalog/pricing';
import styles from './ProductPage.module.css';

/** A product tile for a linked product, priced for this customer. */
export function cardFromProduct(product: ProductInfo, group: number): CardProduct {
  const grouped = product.type_id === 'grouped';
  const itemPrices = (product.associated ?? []).map((i) => priceFor(i, group).unit);
  const own = priceFor(product, group);
  const price = grouped && itemPrices.length > 0 ? Math.min(...itemPrices) : own.unit;
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    type_id: product.type_id,
    url: product.url,
    price,
    wasPrice: !grouped && own.unit < product.price ? product.price : null,
    fromPrice: grouped,
    image: product.attrs.image,
    shortDescription: product.attrs.short_description,
    inStock: product.stock.is_in_stock,
    reviews: product.review_summary,
  };
}

/** The skus linked as `type`, in position order. */
export function linkedSkus(product: ProductInfo, type: ProductLink['link_type']): string[] {
  const links = product.product_links.length > 0 ? product.product_links : product.extension_attributes.product_links;
  return links
    .filter((l) => l.link_type === type)
    .sort((a, b) => a.position - b.position)
    .map((l) => l.linked_product_sku);
}

function useLinked(skus: string[]): ProductInfo[] {
  const [products, setProducts] = useState<ProductInfo[]>([]);
  const key = skus.join('|');
  useEffect(() => {
    let live = true;
    setProducts([]);
    if (!key) return;
    loadProductsBySku(key.split('|')).then((found) => live && setProducts(found));
    return () => {
      live = false;
    };
  }, [key]);
  return products;
}

/** The related-products sidebar (only enabled products on the storefront's website). */
export function RelatedProducts({ product, group }: { product: ProductInfo; group: number }) {
  const related = useLinked(linkedSkus(product, 'related'));
  if (related.length === 0) return null;
  return (
    <aside className={styles.related} aria-labelledby="catalog-related-heading">
      <h2 id="catalog-related-heading" className={styles.sideHeading}>
        Related Products
      </h2>
      <ul className={styles.relatedList}>
        {related.map((p) => (
          <li key={p.id}>
            <ProductCard product={cardFromProduct(p, group)} row />
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** 'You may also be interested in the following product(s)': the upsell products. */
export function Upsells({ product, group }: { product: ProductInfo; group: number }) {
  const upsells = useLinked(linkedSkus(product, 'upsell'));
  if (upsells.length === 0) return null;
  return (
    <section className={styles.upsell} aria-labelledby="catalog-upsell-heading">
      <h2 id="catalog-upsell-heading" className={styles.sectionHeading}>
        {CATALOG_MESSAGES.upsellHeading}
      </h2>
      <ProductGrid products={upsells.map((p) => cardFromProduct(p, group))} eagerCount={0} />
    </section>
  );
}
