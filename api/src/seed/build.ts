import { RANGE_MAKER, SHOP_NAME } from '@shop/shared/shop';
import type {
  blogAuthors,
  blogPostProducts,
  blogPosts,
  categories,
  cmsPages,
  featuredProducts,
  productCategories,
  productConfigurableLinks,
  productConfigurableOptions,
  productDownloads,
  productLinks,
  productMedia,
  productOptions,
  productOptionValues,
  productReviews,
  products,
  productStock,
  productTierPrices,
  storeReviews,
  urlRewrites,
} from '../db/schema';
import { seedPosts, seedAuthors } from './data/blog';
import { seedCategories } from './data/categories';
import { seedCmsPages } from './data/cms-pages';
import { seedProducts } from './data/products';
import { seedProductReviews, seedStoreReviews } from './data/reviews';
import { CONFIGURABLE_ATTRIBUTES, type Brand, type SeedProduct, type SeedVariant } from './data/types';
import { renderPdf, type PdfBlock } from './pdf';
import { avatarSvg, bannerSvg, categoryIconSvg, productSvg, type ProductPicture } from './svg';

/**
 * Turns the seed data (./data) into table rows and media files. Pure and deterministic: the same
 * data always gives the same rows (ids, dates) and the same files, so ETags stay stable across
 * reseeds and every machine generates identical media.
 */

/** Bump when the seeded content changes (recorded in app_meta 'seed'). */
export const SEED_VERSION = 1;

/** Dates in the seed are relative to this moment. */
export const SEED_REFERENCE_DATE = new Date('2025-06-01T09:00:00Z');

const MANUFACTURER: Record<Brand, string> = { hydrovault: '4', northgate: '499', 'northgate-6': '6' };
const BRAND_NAME: Record<Brand, string> = { hydrovault: RANGE_MAKER, northgate: SHOP_NAME, 'northgate-6': SHOP_NAME };
const BRAND_ACCENT: Record<Brand, string> = { hydrovault: '#1f5f99', northgate: '#0b6e4f', 'northgate-6': '#0b6e4f' };

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface SeedRows {
  categories: Insert<typeof categories>[];
  products: Insert<typeof products>[];
  productStock: Insert<typeof productStock>[];
  productCategories: Insert<typeof productCategories>[];
  productMedia: Insert<typeof productMedia>[];
  productTierPrices: Insert<typeof productTierPrices>[];
  productOptions: Insert<typeof productOptions>[];
  productOptionValues: Insert<typeof productOptionValues>[];
  productConfigurableOptions: Insert<typeof productConfigurableOptions>[];
  productConfigurableLinks: Insert<typeof productConfigurableLinks>[];
  productLinks: Insert<typeof productLinks>[];
  productDownloads: Insert<typeof productDownloads>[];
  featuredProducts: Insert<typeof featuredProducts>[];
  urlRewrites: Insert<typeof urlRewrites>[];
  cmsPages: Insert<typeof cmsPages>[];
  blogAuthors: Insert<typeof blogAuthors>[];
  blogPosts: Insert<typeof blogPosts>[];
  blogPostProducts: Insert<typeof blogPostProducts>[];
  storeReviews: Insert<typeof storeReviews>[];
  productReviews: Insert<typeof productReviews>[];
}

export interface SeedBuild {
  rows: SeedRows;
  /** Files to write under the media directory: relative path → content. */
  media: Map<string, string | Buffer>;
}

const daysAgo = (days: number, hour = 9) => new Date(SEED_REFERENCE_DATE.getTime() - days * 86_400_000 + (hour - 9) * 3_600_000);
const pence = (pounds: number) => Math.round(pounds * 100);

/** 'Hydrovault Sealed Membrane Fixing Plugs' → 'hydrovault-sealed-membrane-fixing-plugs' */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const html = (paragraphs: string[]) => paragraphs.map((p) => (p.startsWith('<') ? p : `<p>${p}</p>`)).join('');
const featureList = (features: string[]) => `<ul>${features.map((f) => `<li>${f}</li>`).join('')}</ul>`;

/** Featured on the home page: [sku, strapline, sash text, sash colour, button text]. */
const FEATURED: Array<[string, string, string | null, string | null, string]> = [
  ['HV-CDM8', 'The UK’s favourite 8mm cavity drain membrane, BBA certified.', 'Best Seller', '#0b6e4f', 'Shop Now'],
  ['HV-SUMP-TWIN', 'Duty and standby pumps with alarm: the standard for habitable basements.', 'Recommended', '#1f5f99', 'View System'],
  ['HV-SUMP-SINGLE', 'Everything for a storage cellar sump, now £46 off.', 'Offer', '#c0392b', 'Shop Now'],
  ['HV-DPC-CREAM', 'Inject a new damp proof course in a day.', 'Trade Favourite', '#8e44ad', 'Shop Now'],
  ['HV-KIT-BASEMENT', 'Membrane, plugs, tape and channel for 40m² of wall in one order.', 'New', '#d35400', 'Build Your Kit'],
  ['HV-RADON-BARRIER', 'Radon and damp protection in one blue membrane.', null, null, 'Shop Now'],
];

/** Old paths of the previous website that moved: [old path, new request path]. */
const MOVED: Array<[string, string]> = [
  ['damp-proof-membranes', 'damp-proofing'],
  ['cavity-drain-membranes', 'basement-waterproofing/cavity-drain-membranes'],
  ['shop/sump-pumps', 'sump-pumps'],
  ['tanking', 'tanking-and-sealing'],
  ['about-us', 'about'],
  ['delivery', 'delivery-and-returns'],
  ['hydrovault', 'about/hydrovault-systems'],
  ['hydrovault-8mm-membrane.html', 'hydrovault-cavity-drain-membrane-8mm'],
  ['products/twin-sump-pump', 'hydrovault-twin-sump-pump-system'],
  ['dpc-cream', 'hydrovault-dpc-injection-cream'],
];

function picture(p: SeedProduct): ProductPicture {
  return {
    kind: p.kind,
    palette: { body: p.colour, accent: BRAND_ACCENT[p.brand] },
    label: p.label,
    brand: BRAND_NAME[p.brand],
    name: p.name,
  };
}

function datasheetBlocks(p: SeedProduct, kind: 'datasheet' | 'installation' | 'safety'): PdfBlock[] {
  const brand = BRAND_NAME[p.brand];
  const strip = (s: string) => s.replace(/<[^>]+>/g, '');
  const head: PdfBlock[] = [
    { type: 'title', text: `${p.name}` },
    { type: 'paragraph', text: `${kind === 'datasheet' ? 'Product datasheet' : kind === 'installation' ? 'Installation guide' : 'Safety data summary'} – ${brand}. Technical helpline: see www.northgate-membranes.co.uk/contact.` },
  ];
  const spec: PdfBlock[] = [
    { type: 'heading', text: 'Specification' },
    { type: 'row', label: 'SKU', value: p.sku },
    ...(p.spec.model ? [{ type: 'row' as const, label: 'Model', value: p.spec.model }] : []),
    ...(p.spec.packaging ? [{ type: 'row' as const, label: 'Packaging', value: p.spec.packaging }] : []),
    ...(p.spec.size ? [{ type: 'row' as const, label: 'Size', value: p.spec.size }] : []),
    ...(p.spec.coverage ? [{ type: 'row' as const, label: 'Coverage', value: p.spec.coverage }] : []),
    ...(p.spec.colour ? [{ type: 'row' as const, label: 'Colour', value: p.spec.colour }] : []),
    ...(p.spec.ce ? [{ type: 'row' as const, label: 'CE marking', value: p.spec.ce }] : []),
    ...(p.spec.bba ? [{ type: 'row' as const, label: 'BBA certificate', value: p.spec.bba }] : []),
    { type: 'row', label: 'Country of manufacture', value: p.spec.country === 'DE' ? 'Germany' : 'United Kingdom' },
  ];
  switch (kind) {
    case 'datasheet':
      return [
        ...head,
        { type: 'heading', text: 'Description' },
        ...p.description.map((text): PdfBlock => ({ type: 'paragraph', text: strip(text) })),
        { type: 'heading', text: 'Features' },
        ...p.features.map((text): PdfBlock => ({ type: 'bullet', text: strip(text) })),
        ...spec,
        ...(p.variants
          ? [
              { type: 'heading' as const, text: 'Available as' },
              ...p.variants.values.map((v): PdfBlock => ({ type: 'row', label: `${p.sku}-${v.suffix}`, value: v.label })),
            ]
          : []),
      ];
    case 'installation':
      return [
        ...head,
        { type: 'heading', text: 'Before you start' },
        { type: 'paragraph', text: 'Read this guide fully before starting. Check the delivery against the order and store materials flat, dry and out of direct sunlight. Wear gloves and eye protection when drilling and cutting.' },
        { type: 'heading', text: 'Installation' },
        ...p.description.map((text): PdfBlock => ({ type: 'paragraph', text: strip(text) })),
        { type: 'heading', text: 'Key points' },
        ...p.features.map((text): PdfBlock => ({ type: 'bullet', text: strip(text) })),
        { type: 'heading', text: 'Standards' },
        { type: 'paragraph', text: 'Design and install below-ground waterproofing in accordance with BS 8102:2022. Where a system is to be guaranteed, follow the manufacturer’s details without substitution.' },
        ...spec,
      ];
    case 'safety':
      return [
        ...head,
        { type: 'heading', text: 'Handling' },
        { type: 'paragraph', text: 'Avoid contact with skin and eyes. Wear nitrile gloves and safety glasses. Use in a well-ventilated area. Keep out of reach of children.' },
        { type: 'heading', text: 'First aid' },
        { type: 'bullet', text: 'Eyes: rinse with plenty of clean water for at least 15 minutes and seek medical advice.' },
        { type: 'bullet', text: 'Skin: wash with soap and water. Remove contaminated clothing.' },
        { type: 'bullet', text: 'Swallowed: rinse mouth, do not induce vomiting, seek medical advice and show this sheet.' },
        { type: 'heading', text: 'Storage and disposal' },
        { type: 'paragraph', text: 'Store in the original container between 5°C and 30°C, protected from frost. Dispose of empty containers and residues through a licensed waste contractor in line with local regulations.' },
        ...spec,
      ];
  }
}

export function buildSeed(): SeedBuild {
  const media = new Map<string, string | Buffer>();
  const rows: SeedRows = {
    categories: [],
    products: [],
    productStock: [],
    productCategories: [],
    productMedia: [],
    productTierPrices: [],
    productOptions: [],
    productOptionValues: [],
    productConfigurableOptions: [],
    productConfigurableLinks: [],
    productLinks: [],
    productDownloads: [],
    featuredProducts: [],
    urlRewrites: [],
    cmsPages: [],
    blogAuthors: [],
    blogPosts: [],
    blogPostProducts: [],
    storeReviews: [],
    productReviews: [],
  };

  // ------------------------------------------------------------------ categories
  const categoryPath = new Map<number, string>();
  for (const c of seedCategories) {
    const parentPath = c.parentId ? categoryPath.get(c.parentId) : undefined;
    const urlPath = parentPath ? `${parentPath}/${c.urlKey}` : c.urlKey;
    categoryPath.set(c.id, urlPath);
    const image = `/media/catalog/category/${c.urlKey}.svg`;
    media.set(`catalog/category/${c.urlKey}.svg`, bannerSvg(c.name, c.short, c.colour, c.motif));
    let icon: string | null = null;
    if (c.icon) {
      icon = `/media/catalog/category/icons/${c.id}.svg`;
      media.set(`catalog/category/icons/${c.id}.svg`, categoryIconSvg(c.icon, c.colour, c.name));
    }
    rows.categories.push({
      id: c.id,
      parentId: c.parentId,
      name: c.name,
      urlKey: c.urlKey,
      urlPath,
      position: c.position,
      isActive: true,
      includeInMenu: true,
      image,
      icon,
      description: c.description,
      customShortDescription: c.short,
      metaTitle: c.metaTitle,
      metaDescription: c.metaDescription,
      updatedAt: daysAgo(30),
    });
    rows.urlRewrites.push({
      entityType: 'category',
      entityId: c.id,
      requestPath: urlPath,
      targetPath: `catalog/category/view/id/${c.id}`,
      redirectType: 0,
    });
  }

  // ------------------------------------------------------------------ products
  const idBySku = new Map<string, number>();
  const pathBySku = new Map<string, string>();
  const stockBySku = new Map<string, number>();
  const priceBySku = new Map<string, number>();
  let nextId = 1;
  let nextOptionId = 1;
  let nextValueId = 1;
  let nextConfigId = 1;
  const valueIndexes = new Map<string, number>();
  const valueIndexOf = (attribute: string, label: string) => {
    const key = `${attribute}:${label}`;
    let index = valueIndexes.get(key);
    if (index === undefined) {
      index = CONFIGURABLE_ATTRIBUTES[attribute as keyof typeof CONFIGURABLE_ATTRIBUTES].id * 100 + valueIndexes.size + 1;
      valueIndexes.set(key, index);
    }
    return index;
  };
  const categoryPositions = new Map<number, number>();

  const baseAttrs = (p: SeedProduct, v?: SeedVariant) => ({
    short_description: p.short,
    description: html(p.description),
    product_features: featureList(p.features),
    meta_title: `${v ? `${p.name} ${v.label}` : p.name} | ${BRAND_NAME[p.brand]}`,
    meta_description: `${p.short} Buy online from ${SHOP_NAME} with free technical advice.`.slice(0, 300),
    model: p.spec.model ?? null,
    manufacturer: MANUFACTURER[p.brand],
    packaging: v?.packaging ?? p.spec.packaging ?? null,
    size: v?.size ?? p.spec.size ?? null,
    coverage: v?.coverage ?? p.spec.coverage ?? null,
    colour_2: p.variants?.attribute === 'colour' && v ? v.label : (p.spec.colour ?? null),
    ce_mark: p.spec.ce ?? null,
    bba_cert: p.spec.bba ?? null,
    country_of_manufacture: p.spec.country,
  });

  const pushTiers = (productId: number, tiers: SeedProduct['tiers']) => {
    for (const [group, qty, price] of tiers ?? []) {
      rows.productTierPrices.push({ productId, customerGroupId: group, qty, valuePence: pence(price) });
    }
  };

  for (const p of seedProducts) {
    const id = nextId++;
    const urlKey = p.urlKey ?? slugify(p.name);
    idBySku.set(p.sku, id);
    pathBySku.set(p.sku, urlKey);
    const pic = picture(p);
    const slug = slugify(p.sku);
    const files: string[] = [];
    for (let i = 0; i < p.gallery; i++) {
      const file = `catalog/product/${slug}-${i + 1}.svg`;
      media.set(file, productSvg(pic, i));
      files.push(`/media/${file}`);
    }
    const created = daysAgo(p.addedDaysAgo ?? 365);
    rows.products.push({
      id,
      sku: p.sku,
      name: p.name,
      typeId: p.variants ? 'configurable' : p.grouped ? 'grouped' : 'simple',
      status: p.status ?? 1,
      visibility: 4,
      websiteIds: p.websites ?? [1, 2],
      pricePence: pence(p.variants ? Math.min(...p.variants.values.map((v) => v.price)) : p.price),
      specialPricePence: p.special === undefined ? null : pence(p.special),
      urlKey,
      image: files[0] ?? null,
      attrs: baseAttrs(p),
      weightGrams: p.weightKg === undefined ? null : Math.round(p.weightKg * 1000),
      bestsellerScore: p.bestseller ?? 0,
      createdAt: created,
      updatedAt: created,
    });
    priceBySku.set(p.sku, p.special ?? p.price);
    files.forEach((file, i) =>
      rows.productMedia.push({
        productId: id,
        file,
        label: i === 0 ? p.name : `${p.name}, picture ${i + 1}`,
        position: i + 1,
        types: i === 0 ? ['image', 'small_image', 'thumbnail'] : [],
        disabled: false,
      }),
    );
    pushTiers(id, p.tiers);
    for (const categoryId of p.categories) {
      const position = (categoryPositions.get(categoryId) ?? 0) + 1;
      categoryPositions.set(categoryId, position);
      rows.productCategories.push({ categoryId, productId: id, position });
    }
    rows.urlRewrites.push({ entityType: 'product', entityId: id, requestPath: urlKey, targetPath: `catalog/product/view/id/${id}`, redirectType: 0 });

    (p.options ?? []).forEach((option, i) => {
      const optionId = nextOptionId++;
      rows.productOptions.push({ id: optionId, productId: id, title: option.title, type: option.type ?? 'drop_down', isRequire: option.required, sortOrder: i + 1 });
      option.values.forEach(([title, price], j) =>
        rows.productOptionValues.push({
          id: nextValueId++,
          optionId,
          title,
          sku: `${p.sku}-O${optionId}V${j + 1}`,
          pricePence: pence(price),
          sortOrder: j + 1,
        }),
      );
    });

    for (const kind of p.docs ?? []) {
      const file = `datasheets/${slug}-${kind}.pdf`;
      media.set(file, renderPdf(datasheetBlocks(p, kind), { title: p.name, author: BRAND_NAME[p.brand] }));
      const title = kind === 'datasheet' ? 'Product Datasheet' : kind === 'installation' ? 'Installation Guide' : 'Safety Data Sheet';
      rows.productDownloads.push({ productId: id, title: `${title} (PDF)`, url: `/media/${file}`, position: rows.productDownloads.length + 1 });
    }

    let stockQty = p.stock ?? 0;
    if (p.variants) {
      const attribute = CONFIGURABLE_ATTRIBUTES[p.variants.attribute];
      rows.productConfigurableOptions.push({
        id: nextConfigId++,
        productId: id,
        attributeId: attribute.id,
        attributeCode: p.variants.attribute,
        label: attribute.label,
        position: 0,
        values: p.variants.values.map((v) => ({ value_index: valueIndexOf(p.variants!.attribute, v.label), label: v.label })),
      });
      stockQty = 0;
      p.variants.values.forEach((v, i) => {
        const childId = nextId++;
        const sku = `${p.sku}-${v.suffix}`;
        idBySku.set(sku, childId);
        pathBySku.set(sku, urlKey);
        priceBySku.set(sku, v.special ?? v.price);
        stockBySku.set(sku, v.stock ?? 0);
        stockQty += v.stock ?? 0;
        rows.products.push({
          id: childId,
          sku,
          name: `${p.name} – ${v.label}`,
          typeId: 'simple',
          status: p.status ?? 1,
          visibility: 1,
          websiteIds: p.websites ?? [1, 2],
          pricePence: pence(v.price),
          specialPricePence: v.special === undefined ? null : pence(v.special),
          urlKey: `${urlKey}-${slugify(v.suffix)}`,
          image: files[0] ?? null,
          attrs: baseAttrs(p, v),
          weightGrams: v.weightKg === undefined ? null : Math.round(v.weightKg * 1000),
          bestsellerScore: 0,
          createdAt: created,
          updatedAt: created,
        });
        rows.productMedia.push({ productId: childId, file: files[0]!, label: `${p.name} – ${v.label}`, position: 1, types: ['image', 'small_image', 'thumbnail'], disabled: false });
        pushTiers(childId, v.tiers);
        rows.productStock.push({ productId: childId, qty: v.stock ?? 0, isInStock: (v.stock ?? 0) > 0, updatedAt: daysAgo(1) });
        rows.productConfigurableLinks.push({
          parentId: id,
          childId,
          optionValues: { [String(attribute.id)]: valueIndexOf(p.variants!.attribute, v.label) },
          position: i + 1,
        });
      });
    }
    stockBySku.set(p.sku, stockQty);
    if (!p.grouped) rows.productStock.push({ productId: id, qty: stockQty, isInStock: stockQty > 0, updatedAt: daysAgo(1) });
  }

  // Links need every id: related/upsell/crosssell, grouped items (and their prices and stock).
  const idOf = (sku: string, from: string) => {
    const id = idBySku.get(sku);
    if (id === undefined) throw new Error(`Seed data: ${from} links to unknown sku ${sku}`);
    return id;
  };
  for (const p of seedProducts) {
    const id = idOf(p.sku, p.sku);
    const link = (linkType: 'related' | 'upsell' | 'crosssell', skus: string[] | undefined) =>
      (skus ?? []).forEach((sku, i) => rows.productLinks.push({ productId: id, linkType, linkedProductId: idOf(sku, p.sku), position: i + 1, qty: null }));
    link('related', p.related);
    link('upsell', p.upsell);
    link('crosssell', p.crosssell);
    if (p.grouped) {
      p.grouped.forEach(([sku, qty], i) =>
        rows.productLinks.push({ productId: id, linkType: 'associated', linkedProductId: idOf(sku, p.sku), position: i + 1, qty }),
      );
      const row = rows.products.find((r) => r.id === id)!;
      row.pricePence = pence(Math.min(...p.grouped.map(([sku]) => priceBySku.get(sku) ?? Infinity)));
      const kits = Math.min(...p.grouped.map(([sku, qty]) => Math.floor((stockBySku.get(sku) ?? 0) / Math.max(1, qty))));
      rows.productStock.push({ productId: id, qty: kits, isInStock: kits > 0, updatedAt: daysAgo(1) });
    }
  }

  FEATURED.forEach(([sku, strapline, sashText, sashColour, buttonText], i) =>
    rows.featuredProducts.push({ productId: idOf(sku, 'featured'), strapline, sashText, sashColour, buttonText, position: i + 1, isActive: true }),
  );

  // ------------------------------------------------------------------ CMS pages
  seedCmsPages.forEach((page, i) => {
    const id = i + 1;
    rows.cmsPages.push({
      id,
      identifier: page.identifier,
      title: page.title,
      contentHeading: page.contentHeading,
      content: page.content,
      metaTitle: page.metaTitle,
      metaDescription: page.metaDescription,
      metaKeywords: page.metaKeywords,
      isActive: true,
      createdAt: daysAgo(400),
      updatedAt: daysAgo(20),
    });
    rows.urlRewrites.push({ entityType: 'cms-page', entityId: id, requestPath: page.path, targetPath: `cms/page/view/page_id/${id}`, redirectType: 0 });
  });

  // ------------------------------------------------------------------ 301s from old paths
  const current = new Map(rows.urlRewrites.map((r) => [r.requestPath, r]));
  for (const [oldPath, newPath] of MOVED) {
    const target = current.get(newPath);
    if (!target) throw new Error(`Seed data: 301 from ${oldPath} to unknown path ${newPath}`);
    rows.urlRewrites.push({ entityType: target.entityType, entityId: target.entityId, requestPath: oldPath, targetPath: newPath, redirectType: 301 });
  }

  // ------------------------------------------------------------------ advice: authors and posts
  const authorIds = new Map<string, number>();
  seedAuthors.forEach((a, i) => {
    const id = i + 1;
    authorIds.set(a.urlKey, id);
    let image: string | null = null;
    if (a.avatarColour) {
      image = `/media/content/authors/${a.urlKey}.svg`;
      media.set(`content/authors/${a.urlKey}.svg`, avatarSvg(a.name, a.avatarColour));
    }
    rows.blogAuthors.push({ id, name: a.name, urlKey: a.urlKey, jobTitle: a.jobTitle, image, shortDescription: a.shortDescription });
  });
  seedPosts.forEach((post, i) => {
    const id = i + 1;
    let image: string;
    if (post.video) {
      image = `https://img.youtube.com/vi/${post.video}/hqdefault.jpg`;
    } else {
      image = `/media/content/advice/${post.urlKey}.svg`;
      media.set(`content/advice/${post.urlKey}.svg`, bannerSvg(post.name, post.shortContent, post.colour, post.motif ?? 'roll'));
    }
    const authorId = authorIds.get(post.author);
    if (authorId === undefined) throw new Error(`Seed data: post ${post.urlKey} has unknown author ${post.author}`);
    rows.blogPosts.push({
      id,
      urlKey: post.urlKey,
      name: post.name,
      image,
      shortContent: post.shortContent,
      postContent: post.content,
      metaTitle: `${post.name} | ${SHOP_NAME} Advice`,
      metaDescription: post.metaDescription,
      publishDate: new Date(post.publishDate),
      authorId,
      isActive: true,
    });
    post.relatedSkus.forEach((sku, j) => rows.blogPostProducts.push({ postId: id, productId: idOf(sku, post.urlKey), position: j + 1 }));
  });

  // ------------------------------------------------------------------ reviews
  for (const r of seedStoreReviews) {
    rows.storeReviews.push({
      nickname: r.nickname,
      location: r.location,
      title: r.title,
      detail: r.detail,
      rating: r.rating,
      approved: r.approved ?? true,
      createdAt: daysAgo(r.daysAgo, 10 + (r.daysAgo % 8)),
    });
  }
  for (const r of seedProductReviews) {
    const created = daysAgo(r.daysAgo, 11 + (r.daysAgo % 7));
    rows.productReviews.push({
      productId: idOf(r.sku, 'review'),
      customerId: null,
      nickname: r.nickname,
      title: r.title,
      detail: r.detail,
      rating: r.rating,
      approved: r.approved ?? true,
      createdAt: created,
      updatedAt: created,
    });
  }

  return { rows, media };
}

/** Counts of what the seed holds, for logs and the report. */
export function describeSeed(rows: SeedRows) {
  const shown = rows.products.filter((p) => p.status === 1 && p.websiteIds?.includes(2) && p.visibility === 4);
  return {
    categories: rows.categories.length,
    products: rows.products.length,
    shownProducts: shown.length,
    configurable: rows.products.filter((p) => p.typeId === 'configurable').length,
    grouped: rows.products.filter((p) => p.typeId === 'grouped').length,
    cmsPages: rows.cmsPages.length,
    blogPosts: rows.blogPosts.length,
    authors: rows.blogAuthors.length,
    rewrites: rows.urlRewrites.length,
    storeReviews: rows.storeReviews.length,
    productReviews: rows.productReviews.length,
  };
}
