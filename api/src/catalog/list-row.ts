/** A product in a listing: enough for a tile, a search suggestion or a sidebar. */
export interface ProductListRow {
  id: number;
  sku: string;
  name: string;
  typeId: 'simple' | 'configurable' | 'grouped';
  status: number;
  websiteIds: number[];
  urlKey: string;
  image: string | null;
  shortDescription: string | null;
  pricePence: number;
  specialPricePence: number | null;
  tiers: Array<{ customerGroupId: number; qty: number; valuePence: number }>;
  isInStock: boolean;
  reviewAverage: number;
  reviewCount: number;
}
