/**
 * Form schemas (zod) of the account and checkout forms, with the exact messages of spec section 5.
 * The browser forms (react-hook-form) and the API's validation use the same rules.
 */
export * from './messages';
export * from './countries';
export * from './address';
export * from './account';
export * from './contact';
