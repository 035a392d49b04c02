/**
 * The single drizzle schema index: drizzle-kit reads it to generate `api/migrations`, and the
 * drizzle client is typed from it. Each domain adds one line for its `src/<domain>/schema.ts`.
 */
export * from './meta-schema';
// export * from '../catalog/schema';
export * from '../catalog/schema';
export * from '../content/schema';
export * from '../reviews/schema';
export * from '../customer/schema';
export * from '../orders/schema';
export * from '../orders/fulfilment-schema';
export * from '../mail/schema';
export * from '../cart/schema';
export * from '../payment/schema';
export * from '../payment/providers/test/schema';
export * from '../auth/schema';
export * from '../jobs/schema';
export * from '../backoffice/schema';
