import { chromium } from '@playwright/test';
(async () => {
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const p = await b.newPage({ viewport: { width: 390, height: 844 } });
  p.on('requestfailed', (r) => console.log('FAILED', r.url(), r.failure()?.errorText)); p.on('pageerror', (e) => console.log('pageerror', e.message)); p.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
  p.on('response', (r) => { console.log(r.status(), r.url()); });
  await p.goto('http://localhost:9240' + (process.argv[2] ?? '/hydrovault-cavity-drain-membrane-8mm'), { waitUntil: 'networkidle' });
  await p.screenshot({ path: '/tmp/i18diet-product-390.png', fullPage: false });
  await b.close();
})();
