import type { SitemapAnswer } from '@shop/shared/schemas';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * /sitemap.xml (sitemaps.org 0.9) from the API's list of pages (GET /api/sitemap), on the shop's
 * public origin (SHOP_URL), as its canonical links are. A sitemap holds at most 50,000 addresses:
 * more are left out (a shop that size needs a sitemap index).
 */
export function sitemapXml(answer: SitemapAnswer, origin: string): string {
  const urls = answer.entries
    .slice(0, 50_000)
    .map((e) => `  <url><loc>${escapeXml(origin + encodeURI(e.path))}</loc><lastmod>${escapeXml(e.lastmod)}</lastmod></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** /robots.txt: everything may be crawled but the basket, checkout and account pages; the sitemap's address. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /checkout', 'Disallow: /customer/', 'Disallow: /sales/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
