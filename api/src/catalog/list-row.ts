import type { TierPricePence } from '@shop/shared/pricing';

/** What every product row the catalogue reads carries: which product, what kind, where it is sold. */
export interface ProductRowBase {
  id: number;
  sku: string;
  name: string;
  typeId: 'simple' | 'configurable' | 'grouped';
  status: number;
  websiteIds: number[];
  tiers: TierPricePence[];
}

/** A product in a listing: enough for a tile, a search suggestion or a sidebar. */
export interface ProductListRow extends ProductRowBase {
  urlKey: string;
  image: string | null;
  shortDescription: string | null;
  pricePence: number;
  specialPricePence: number | null;
  isInStock: boolean;
  reviewAverage: number;
  reviewCount: number;
}
