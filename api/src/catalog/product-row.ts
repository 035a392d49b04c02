import type { ProductRowBase } from './list-row';
import type { ProductAttrsColumn } from './schema';

/** A product with everything its page answer needs (the store's PRODUCT_ROWS query). */
export interface ProductRow extends ProductRowBase {
  visibility: number;
  pricePence: number;
  specialPricePence: number | null;
  urlKey: string;
  image: string | null;
  attrs: ProductAttrsColumn;
  stockQty: number;
  isInStock: boolean;
  categoryIds: number[];
  media: Array<{ id: number; file: string; label: string | null; position: number; types: string[]; disabled: boolean }>;
  options: Array<{
    id: number;
    title: string;
    type: 'drop_down' | 'radio' | 'checkbox' | 'field';
    isRequire: boolean;
    sortOrder: number;
    values: Array<{ id: number; title: string; sku: string | null; pricePence: number; sortOrder: number }>;
  }>;
  /** Links to shown products only. */
  links: Array<{
    linkType: 'related' | 'upsell' | 'crosssell' | 'associated';
    linkedId: number;
    linkedSku: string;
    linkedType: 'simple' | 'configurable' | 'grouped';
    position: number;
    qty: number | null;
  }>;
  downloads: Array<{ title: string; url: string }>;
  configurableOptions: Array<{
    id: number;
    attributeId: number;
    attributeCode: string;
    label: string;
    position: number;
    values: Array<{ value_index: number; label: string }>;
  }>;
  /** Shown children of a configurable product, with their value per attribute id. */
  children: Array<{ childId: number; optionValues: Record<string, number> }>;
  reviewAverage: number;
  reviewCount: number;
}
