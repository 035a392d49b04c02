/**
 * `npm run check:budgets:pages` (after `npm run build`): the JavaScript a first visit to each kind
 * of page downloads before the page is idle (home, a category, a product, an article), gzip
 * (level 9, as the budgets of the remotes are counted), split by the app that serves it, against:
 * - PAGE_BUDGET_KIB in total per page;
 * - each app's own `"budget": { "initialJsGzipKiB": n }` in its package.json (shell and remotes).
 * Starts the production shop (or uses SHOP_BASE), prints a table, and exits 1 if anything is over.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHECKED_PAGES, CHROMIUM_PATH, startShop } from './shop';

export const PAGE_BUDGET_KIB = 150;
export const APPS = ['shell', 'catalog-mfe', 'content-mfe', 'account-mfe', 'checkout-mfe'] as const;
type App = (typeof APPS)[number];

const root = path.resolve(__dirname, '..');
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The app a script belongs to: remotes are served under /remotes/<name>/, the rest is the shell's. */
export function appOf(url: string): App {
  const remote = /\/remotes\/([^/]+)\//.exec(new URL(url).pathname)?.[1];
  const app = APPS.find((a) => a !== 'shell' && remote !== undefined && (a === remote || a === `${remote}-mfe`));
  return app ?? 'shell';
}

function appBudgets(): Map<App, number> {
  const budgets = new Map<App, number>();
  for (const app of APPS) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, app, 'package.json'), 'utf8')) as { budget?: { initialJsGzipKiB?: unknown } };
    const budget = pkg.budget?.initialJsGzipKiB;
    if (typeof budget === 'number' && budget > 0) budgets.set(app, budget);
  }
  return budgets;
}

export interface PageWeight {
  page: string;
  files: number;
  total: number;
  byApp: Map<App, number>;
}

/** The scripts one first visit (fresh context, empty cache) downloads until the network is idle. */
export async function measurePage(browser: Browser, base: string, pagePath: string, name: string, ready: string): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const byApp = new Map<App, number>();
  let files = 0;
  let total = 0;
  let settled = false;
  page.on('response', (res) => {
    if (settled || res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => {
          const gzip = zlib.gzipSync(body, { level: 9 }).length;
          const app = appOf(res.url());
          byApp.set(app, (byApp.get(app) ?? 0) + gzip);
          files += 1;
          total += gzip;
        },
        () => undefined,
      ),
    );
  });
  const answer = await page.goto(base + pagePath);
  if (!answer?.ok()) throw new Error(`${pagePath} answered ${answer?.status()}`);
  // The page is there once its remote has rendered it; what it fetches until the network is next
  // quiet is its initial JavaScript. Later loads (a region scrolled to, or loaded when idle) are not.
  await page.waitForSelector(ready, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  settled = true;
  await Promise.all(pending);
  await context.close();
  return { page: name, files, total, byApp };
}

async function main(): Promise<number> {
  for (const app of APPS) {
    const built = app === 'shell' ? 'shell/dist/index.html' : `${app}/dist/mf-manifest.json`;
    if (!fs.existsSync(path.join(root, built))) {
      console.error(`[budget] ${built} is missing: build first (npm run build)`);
      return 1;
    }
  }
  const budgets = appBudgets();
  const shop = await startShop();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const over: string[] = [];
  try {
    // Each page once first: a shop that has just started answers its first requests from cold
    // caches, and a page whose data is late renders in the browser (more JavaScript) that once.
    for (const { path: pagePath } of CHECKED_PAGES) await fetch(shop.base + pagePath).then((res) => res.arrayBuffer());
    const weights: PageWeight[] = [];
    for (const { name, path: pagePath, ready } of CHECKED_PAGES) weights.push(await measurePage(browser, shop.base, pagePath, `${name} ${pagePath}`, ready));
    const header = ['page', 'files', 'total KiB', ...APPS.map((a) => `${a} KiB`)];
    const rows = weights.map((w) => [w.page, String(w.files), kib(w.total), ...APPS.map((a) => kib(w.byApp.get(a) ?? 0))]);
    const budgetRow = ['budget', '', String(PAGE_BUDGET_KIB), ...APPS.map((a) => (budgets.has(a) ? String(budgets.get(a)) : '-'))];
    const widths = header.map((h, i) => Math.max(h.length, ...[...rows, budgetRow].map((r) => r[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
    console.log(`[budget] initial JavaScript per page, gzip, before idle (${shop.base}):`);
    console.log(line(header));
    console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
    for (const row of [...rows, budgetRow]) console.log(line(row));
    for (const w of weights) {
      if (w.total / 1024 > PAGE_BUDGET_KIB) over.push(`${w.page}: ${kib(w.total)} KiB > ${PAGE_BUDGET_KIB} KiB in total`);
      for (const [app, budget] of budgets) {
        const weight = w.byApp.get(app) ?? 0;
        if (weight / 1024 > budget) over.push(`${w.page}: ${app} ${kib(weight)} KiB > its ${budget} KiB`);
      }
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
  for (const o of over) console.error(`[budget] over: ${o}`);
  console.log(over.length ? `[budget] ✗ ${over.length} over budget` : '[budget] ✓ every page within its initial JavaScript budgets');
  return over.length ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
