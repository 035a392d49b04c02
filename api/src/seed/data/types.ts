import type { ProductKind } from '../svg';

/** Manufacturer ids: 4 is the range maker (Hydrovault); 499 and 6 are the shop's own products. */
export type Brand = 'hydrovault' | 'northgate' | 'northgate-6';

export interface SeedSpec {
  model?: string;
  packaging?: string;
  size?: string;
  coverage?: string;
  colour?: string;
  /** Harmonised standard of the CE marking, e.g. 'EN 13967:2012'. */
  ce?: string;
  /** BBA certificate number. */
  bba?: string;
  country: 'DE' | 'GB';
}

/** Configurable attributes (id, code, label), shared by every configurable product. */
export const CONFIGURABLE_ATTRIBUTES = {
  roll_size: { id: 201, label: 'Roll Size' },
  pack_size: { id: 202, label: 'Pack Size' },
  colour: { id: 203, label: 'Colour' },
  length: { id: 204, label: 'Length' },
  pipe_size: { id: 205, label: 'Pipe Diameter' },
  volume: { id: 206, label: 'Volume' },
  width: { id: 207, label: 'Width' },
} as const;
export type ConfigurableAttribute = keyof typeof CONFIGURABLE_ATTRIBUTES;

export interface SeedVariant {
  label: string;
  /** The option sku: the child's sku is `${parent sku}-${suffix}`. */
  suffix: string;
  price: number;
  special?: number;
  tiers?: Array<[group: number, qty: number, price: number]>;
  stock?: number;
  size?: string;
  coverage?: string;
  packaging?: string;
  weightKg?: number;
}

export interface SeedOption {
  title: string;
  type?: 'drop_down' | 'radio' | 'checkbox';
  required: boolean;
  values: Array<[title: string, price: number]>;
}

export interface SeedProduct {
  sku: string;
  name: string;
  /** URL key (also the request path); derived from the name when omitted. */
  urlKey?: string;
  brand: Brand;
  kind: ProductKind;
  /** Body colour of the illustration and the product's colour family. */
  colour: string;
  /** Short text printed on the illustration. */
  label: string;
  categories: number[];
  /** Pounds ex VAT (configurable: the cheapest child; grouped: the cheapest item). */
  price: number;
  special?: number;
  /** [customer group, qty, pounds ex VAT] */
  tiers?: Array<[group: number, qty: number, price: number]>;
  /** One or two plain sentences. */
  short: string;
  /** Paragraphs of the description (plain text or inline HTML). */
  description: string[];
  features: string[];
  spec: SeedSpec;
  stock?: number;
  weightKg?: number;
  /** 2 = disabled. */
  status?: 1 | 2;
  /** Defaults to [1, 2]; the storefront is website 2. */
  websites?: number[];
  options?: SeedOption[];
  variants?: { attribute: ConfigurableAttribute; values: SeedVariant[] };
  /** Grouped products: [sku, default qty]. */
  grouped?: Array<[sku: string, qty: number]>;
  related?: string[];
  upsell?: string[];
  crosssell?: string[];
  docs?: Array<'datasheet' | 'installation' | 'safety'>;
  /** Pictures in the gallery (2–5). */
  gallery: number;
  /** Seeded best-seller ranking (higher sells more). */
  bestseller?: number;
  /** Days before the seed's reference date the product was added (for 'newest'). */
  addedDaysAgo?: number;
}
