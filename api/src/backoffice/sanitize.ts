import { JSDOM } from 'jsdom';
import { sanitizeHtml, setSanitizerWindow } from '@shop/shared/sanitize';

let ready = false;

/**
 * Rich text saved in the back office (CMS pages, advice posts, category descriptions) is stored as
 * the storefront's own sanitiser (`@shop/shared/sanitize`, DOMPurify with the shop's rules) leaves
 * it: no scripts, frames, forms, styles or event handlers, safe links only. The storefront cleans
 * it again as it renders, so what is stored is exactly what shoppers see. DOMPurify needs a DOM:
 * jsdom's window, made on the first save (the storefront's API calls never load it).
 */
export function cleanHtml(html: string): string {
  if (!ready) {
    setSanitizerWindow(new JSDOM('').window as unknown as Parameters<typeof setSanitizerWindow>[0]);
    ready = true;
  }
  return sanitizeHtml(html);
}
