import type { BlogPost, CmsPage, ProductListItem } from '@shop/shared';

export function cmsPage(over: Partial<CmsPage> = {}): CmsPage {
  return {
    id: 1,
    identifier: 'about',
    title: 'About Us',
    content_heading: null,
    content: '<p>We keep buildings dry.</p>',
    meta_title: null,
    meta_description: 'Who we are and how we help.',
    meta_keywords: null,
    url: '/about',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function blogPost(over: Partial<BlogPost> = {}): BlogPost {
  const urlKey = over.url_key ?? 'fitting-a-sump-pump';
  return {
    id: 1,
    url_key: urlKey,
    name: 'Fitting a sump pump',
    image: `/media/content/advice/${urlKey}.svg`,
    is_video: false,
    video_id: null,
    short_content: 'A step-by-step guide.',
    meta_title: null,
    meta_description: 'How to fit a sump pump.',
    post_content: '<h2>Before you start</h2><p>Check the chamber.</p>',
    publish_date: '2026-02-01T09:00:00.000Z',
    author_id: 1,
    author_name: 'Dan Whitaker',
    author_url: '/about#dan-whitaker',
    related_product_skus: [],
    url: `/advice/${urlKey}`,
    ...over,
  };
}

export function listItem(over: Partial<ProductListItem> = {}): ProductListItem {
  return {
    id: 5,
    sku: 'HV-ALARM',
    name: 'Water Alarm',
    type_id: 'simple',
    url: '/water-alarm',
    price: 89,
    special_price: null,
    final_price: 89,
    min_price: 89,
    image: '/media/alarm.svg',
    short_description: null,
    is_in_stock: true,
    status: 1,
    website_ids: [2],
    review_summary: { average: 0, count: 0 },
    ...over,
  };
}
