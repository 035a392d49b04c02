// The route-list contract between the remotes and the shell (imported as '@shop/shared/routes';
// not part of the federated singleton: it is read before any remote is loaded).
export * from './remotes';
export * from './routeList';
export * from './compose';
export * from './load';
