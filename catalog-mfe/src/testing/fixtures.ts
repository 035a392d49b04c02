import type { Category, ConfigurableChild, ProductInfo, ProductListItem } from '@shop/shared';

/** Test data shaped exactly like the API's answers (see shared/src/api/schemas/catalog.ts). */

const attrs = (over: Partial<ProductInfo['attrs']> = {}): ProductInfo['attrs'] => ({
  image: '/media/catalog/product/p-1.svg',
  special_price: null,
  short_description: 'A short description.',
  description: '<p>A long description.</p>',
  product_features: '<ul><li>Tough</li></ul>',
  meta_title: null,
  meta_description: null,
  model: null,
  manufacturer: null,
  packaging: null,
  size: null,
  coverage: null,
  colour_2: null,
  ce_mark: null,
  bba_cert: null,
  country_of_manufacture: null,
  url_key: 'a-product',
  url_path: 'a-product',
  ...over,
});

type Over = Omit<Partial<ProductInfo>, 'attrs'> & { attrs?: Partial<ProductInfo['attrs']> };

export function product(over: Over = {}): ProductInfo {
  const { attrs: a, ...rest } = over;
  const sku = rest.sku ?? 'HV-TEST';
  return {
    id: 100,
    sku,
    name: 'Test Product',
    type_id: 'simple',
    price: 20,
    status: 1,
    visibility: 4,
    url: '/test-product',
    category_ids: [104],
    media_gallery_entries: [],
    tier_prices: [],
    options: [],
    product_links: [],
    downloads: [],
    stock: { qty: 10, is_in_stock: true },
    review_summary: { average: 0, count: 0 },
    ...rest,
    attrs: attrs(a),
    extension_attributes: {
      website_ids: [1, 2],
      configurable_product_options: [],
      configurable_product_links: [],
      product_links: rest.product_links ?? [],
      ...rest.extension_attributes,
    },
  };
}

export function child(over: Over & { option_values: Record<string, number> }): ConfigurableChild {
  return { ...product({ visibility: 1, ...over }), option_values: over.option_values };
}

/** A membrane sold in two widths and two lengths (three of the four combinations exist). */
export function configurableMembrane(): ProductInfo {
  const base = product({
    id: 1,
    sku: 'HV-CDM8',
    name: 'Hydrovault Cavity Drain Membrane 8mm',
    type_id: 'configurable',
    price: 98,
    url: '/hydrovault-cavity-drain-membrane-8mm',
    attrs: { model: 'CDM-8', manufacturer: '4', packaging: 'Roll, shrink wrapped', colour_2: 'Black', ce_mark: 'EN 13967:2012', bba_cert: '19/5687', country_of_manufacture: 'DE' },
    extension_attributes: {
      website_ids: [1, 2],
      configurable_product_links: [2, 3, 4],
      product_links: [],
      configurable_product_options: [
        { id: 1, attribute_id: 201, attribute_code: 'roll_width', label: 'Roll Width', position: 0, product_id: 1, values: [{ value_index: 1, label: '1.0m' }, { value_index: 2, label: '2.0m' }] },
        { id: 2, attribute_id: 202, attribute_code: 'roll_length', label: 'Roll Length', position: 1, product_id: 1, values: [{ value_index: 10, label: '10m' }, { value_index: 20, label: '20m' }] },
      ],
    },
  });
  base.children = [
    child({ id: 2, sku: 'HV-CDM8-1010', name: 'Membrane 1.0m x 10m', price: 98, attrs: { size: '1.0m x 10m', coverage: '10m²', image: '/media/catalog/product/c-2.svg' }, option_values: { roll_width: 1, roll_length: 10 } }),
    child({ id: 3, sku: 'HV-CDM8-1020', name: 'Membrane 1.0m x 20m', price: 138, attrs: { size: '1.0m x 20m', coverage: '20m²' }, option_values: { roll_width: 1, roll_length: 20 } }),
    child({ id: 4, sku: 'HV-CDM8-2020', name: 'Membrane 2.0m x 20m', price: 179, attrs: { size: '2.0m x 20m', coverage: '40m²' }, option_values: { roll_width: 2, roll_length: 20 }, tier_prices: [{ customer_group_id: 2, qty: 1, value: 161 }] }),
  ];
  return base;
}

export function groupedKit(): ProductInfo {
  const kit = product({ id: 90, sku: 'HV-KIT', name: 'Basement Starter Kit', type_id: 'grouped', price: 11.5, url: '/kit' });
  kit.associated = [
    { ...product({ id: 17, sku: 'HV-TAPE', name: 'Butyl Tape', price: 19.5 }), default_qty: 2 },
    { ...product({ id: 41, sku: 'HV-CHAN', name: 'Drainage Channel', price: 11.5 }), default_qty: 10 },
    { ...product({ id: 9, sku: 'HV-OLD', name: 'Discontinued Item', price: 5, status: 2 }), default_qty: 1 },
  ];
  return kit;
}

export function sumpWithOptions(): ProductInfo {
  return product({
    id: 28,
    sku: 'HV-SUMP-TWIN',
    name: 'Twin Sump Pump System',
    price: 895,
    url: '/twin-sump',
    options: [
      {
        option_id: 1,
        product_sku: 'HV-SUMP-TWIN',
        title: 'Control panel',
        type: 'radio',
        is_require: true,
        sort_order: 1,
        values: [
          { option_type_id: 1, title: 'Standard panel', price: 0, price_type: 'fixed', sku: 'O1V1', sort_order: 1 },
          { option_type_id: 2, title: 'Dial-out panel', price: 145, price_type: 'fixed', sku: 'O1V2', sort_order: 2 },
        ],
      },
      {
        option_id: 2,
        product_sku: 'HV-SUMP-TWIN',
        title: 'Discharge hose',
        type: 'drop_down',
        is_require: true,
        sort_order: 2,
        values: [
          { option_type_id: 3, title: '10m hose', price: 0, price_type: 'fixed', sku: 'O2V1', sort_order: 1 },
          { option_type_id: 4, title: '25m hose', price: 28, price_type: 'fixed', sku: 'O2V2', sort_order: 2 },
        ],
      },
      {
        option_id: 3,
        product_sku: 'HV-SUMP-TWIN',
        title: 'Installation pack',
        type: 'checkbox',
        is_require: false,
        sort_order: 3,
        values: [{ option_type_id: 6, title: 'Fixing pack', price: 19, price_type: 'fixed', sku: 'O3V1', sort_order: 1 }],
      },
    ],
  });
}

export function category(over: Partial<Category> = {}): Category {
  return {
    id: 104,
    parent_id: null,
    name: 'Basement Waterproofing',
    url: '/basement-waterproofing',
    position: 1,
    include_in_menu: true,
    productSkus: [],
    product_count: 2,
    attrs: {
      meta_title: 'Basement Waterproofing Products',
      meta_description: 'Cavity drain membranes and sumps.',
      image: null,
      icon: null,
      description: '<p>Long text about basements.</p><p>More text.</p>',
      custom_short_description: 'Membranes, pumps and channels.',
      url_key: 'basement-waterproofing',
      url_path: 'basement-waterproofing',
    },
    ...over,
  };
}

export function listItem(over: Partial<ProductListItem> = {}): ProductListItem {
  return {
    id: 1,
    sku: 'HV-CDM8',
    name: 'Hydrovault Cavity Drain Membrane 8mm',
    type_id: 'configurable',
    url: '/hydrovault-cavity-drain-membrane-8mm',
    price: 98,
    special_price: null,
    final_price: 98,
    min_price: 98,
    image: '/media/catalog/product/hv-cdm8-1.svg',
    short_description: 'Studded membrane.',
    is_in_stock: true,
    status: 1,
    website_ids: [1, 2],
    review_summary: { average: 4.5, count: 2 },
    ...over,
  };
}

export const emptyCart = (items: unknown[] = []) => ({ items, total: 0 });
