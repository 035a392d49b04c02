/**
 * `@shop/shared/schemas`: zod schemas of the /api requests and answers, used by the typed client
 * in the browser and by the API service for validation. One source of truth for shapes.
 */
export * from './limits';
export * from './health';
export * from './cart';
export * from './customer';
export * from './rewrite';
export * from './sitemap';
export * from './catalog';
export * from './content';
export * from './reviews';
export * from './orders';
export * from '../../forms';
export * from '../../shop';
export * from './checkout';
export * from '../../payment/providers';
