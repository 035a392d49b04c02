/**
 * Descriptions come from the shop's own catalogue as HTML. They are still cleaned before they are
 * put into the page: no scripts, frames, forms, styles or event handlers, and only http(s), mailto,
 * tel and site-relative links.
 */
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT', 'LINK', 'META', 'BASE', 'TEMPLATE', 'SVG', 'MATH']);
const SAFE_URL = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  const walk = (node: ParentNode) => {
    for (const child of Array.from(node.children)) {
      if (DROP.has(child.tagName.toUpperCase())) {
        child.remove();
        continue;
      }
      for (const attr of Array.from(child.attributes)) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on') || name === 'style' || name === 'srcdoc') child.removeAttribute(attr.name);
        else if ((name === 'href' || name === 'src' || name === 'xlink:href' || name === 'action') && !SAFE_URL.test(attr.value.trim())) {
          child.removeAttribute(attr.name);
        }
      }
      if (child.tagName === 'A' && /^https?:/i.test(child.getAttribute('href') ?? '')) {
        child.setAttribute('rel', 'noopener noreferrer');
      }
      walk(child);
    }
  };
  walk(template.content);
  return template.innerHTML;
}

/** The text of an HTML fragment, whitespace collapsed (never parsed as markup into the page). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
