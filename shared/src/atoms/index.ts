export * from './store';
export * from './auth';
export * from './cart';
export * from './storage';
