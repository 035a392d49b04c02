/**
 * @shop/shared: the contract between the shell and the remotes. Keep it small and stable.
 *
 * This entry loads no zod: it is in every page's first JavaScript. The zod schemas (API answers,
 * forms) are exported here as types only; their values come from '@shop/shared/schemas', its own
 * federated singleton, imported by forms and by calls that parse (or loaded on demand).
 */
export * from './shop';
export * from './atoms';
export * from './api/client';
export * from './api/schemas/limits';
export * from './payment/providers';
export type * from './api/schemas/cart';
export type * from './api/schemas/customer';
export type * from './api/schemas/rewrite';
export type * from './api/schemas/orders';
export type * from './api/schemas/catalog';
export type * from './api/schemas/content';
export type * from './api/schemas/reviews';
export * from './pricing';
export * from './format';
export * from './ui';
export type * from './forms/messages';
export type * from './forms/countries';
export type * from './forms';
export * from './basket';
export * from './auth';
export * from './data/categories';
export * from './observability';
export * from './html/SafeHtml';
export * from './pageData';
export * from './data/links';
