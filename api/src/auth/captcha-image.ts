import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '@shop/shared/schemas';

/**
 * The captcha picture: 6 characters drawn by the server into a 220x80 raster (a PNG), each
 * rotated, sheared, waved and coloured at random, over noisy background, lines and dots. A raster
 * with no text in it (unlike an SVG of <text> or glyph paths) needs OCR to read.
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

const bitmaps = new Map(
  Object.entries(GLYPHS).map(([ch, rows]) => [ch, rows.split('|').map((row) => [...row].map((c) => c === '#'))]),
);

/** 6 characters from the captcha alphabet, from a cryptographic random source. */
export function randomCaptchaCode(): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

const rand = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);

/** A PNG (220x80) of the code, as bytes. */
export function renderCaptchaPng(code: string): Buffer {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const px = new Uint8Array(w * h * 3);
  const set = (x: number, y: number, [r, g, b]: number[]) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const i = (y * w + x) * 3;
    px[i] = r!;
    px[i + 1] = g!;
    px[i + 2] = b!;
  };
  // Speckled light background.
  const base = [randomInt(225, 245), randomInt(225, 245), randomInt(220, 240)];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) set(x, y, base.map((c) => c + randomInt(-14, 10)));
  // Faint lines behind the text.
  for (let n = 0; n < 4; n++) curve(set, w, h, [randomInt(140, 210), randomInt(140, 210), randomInt(140, 210)], 1);

  const step = (w - 24) / code.length;
  for (let i = 0; i < code.length; i++) {
    const glyph = bitmaps.get(code[i]!);
    if (!glyph) throw new Error(`No glyph for ${code[i]}`);
    const colour = [randomInt(10, 110), randomInt(10, 110), randomInt(10, 110)];
    const cx = 12 + step * (i + 0.5) + rand(-3, 3);
    const cy = h / 2 + rand(-7, 7);
    const scale = rand(4.6, 5.6);
    const angle = rand(-0.3, 0.3);
    const shear = rand(-0.25, 0.25);
    const phase = rand(0, Math.PI * 2);
    const cos = Math.cos(-angle);
    const sin = Math.sin(-angle);
    for (let y = Math.floor(cy - 30); y <= cy + 30; y++) {
      for (let x = Math.floor(cx - 24); x <= cx + 24; x++) {
        const dx = x - cx;
        const dy = y - cy;
        const gy = (dx * sin + dy * cos) / scale + 3.5;
        const gx = (dx * cos - dy * sin) / scale + 2.5 + shear * (gy - 3.5) + 0.2 * Math.sin(gy * 1.4 + phase);
        const row = glyph[Math.floor(gy)];
        if (row?.[Math.floor(gx)]) set(x, y, colour.map((c) => c + randomInt(-20, 20)));
      }
    }
  }
  // Lines through the text and dots over everything.
  for (let n = 0; n < 2; n++) curve(set, w, h, [randomInt(30, 150), randomInt(30, 150), randomInt(30, 150)], 2);
  for (let n = 0; n < 260; n++) {
    set(randomInt(w), randomInt(h), [randomInt(0, 200), randomInt(0, 200), randomInt(0, 200)]);
  }
  return encodePng(px, w, h);
}

export function captchaDataUrl(code: string): string {
  return `data:image/png;base64,${renderCaptchaPng(code).toString('base64')}`;
}

type Setter = (x: number, y: number, rgb: number[]) => void;

function curve(set: Setter, w: number, h: number, colour: number[], thickness: number) {
  const y0 = rand(10, h - 10);
  const amplitude = rand(5, 20);
  const period = rand(40, 120);
  const phase = rand(0, Math.PI * 2);
  const slope = rand(-0.2, 0.2);
  for (let x = 0; x < w; x++) {
    const y = Math.round(y0 + slope * x + amplitude * Math.sin(x / period * Math.PI * 2 + phase));
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
