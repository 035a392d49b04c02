/** @shop/shared: the contract between the shell and the remotes. Keep it small and stable. */
export * from './shop';
export * from './atoms';
export * from './api/client';
export * from './api/schemas/cart';
export * from './api/schemas/customer';
export * from './pricing';
export * from './ui';
export * from './api/schemas/rewrite';
export * from './api/schemas/orders';
export * from './forms';
export * from './basket';
export * from './auth';
export * from './api/schemas/catalog';
export * from './api/schemas/content';
export * from './data/categories';
export * from './observability';
export * from './api/schemas/reviews';
