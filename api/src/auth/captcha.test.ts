import { inflateSync } from 'node:zlib';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, captchaAnswerSchema } from '@shop/shared/schemas';
import { useTestApp } from '../test/app';
import { BITMAP_FONT, randomCaptchaCode, renderCaptchaPng } from './captcha-image';
import { LIMITS } from './rate-limit';

/** The PNG's pixels as RGB (the encoder writes 8-bit RGB rows with filter 0). */
function decodePng(png: Buffer): { w: number; h: number; rgb: Buffer } {
  const w = png.readUInt32BE(16);
  const h = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('ascii');
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgb = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    expect(raw[y * (w * 3 + 1)]).toBe(0);
    raw.copy(rgb, y * w * 3, y * (w * 3 + 1) + 1, (y + 1) * (w * 3 + 1));
  }
  return { w, h, rgb };
}

/**
 * The attack that read the old captcha: dark pixels, six slots of known width, and every glyph of
 * the fixed 5x7 bitmap font matched as a template at small offsets in each slot.
 */
function templateReader(png: Buffer): string {
  const { w, h, rgb } = decodePng(png);
  const dark = new Int8Array(w * h);
  for (let i = 0; i < w * h; i++) dark[i] = 0.3 * rgb[i * 3]! + 0.59 * rgb[i * 3 + 1]! + 0.11 * rgb[i * 3 + 2]! < 140 ? 1 : 0;
  const scale = 5.1;
  const tw = Math.ceil(5 * scale);
  const th = Math.ceil(7 * scale);
  const templates = [...CAPTCHA_ALPHABET].map((ch) => {
    const glyph = BITMAP_FONT.get(ch)!;
    const cells = new Int8Array(tw * th);
    for (let y = 0; y < th; y++) for (let x = 0; x < tw; x++) cells[y * tw + x] = glyph[Math.floor(y / scale)]?.[Math.floor(x / scale)] ? 1 : 0;
    return { ch, cells };
  });
  const step = (w - 24) / 6;
  let read = '';
  for (let slot = 0; slot < 6; slot++) {
    let best = { score: -Infinity, ch: '?' };
    for (let ox = -4; ox <= 4; ox += 4) {
      for (let oy = -6; oy <= 6; oy += 3) {
        const x0 = Math.round(12 + step * (slot + 0.5) + ox - tw / 2);
        const y0 = Math.round(h / 2 + oy - th / 2);
        for (const { ch, cells } of templates) {
          let score = 0;
          for (let y = 0; y < th; y++) {
            const iy = y0 + y;
            if (iy < 0 || iy >= h) continue;
            for (let x = 0; x < tw; x++) {
              const ix = x0 + x;
              if (ix < 0 || ix >= w) continue;
              const d = dark[iy * w + ix]!;
              score += cells[y * tw + x] ? (d ? 1 : -1) : d ? -0.6 : 0;
            }
          }
          if (score > best.score) best = { score, ch };
        }
      }
    }
    read += best.ch;
  }
  return read;
}

describe('the captcha picture', () => {
  it('keeps the spec’s rules: 6 characters without look-alikes, a 220x80 PNG', () => {
    for (let i = 0; i < 50; i++) expect(randomCaptchaCode()).toMatch(/^[A-HJ-NP-Za-km-z2-9]{6}$/);
    const png = renderCaptchaPng('aB3xYz');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const { w, h } = decodePng(png);
    expect([w, h]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
  });

  it('is not read by template matching of a fixed font in fixed slots', () => {
    const rounds = 10;
    let characters = 0;
    let whole = 0;
    for (let i = 0; i < rounds; i++) {
      const code = randomCaptchaCode();
      const read = templateReader(renderCaptchaPng(code));
      for (let k = 0; k < 6; k++) if (read[k] === code[k]) characters++;
      if (read === code) whole++;
    }
    // Chance is 1 in 54 per character; the old picture gave this reader well over half.
    expect(whole).toBe(0);
    expect(characters / (rounds * 6)).toBeLessThan(0.2);
  });

  it('never draws the same code the same way twice', () => {
    expect(renderCaptchaPng('aB3xYz').equals(renderCaptchaPng('aB3xYz'))).toBe(false);
  });
});

describe('issuing captchas', () => {
  const t = useTestApp();

  it('is limited per client address (scripts cannot farm challenges); another client is not affected', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/customer/captcha', remoteAddress });
    for (let i = 0; i < LIMITS.captchaIssuePerIp.max; i++) {
      const res = await from('192.0.2.40');
      expect(res.statusCode).toBe(200);
      captchaAnswerSchema.parse(res.json());
    }
    const refused = await from('192.0.2.40');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts/);
    expect((await from('192.0.2.41')).statusCode).toBe(200);
    expect(LIMITS.captchaIssuePerIp.max).toBeLessThanOrEqual(10);
  });
});
