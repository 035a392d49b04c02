export * from './api';
export * from './actions';
export * from './hooks';
