/**
 * `npm run check:budget -w <remote>` (after its build): the JavaScript the remote adds to its
 * heaviest page, gzip-compressed, against the budget it declares in its package.json
 * (`"budget": { "jsGzipKiB": 60 }`). A page's figure is remoteEntry.js plus the exposed module's
 * chunks (sync and async), without the shared singletons' fallback chunks (the shell provides
 * those). `npm run check:budgets` runs it for every remote and fails for each one over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { remoteJavaScript, type BuiltManifest } from './contract';

const kib = (bytes: number) => bytes / 1024;
const fmt = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;

export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export interface BudgetReport {
  remote: string;
  budgetKiB: number;
  entry: number;
  pages: { module: string; gzip: number }[];
  heaviest: { module: string; gzip: number };
  over: boolean;
}

/** Measures a built remote (its dist/) against a budget in KiB of gzip. */
export function measure(dist: string, budgetKiB: number): BudgetReport {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as BuiltManifest;
  const js = remoteJavaScript(manifest);
  const size = (file: string) => gzipSize(path.join(dist, file));
  const entry = size(js.entry);
  const pages = js.pages.map((p) => ({ module: p.module, gzip: entry + p.files.reduce((n, f) => n + size(f), 0) }));
  const heaviest = pages.reduce((a, b) => (b.gzip > a.gzip ? b : a), { module: '(remoteEntry only)', gzip: entry });
  return { remote: manifest.name, budgetKiB, entry, pages, heaviest, over: kib(heaviest.gzip) > budgetKiB };
}

function main(): number {
  const dir = process.cwd();
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; budget?: { jsGzipKiB?: unknown } };
  const budget = pkg.budget?.jsGzipKiB;
  if (typeof budget !== 'number' || !(budget > 0)) {
    console.error(`[budget] ${pkg.name}: package.json declares no "budget": { "jsGzipKiB": <number> }`);
    return 1;
  }
  if (!fs.existsSync(path.join(dir, 'dist/mf-manifest.json'))) {
    console.error(`[budget] ${pkg.name}: dist/mf-manifest.json is missing: build first (npm run build -w ${pkg.name})`);
    return 1;
  }
  const report = measure(path.join(dir, 'dist'), budget);
  console.log(
    `[budget] ${pkg.name}: heaviest page ${report.heaviest.module} ${fmt(report.heaviest.gzip)} gzip of ${budget} KiB ` +
      `(remoteEntry ${fmt(report.entry)}) ${report.over ? '✗ OVER BUDGET' : '✓'}`,
  );
  for (const page of [...report.pages].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`    ${fmt(page.gzip).padStart(10)}  ${page.module}`);
  }
  if (report.over) {
    console.error(`[budget] ${pkg.name} is over its JavaScript budget: ${fmt(report.heaviest.gzip)} > ${budget} KiB (${report.heaviest.module})`);
  }
  return report.over ? 1 : 0;
}

if (require.main === module) process.exit(main());
