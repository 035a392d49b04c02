// What `npm start` builds on its first start (scripts/start.mjs): the front ends the shop serves,
// shared out between webpack processes (scripts/lib/webpack.shop.cjs).

/**
 * The front ends `npm start` serves: a file each build writes, and its build's rough cost (the
 * shell's, which bundles every shared library for the browser and the server, is about twice a
 * remote's).
 */
export const frontEnds = [
  { app: 'shell', output: 'shell/dist/index.html', cost: 2 },
  { app: 'catalog-mfe', output: 'catalog-mfe/dist/mf-manifest.json', cost: 1 },
  { app: 'content-mfe', output: 'content-mfe/dist/mf-manifest.json', cost: 1 },
  { app: 'account-mfe', output: 'account-mfe/dist/mf-manifest.json', cost: 1 },
  { app: 'checkout-mfe', output: 'checkout-mfe/dist/mf-manifest.json', cost: 1 },
  // The back office is built after the storefront, while the shop already serves (start.mjs).
  { app: 'admin', output: 'admin/dist/index.html', cost: 1, backOffice: true },
];

/** What the shop's pages need before the page server starts, and what may follow it. */
export const storefrontApps = frontEnds.filter((f) => !f.backOffice);
export const backOfficeApps = frontEnds.filter((f) => f.backOffice);

/** Splits the apps into `count` groups of about equal cost (largest first, each to the lightest group). */
export function balance(apps, count) {
  const groups = Array.from({ length: Math.min(count, apps.length) }, () => ({ cost: 0, apps: [] }));
  for (const f of [...apps].sort((a, b) => b.cost - a.cost)) {
    const lightest = groups.reduce((a, b) => (b.cost < a.cost ? b : a));
    lightest.apps.push(f.app);
    lightest.cost += f.cost;
  }
  return groups.map((g) => g.apps);
}
