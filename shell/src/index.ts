// Async boundary: lets the federation runtime negotiate shared singletons before any app code runs.
import('./bootstrap');

// Shared libraries the shell provides for the remotes only (see providedForRemotes): referenced, never called.
export { providedForRemotes } from './federation/providedForRemotes';
