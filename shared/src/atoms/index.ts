export * from './store';
export * from './auth';
export * from './cart';
export * from './cookies';
export * from './checkout';
