/**
 * Advice posts whose image is a full web link are videos (spec section 2): the link is the video's
 * thumbnail, and the video id is taken from it. The player comes from YouTube's privacy-enhanced
 * host, which sets no cookies until the shopper plays the video.
 */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** A full web link (http or https), as opposed to a path under /media. */
export function isVideoLink(image: string | null | undefined): boolean {
  return /^https?:\/\//i.test(image?.trim() ?? '');
}

const VIDEO_ID = /^[\w-]{6,20}$/;

/**
 * The video id of a thumbnail or watch link: img.youtube.com/vi/{id}/..., i.ytimg.com/vi/{id}/...,
 * youtube.com/embed/{id}, youtube.com/shorts/{id}, youtu.be/{id} or youtube.com/watch?v={id}.
 * Null when the link carries no id that looks like one.
 */
export function videoIdOf(link: string | null | undefined): string | null {
  if (!isVideoLink(link)) return null;
  let url: URL;
  try {
    url = new URL(link!.trim());
  } catch {
    return null;
  }
  const fromPath = url.pathname.match(/\/(?:vi|vi_webp|embed|shorts)\/([^/]+)/)?.[1];
  const candidate = fromPath ?? (url.hostname === 'youtu.be' ? url.pathname.split('/')[1] : url.searchParams.get('v'));
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The player's address for a video id (plays when opened: the shopper asked for it). */
export function embedUrl(videoId: string): string {
  return `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}
