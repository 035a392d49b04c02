/**
 * Page weight: the JavaScript a shopper downloads to see a page, split into the shell's own
 * (initial) JS and the remotes', with gzip sizes. Needs a running shop:
 *   npm start &  then  npm run page-weight -w bench -- http://localhost:8080 / /damp-proofing
 */
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:8080', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/'];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function main() {
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

for (const path of pages) {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body) scripts.push({ url: res.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const shell = scripts.filter((s) => !s.url.includes('/remotes/'));
  const remotes = scripts.filter((s) => s.url.includes('/remotes/'));
  const sum = (list: typeof scripts, k: 'raw' | 'gzip') => list.reduce((n, s) => n + s[k], 0);
  console.log(`\n${path}`);
  console.log(`  shell (initial) JS: ${shell.length} files, ${kb(sum(shell, 'raw'))} raw, ${kb(sum(shell, 'gzip'))} gzip`);
  console.log(`  remote JS:          ${remotes.length} files, ${kb(sum(remotes, 'raw'))} raw, ${kb(sum(remotes, 'gzip'))} gzip`);
  for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 6)) {
    console.log(`    ${kb(s.gzip).padStart(10)} gzip  ${s.url.replace(base, '')}`);
  }
  await page.close();
}
await browser.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
