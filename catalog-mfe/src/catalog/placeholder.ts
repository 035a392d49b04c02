/** Shown where a product or category has no image (an inline SVG, no extra request). */
const svg = (w: number, h: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#f3f6f8"/><g fill="none" stroke="#c4ccd3" stroke-width="${Math.round(w / 100)}"><rect x="${w * 0.35}" y="${h * 0.3}" width="${w * 0.3}" height="${h * 0.4}" rx="${w * 0.02}"/><path d="M${w * 0.35} ${h * 0.62} l${w * 0.1} -${h * 0.12} l${w * 0.07} ${h * 0.08} l${w * 0.05} -${h * 0.05} l${w * 0.08} ${h * 0.09}"/></g></svg>`,
  )}`;

export const PRODUCT_PLACEHOLDER = svg(800, 800);
export const CATEGORY_PLACEHOLDER = svg(1200, 400);
