import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/**
 * HTML from the shop's database (CMS pages, advice articles, product and category descriptions) is
 * cleaned with DOMPurify before it is put into the page: no scripts, frames, forms, styles or event
 * handlers, and only http(s), mailto, tel and site-relative links. One sanitiser for every remote.
 */
const FORBID_TAGS = ['style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'template', 'svg', 'math'];
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

let purifier: Purifier | null = null;
type SanitizerWindow = Parameters<typeof DOMPurify>[0];
let serverWindow: SanitizerWindow | null = null;

/**
 * The page server has no browser window: it gives the sanitiser one (jsdom's) before rendering,
 * so HTML is cleaned the same way on the server as in the browser.
 */
export function setSanitizerWindow(win: SanitizerWindow): void {
  serverWindow = win;
  purifier = null;
}

/** A DOMPurify instance of our own, so its hooks never touch another caller's. */
function instance(): Purifier {
  if (purifier) return purifier;
  const made = DOMPurify(serverWindow ?? window);
  made.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'src', 'xlink:href', 'action']) {
      const value = node.getAttribute?.(name);
      if (value != null && !SAFE_URL.test(value.trim())) node.removeAttribute(name);
    }
    // Links that leave the shop must not hand it the opener.
    if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = made;
  return made;
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return instance().sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style', 'srcdoc'], ALLOW_DATA_ATTR: false });
}
