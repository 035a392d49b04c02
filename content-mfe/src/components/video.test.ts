import { embedUrl, isVideoLink, videoIdOf } from './video';

describe('video posts', () => {
  it('treats a full web link as a video and a media path as an image', () => {
    expect(isVideoLink('https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg')).toBe(true);
    expect(isVideoLink('http://youtu.be/dQw4w9WgXcQ')).toBe(true);
    expect(isVideoLink('/media/content/advice/sump.svg')).toBe(false);
    expect(isVideoLink('')).toBe(false);
    expect(isVideoLink(null)).toBe(false);
  });

  it.each([
    ['https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg', 'dQw4w9WgXcQ'],
    ['https://i.ytimg.com/vi_webp/Ab-12_cdEFg/maxresdefault.webp', 'Ab-12_cdEFg'],
    ['https://www.youtube.com/watch?v=Ab-12_cdEFg&t=30s', 'Ab-12_cdEFg'],
    ['https://youtu.be/Ab-12_cdEFg', 'Ab-12_cdEFg'],
    ['https://www.youtube.com/embed/Ab-12_cdEFg', 'Ab-12_cdEFg'],
    ['https://www.youtube.com/shorts/Ab-12_cdEFg', 'Ab-12_cdEFg'],
  ])('takes the video id from %s', (link, id) => {
    expect(videoIdOf(link)).toBe(id);
  });

  it('finds no id in links without one, or with one that is not an id', () => {
    expect(videoIdOf('/media/a.svg')).toBeNull();
    expect(videoIdOf('https://example.com/picture.jpg')).toBeNull();
    expect(videoIdOf('https://img.youtube.com/vi/"><script>/x.jpg')).toBeNull();
    expect(videoIdOf('https://')).toBeNull();
  });

  it('embeds from the privacy-enhanced host', () => {
    expect(embedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  });
});
