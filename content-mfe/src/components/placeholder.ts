/** Pictures for what has none (inline SVG, no extra request). */
const svgData = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

export const PRODUCT_PLACEHOLDER = svgData(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><rect width="96" height="96" fill="#f3f6f8"/><rect x="30" y="28" width="36" height="40" rx="3" fill="none" stroke="#c4ccd3" stroke-width="3"/></svg>',
);

/** An author without a portrait: a neutral head-and-shoulders outline. */
export const AUTHOR_PLACEHOLDER = svgData(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><rect width="96" height="96" rx="48" fill="#e8f3f8"/><circle cx="48" cy="38" r="16" fill="#9fb6c4"/><path d="M18 84c4-18 16-26 30-26s26 8 30 26" fill="#9fb6c4"/></svg>',
);

/**
 * A picture that cannot be loaded (a video host's thumbnail out of reach) keeps its box, so
 * nothing shifts, but shows the plain background instead of the browser's broken-image sign.
 */
export function hideBrokenImage(event: { currentTarget: HTMLImageElement }) {
  event.currentTarget.style.visibility = 'hidden';
}
