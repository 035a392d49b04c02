// Runtime plugin of a remote's server build: its images are served from wherever the remote's
// browser build is deployed, which the page server knows only at run time (it sets the map).
/* global __webpack_public_path__: writable */
const base = globalThis.__SHOP_REMOTE_PUBLIC_PATHS__ && globalThis.__SHOP_REMOTE_PUBLIC_PATHS__[process.env.SHOP_REMOTE_NAME];
if (base) __webpack_public_path__ = base;

export default function serverPublicPath() {
  return { name: 'shop-server-public-path' };
}
