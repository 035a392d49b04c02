import { chromium } from '@playwright/test';
const [,, url, w='390', h='844'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: +w, height: +h } });
await p.goto(url); await p.waitForLoadState('networkidle');
const r = await p.evaluate(() => {
  const q = (s) => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.height)]; };
  return { tabs: q('[data-tabs]'), details: q('[data-tabs]')?.parentElement && (()=>{const r=document.querySelector('[data-tabs]').parentElement.parentElement.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.height)]})(), upsell: q('section[aria-labelledby="catalog-upsell-heading"]'), related: q('aside[aria-labelledby="catalog-related-heading"]'), docH: document.documentElement.scrollHeight };
});
console.log(JSON.stringify(r));
await b.close();
