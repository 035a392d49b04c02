import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '@shop/shared/schemas';

/**
 * The captcha picture: 6 characters drawn by the server into a 220x80 raster (a PNG). A raster
 * with no text in it (unlike an SVG of <text> or glyph paths) needs OCR to read, and the drawing
 * (renderCaptchaPng) is made so that knowing the base font does not help.
 */

/** 5x7 glyphs of the captcha alphabet (no I, O, l, 0, 1). */
const GLYPHS: Record<string, string> = {
  A: '.###.|#...#|#...#|#####|#...#|#...#|#...#', B: '####.|#...#|#...#|####.|#...#|#...#|####.',
  C: '.###.|#...#|#....|#....|#....|#...#|.###.', D: '####.|#...#|#...#|#...#|#...#|#...#|####.',
  E: '#####|#....|#....|####.|#....|#....|#####', F: '#####|#....|#....|####.|#....|#....|#....',
  G: '.###.|#...#|#....|#.###|#...#|#...#|.####', H: '#...#|#...#|#...#|#####|#...#|#...#|#...#',
  J: '..###|...#.|...#.|...#.|...#.|#..#.|.##..', K: '#...#|#..#.|#.#..|##...|#.#..|#..#.|#...#',
  L: '#....|#....|#....|#....|#....|#....|#####', M: '#...#|##.##|#.#.#|#.#.#|#...#|#...#|#...#',
  N: '#...#|#...#|##..#|#.#.#|#..##|#...#|#...#', P: '####.|#...#|#...#|####.|#....|#....|#....',
  Q: '.###.|#...#|#...#|#...#|#.#.#|#..#.|.##.#', R: '####.|#...#|#...#|####.|#.#..|#..#.|#...#',
  S: '.####|#....|#....|.###.|....#|....#|####.', T: '#####|..#..|..#..|..#..|..#..|..#..|..#..',
  U: '#...#|#...#|#...#|#...#|#...#|#...#|.###.', V: '#...#|#...#|#...#|#...#|#...#|.#.#.|..#..',
  W: '#...#|#...#|#...#|#.#.#|#.#.#|#.#.#|.#.#.', X: '#...#|#...#|.#.#.|..#..|.#.#.|#...#|#...#',
  Y: '#...#|#...#|.#.#.|..#..|..#..|..#..|..#..', Z: '#####|....#|...#.|..#..|.#...|#....|#####',
  a: '.....|.....|.###.|....#|.####|#...#|.####', b: '#....|#....|#.##.|##..#|#...#|#...#|####.',
  c: '.....|.....|.###.|#....|#....|#...#|.###.', d: '....#|....#|.##.#|#..##|#...#|#...#|.####',
  e: '.....|.....|.###.|#...#|#####|#....|.###.', f: '..##.|.#..#|.#...|###..|.#...|.#...|.#...',
  g: '.....|.####|#...#|#...#|.####|....#|.###.', h: '#....|#....|#.##.|##..#|#...#|#...#|#...#',
  i: '..#..|.....|.##..|..#..|..#..|..#..|.###.', j: '...#.|.....|..##.|...#.|...#.|#..#.|.##..',
  k: '#....|#....|#..#.|#.#..|##...|#.#..|#..#.', m: '.....|.....|##.#.|#.#.#|#.#.#|#...#|#...#',
  n: '.....|.....|#.##.|##..#|#...#|#...#|#...#', o: '.....|.....|.###.|#...#|#...#|#...#|.###.',
  p: '.....|####.|#...#|#...#|####.|#....|#....', q: '.....|.####|#...#|#...#|.####|....#|....#',
  r: '.....|.....|#.##.|##..#|#....|#....|#....', s: '.....|.....|.####|#....|.###.|....#|####.',
  t: '.#...|.#...|###..|.#...|.#...|.#..#|..##.', u: '.....|.....|#...#|#...#|#...#|#..##|.##.#',
  v: '.....|.....|#...#|#...#|#...#|.#.#.|..#..', w: '.....|.....|#...#|#...#|#.#.#|#.#.#|.#.#.',
  x: '.....|.....|#...#|.#.#.|..#..|.#.#.|#...#', y: '.....|#...#|#...#|#...#|.####|....#|.###.',
  z: '.....|.....|#####|...#.|..#..|.#...|#####', '2': '.###.|#...#|....#|...#.|..#..|.#...|#####',
  '3': '#####|...#.|..#..|...#.|....#|#...#|.###.', '4': '...#.|..##.|.#.#.|#..#.|#####|...#.|...#.',
  '5': '#####|#....|####.|....#|....#|#...#|.###.', '6': '..##.|.#...|#....|####.|#...#|#...#|.###.',
  '7': '#####|....#|...#.|..#..|.#...|.#...|.#...', '8': '.###.|#...#|#...#|.###.|#...#|#...#|.###.',
  '9': '.###.|#...#|#...#|.####|....#|...#.|.##..',
};

/** The base font as bitmaps (rows of on/off cells), by character. */
export const BITMAP_FONT: ReadonlyMap<string, boolean[][]> = new Map(
  Object.entries(GLYPHS).map(([ch, rows]) => [ch, rows.split('|').map((row) => [...row].map((c) => c === '#'))]),
);

/** 6 characters from the captcha alphabet, from a cryptographic random source. */
export function randomCaptchaCode(): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

const clamp = (c: number) => Math.min(255, Math.max(0, c));
const rand = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);

/**
 * A PNG (220x80) of the code, as bytes. Made to defeat a reader that knows the font: every glyph
 * is rebuilt from the base font's cells as overlapping ink blobs of random size and jitter (so
 * no two draws of a letter share a shape), scaled on each axis, rotated and sheared on its own,
 * placed with random advances so neighbours overlap (no fixed slots), then the whole text is
 * bent by a wave. Lines in the text's colours run through the characters, another line in the
 * background colour cuts them, and speckles and short strokes cover everything.
 */
export function renderCaptchaPng(code: string): Buffer {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const px = new Uint8Array(w * h * 3);
  const set = (x: number, y: number, [r, g, b]: number[]) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const i = (y * w + x) * 3;
    px[i] = clamp(r!);
    px[i + 1] = clamp(g!);
    px[i + 2] = clamp(b!);
  };
  // Speckled light background, faint lines behind the text.
  const base = [randomInt(225, 245), randomInt(225, 245), randomInt(220, 240)];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) set(x, y, base.map((c) => c + randomInt(-14, 10)));
  for (let n = 0; n < 4; n++) curve(set, w, h, [randomInt(140, 210), randomInt(140, 210), randomInt(140, 210)], 1);

  // The text, first as ink (glyph index + 1 per pixel) on its own layer.
  const ink = new Uint8Array(w * h);
  const colours: number[][] = [];
  const shapes = [...code].map((ch) => {
    const glyph = BITMAP_FONT.get(ch);
    if (!glyph) throw new Error(`No glyph for ${ch}`);
    return { glyph, sx: rand(4.1, 5.6), sy: rand(5.4, 7.4), advance: rand(0.84, 0.98), angle: rand(-0.28, 0.28), shear: rand(-0.3, 0.3), blob: rand(0.58, 0.72) };
  });
  const width = shapes.reduce((sum, g) => sum + 5 * g.sx * g.advance, 0);
  let left = (w - width) / 2 + rand(-10, 10);
  shapes.forEach((g, index) => {
    colours.push([randomInt(10, 110), randomInt(10, 110), randomInt(10, 110)]);
    const cx = left + 2.5 * g.sx;
    const cy = h / 2 + rand(-8, 8);
    left += 5 * g.sx * g.advance;
    const cos = Math.cos(g.angle);
    const sin = Math.sin(g.angle);
    g.glyph.forEach((row, r) =>
      row.forEach((on, c) => {
        if (!on) return;
        // The cell's centre, jittered, sheared, scaled and rotated about the glyph's centre.
        const gy = r + 0.5 - 3.5 + rand(-0.08, 0.08);
        const gx = c + 0.5 - 2.5 + rand(-0.08, 0.08) + g.shear * gy;
        const dx = gx * g.sx;
        const dy = gy * g.sy;
        const bx = cx + dx * cos - dy * sin;
        const by = cy + dx * sin + dy * cos;
        const rx = g.blob * g.sx * rand(0.9, 1.15);
        const ry = g.blob * g.sy * rand(0.9, 1.15);
        for (let y = Math.floor(by - ry); y <= by + ry; y++) {
          for (let x = Math.floor(bx - rx); x <= bx + rx; x++) {
            if (x < 0 || y < 0 || x >= w || y >= h) continue;
            if (((x - bx) / rx) ** 2 + ((y - by) / ry) ** 2 <= 1) ink[y * w + x] = index + 1;
          }
        }
      }),
    );
  });

  // The whole text bent by waves, then drawn.
  const ax = rand(1.5, 2.8);
  const ay = rand(2, 3.2);
  const [p1, p2, p3] = [rand(9, 16), rand(20, 40), rand(18, 34)];
  const [f1, f2, f3] = [rand(0, 7), rand(0, 7), rand(0, 7)];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.round(x + ax * Math.sin(y / p1 + f1) + 1.5 * Math.sin((x + y) / p2 + f2));
      const sy = Math.round(y + ay * Math.sin(x / p3 + f3));
      if (sx < 0 || sy < 0 || sx >= w || sy >= h) continue;
      const glyph = ink[sy * w + sx]!;
      if (glyph) set(x, y, colours[glyph - 1]!.map((c) => c + randomInt(-20, 20)));
    }
  }

  // Lines through the text in its own colours, one cutting it in the background's, then noise.
  for (let n = 0; n < 3; n++) curve(set, w, h, colours[randomInt(colours.length)]!, 2, true);
  curve(set, w, h, base, 2, true);
  for (let n = 0; n < 14; n++) {
    const colour = colours[randomInt(colours.length)]!;
    const x0 = randomInt(w);
    const y0 = randomInt(h);
    const angle = rand(0, Math.PI);
    const length = randomInt(5, 14);
    for (let t = 0; t < length; t++) set(Math.round(x0 + t * Math.cos(angle)), Math.round(y0 + t * Math.sin(angle)), colour);
  }
  for (let n = 0; n < 320; n++) {
    set(randomInt(w), randomInt(h), [randomInt(0, 200), randomInt(0, 200), randomInt(0, 200)]);
  }
  return encodePng(px, w, h);
}

export function captchaDataUrl(code: string): string {
  return `data:image/png;base64,${renderCaptchaPng(code).toString('base64')}`;
}

type Setter = (x: number, y: number, rgb: number[]) => void;

/** A wavy line across the picture; `throughText` keeps it in the band where the text is. */
function curve(set: Setter, w: number, h: number, colour: number[], thickness: number, throughText = false) {
  const y0 = throughText ? rand(h * 0.3, h * 0.7) : rand(10, h - 10);
  const amplitude = throughText ? rand(4, 12) : rand(5, 20);
  const period = rand(40, 120);
  const phase = rand(0, Math.PI * 2);
  const slope = rand(-0.15, 0.15);
  for (let x = 0; x < w; x++) {
    const y = Math.round(y0 + slope * (x - w / 2) + amplitude * Math.sin((x / period) * Math.PI * 2 + phase));
    for (let t = 0; t < thickness; t++) set(x, y + t, colour);
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** 8-bit RGB PNG, no interlace, filter 0 on every row. */
function encodePng(rgb: Uint8Array, w: number, h: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * w * 3, w * 3).copy(raw, y * (w * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
