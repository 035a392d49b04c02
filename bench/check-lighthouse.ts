/**
 * `npm run check:lighthouse` (after `npm run build`): Lighthouse (mobile: its default emulation and
 * simulated throttling) once on each kind of page of the production shop (home, a category, a
 * product, an article), against thresholds a little under the targets of issue 18, to absorb the
 * noise of one run on a CI machine. Prints a table; exits 1 when any page is under a threshold.
 * A page under a threshold is run twice more and judged on its median run (one run is at the mercy
 * of a busy machine; Lighthouse CI also judges a representative median run).
 * Starts the shop itself (or uses SHOP_BASE); Chromium from CHROMIUM_PATH (/usr/bin/chromium).
 */
import net from 'node:net';
import { chromium } from '@playwright/test';
import { CHECKED_PAGES, CHROMIUM_PATH, startShop } from './shop';

/** Scores 0-100 at least; metrics at most (ms, CLS unitless). */
export const THRESHOLDS = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.05,
};

interface PageResult {
  page: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failures: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Judges one Lighthouse result against THRESHOLDS. */
export function judge(
  page: string,
  lhr: {
    categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
    audits: Record<string, { numericValue?: number; score?: number | null }>;
  },
): PageResult {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const scores = { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') };
  const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;
  const tbtMs = lhr.audits['total-blocking-time']?.numericValue ?? Infinity;
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity;
  const failures: string[] = [];
  for (const [id, value] of Object.entries(scores)) {
    const min = THRESHOLDS[id as keyof typeof scores];
    if (value >= min) continue;
    // Which audits cost the points (scored ones below 1), so the fix can start from the table.
    const failing = id === 'performance' ? [] : (lhr.categories[id]?.auditRefs ?? []).filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => r.id);
    failures.push(`${id} ${value} < ${min}${failing.length ? ` (${failing.join(', ')})` : ''}`);
  }
  if (lcpMs > THRESHOLDS.lcpMs) failures.push(`LCP ${Math.round(lcpMs)} ms > ${THRESHOLDS.lcpMs} ms`);
  if (tbtMs > THRESHOLDS.tbtMs) failures.push(`TBT ${Math.round(tbtMs)} ms > ${THRESHOLDS.tbtMs} ms`);
  if (cls > THRESHOLDS.cls) failures.push(`CLS ${cls.toFixed(3)} > ${THRESHOLDS.cls}`);
  return { page, scores, lcpMs, tbtMs, cls, failures };
}

/** The run in the middle by performance score (then LCP): the median of three. */
export function medianRun(runs: PageResult[]): PageResult {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance || b.lcpMs - a.lcpMs);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { ...median, page: `${median.page} (median of ${runs.length})` };
}

async function main(): Promise<number> {
  // Lighthouse is an ES module only.
  const { default: lighthouse } = await import('lighthouse');
  const shop = await startShop();
  const port = await freePort();
  // Lighthouse drives this Chromium over its debugging port (a new tab per run).
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const results: PageResult[] = [];
  try {
    const run = async (path: string) => {
      const runner = await lighthouse(`${shop.base}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!runner) throw new Error(`Lighthouse gave no result for ${path}`);
      if (runner.lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${runner.lhr.runtimeError.message}`);
      return runner.lhr as unknown as Parameters<typeof judge>[1];
    };
    for (const { name, path } of CHECKED_PAGES) {
      const page = `${name} ${path}`;
      const first = judge(page, await run(path));
      if (first.failures.length === 0) {
        results.push(first);
        continue;
      }
      // One run is at the mercy of the machine (a starved renderer paints a second late). A page
      // under a threshold is measured twice more and judged on its median run, as Lighthouse CI
      // picks its representative run; the thresholds stay as they are.
      console.log(`[lighthouse] ${page}: ${first.failures.join(', ')} in one run; two more runs decide (median)`);
      const runs = [first, judge(page, await run(path)), judge(page, await run(path))];
      results.push(medianRun(runs));
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'TBT', 'CLS', 'result'];
  const rows = results.map((r) => [
    r.page,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores['best-practices']),
    String(r.scores.seo),
    `${(r.lcpMs / 1000).toFixed(1)} s`,
    `${Math.round(r.tbtMs)} ms`,
    r.cls.toFixed(3),
    r.failures.length ? '✗' : '✓',
  ]);
  const limits = ['thresholds', `≥${THRESHOLDS.performance}`, `≥${THRESHOLDS.accessibility}`, `≥${THRESHOLDS['best-practices']}`, `≥${THRESHOLDS.seo}`, `≤${THRESHOLDS.lcpMs / 1000} s`, `≤${THRESHOLDS.tbtMs} ms`, `≤${THRESHOLDS.cls}`, ''];
  const widths = header.map((h, i) => Math.max(h.length, ...[...rows, limits].map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`[lighthouse] mobile, one run per page, three for a page under a threshold (${shop.base}):`);
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of [...rows, limits]) console.log(line(row));
  const failed = results.filter((r) => r.failures.length > 0);
  for (const r of failed) console.error(`[lighthouse] ${r.page}: ${r.failures.join(', ')}`);
  console.log(failed.length ? `[lighthouse] ✗ ${failed.length} of ${results.length} pages under the thresholds` : '[lighthouse] ✓ every page meets the thresholds');
  return failed.length ? 1 : 0;
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
