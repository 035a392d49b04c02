/**
 * SVG illustrations of the shop's products, categories and articles, drawn by code so the seeded
 * shop has real pictures with no binary assets. Each is a small (1–4 KB) self-contained SVG with
 * no script and no external references.
 */

export type ProductKind =
  | 'roll'
  | 'mesh'
  | 'pump'
  | 'sump'
  | 'channel'
  | 'tub'
  | 'cartridge'
  | 'tape'
  | 'plugs'
  | 'sheet'
  | 'kit'
  | 'tool'
  | 'can'
  | 'panel'
  | 'tophat'
  | 'hose'
  | 'corner';

export interface Palette {
  /** Main colour of the product itself. */
  body: string;
  /** Accent (label, brand band). */
  accent: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function frame(width: number, height: number, title: string, body: string, background = '#f3f6f8'): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${esc(title)}</title>` +
    `<rect width="${width}" height="${height}" fill="${background}"/>` +
    body +
    '</svg>'
  );
}

/** A brand strip at the foot of product pictures. */
function brandBand(brand: string, caption: string, accent: string): string {
  return (
    `<rect x="0" y="700" width="800" height="100" fill="${accent}"/>` +
    `<text x="40" y="760" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" fill="#fff">${esc(brand)}</text>` +
    `<text x="760" y="760" font-family="Arial,Helvetica,sans-serif" font-size="26" fill="#fff" text-anchor="end">${esc(caption)}</text>`
  );
}

function studs(x: number, y: number, w: number, h: number, step: number, fill: string, r = step / 3.2): string {
  let out = '';
  for (let row = 0, yy = y + step / 2; yy < y + h; row++, yy += step) {
    for (let xx = x + (row % 2 ? step : step / 2); xx < x + w; xx += step) {
      out += `<circle cx="${xx.toFixed(1)}" cy="${yy.toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}"/>`;
    }
  }
  return out;
}

const shade = (hex: string, amount: number) => {
  const n = parseInt(hex.slice(1), 16);
  const channel = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  const r = channel(n >> 16);
  const g = channel((n >> 8) & 255);
  const b = channel(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
};

/** The main picture of a product of a kind. */
function drawKind(kind: ProductKind, p: Palette, label: string): string {
  const dark = shade(p.body, -0.15);
  const light = shade(p.body, 0.18);
  switch (kind) {
    case 'roll':
    case 'mesh':
      return (
        `<path d="M250 470 L700 420 L700 640 L250 690 Z" fill="${p.body}"/>` +
        `<g opacity="0.9">${studs(260, 440, 430, 230, kind === 'mesh' ? 26 : 34, light)}</g>` +
        `<rect x="170" y="150" width="200" height="420" rx="12" fill="${p.body}"/>` +
        `<ellipse cx="270" cy="150" rx="100" ry="40" fill="${light}"/>` +
        `<ellipse cx="270" cy="150" rx="34" ry="14" fill="${dark}"/>` +
        `<ellipse cx="270" cy="570" rx="100" ry="40" fill="${dark}"/>` +
        `<rect x="170" y="290" width="200" height="90" fill="${p.accent}"/>` +
        `<text x="270" y="345" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>` +
        (kind === 'mesh' ? `<path d="M250 470 L700 420 L700 640 L250 690 Z" fill="none" stroke="#e9edf0" stroke-width="3" stroke-dasharray="6 8"/>` : '')
      );
    case 'sheet':
      return (
        `<rect x="120" y="330" width="560" height="220" rx="14" fill="${p.body}"/>` +
        `<rect x="120" y="330" width="560" height="40" fill="${light}"/>` +
        `<path d="M680 350 q60 80 0 180" fill="none" stroke="${dark}" stroke-width="18"/>` +
        `<rect x="300" y="400" width="200" height="90" fill="${p.accent}"/>` +
        `<text x="400" y="456" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'pump':
      return (
        `<rect x="300" y="230" width="200" height="360" rx="40" fill="${p.body}"/>` +
        `<rect x="300" y="230" width="200" height="70" rx="30" fill="${dark}"/>` +
        `<rect x="370" y="120" width="60" height="120" fill="#8a949c"/>` +
        `<rect x="355" y="100" width="90" height="30" rx="6" fill="#6b757d"/>` +
        `<g fill="${dark}">${[0, 1, 2, 3, 4].map((i) => `<rect x="${325 + i * 33}" y="540" width="16" height="40" rx="6"/>`).join('')}</g>` +
        `<path d="M500 300 q90 20 80 140" fill="none" stroke="#333" stroke-width="6"/>` +
        `<ellipse cx="580" cy="460" rx="34" ry="22" fill="${p.accent}"/>` +
        `<rect x="320" y="350" width="160" height="70" rx="8" fill="${p.accent}"/>` +
        `<text x="400" y="396" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'sump':
      return (
        `<path d="M190 230 L610 230 L570 640 L230 640 Z" fill="${p.body}"/>` +
        `<rect x="170" y="200" width="460" height="46" rx="10" fill="${dark}"/>` +
        `<rect x="340" y="140" width="120" height="60" rx="8" fill="${p.accent}"/>` +
        `<rect x="440" y="90" width="30" height="120" fill="#8a949c"/>` +
        `<path d="M240 330 L560 330" stroke="${light}" stroke-width="8"/>` +
        `<path d="M250 420 L550 420" stroke="${light}" stroke-width="8"/>` +
        `<path d="M262 510 L538 510" stroke="${light}" stroke-width="8"/>` +
        `<text x="400" y="182" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'channel':
      return (
        `<path d="M110 520 L640 300 L700 330 L170 550 Z" fill="${light}"/>` +
        `<path d="M110 520 L170 550 L170 620 L110 590 Z" fill="${dark}"/>` +
        `<path d="M170 550 L700 330 L700 400 L170 620 Z" fill="${p.body}"/>` +
        [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${200 + i * 60}" y="${505 - i * 25}" width="26" height="12" transform="rotate(-22 ${213 + i * 60} ${511 - i * 25})" fill="${dark}"/>`).join('') +
        `<rect x="300" y="600" width="220" height="70" rx="8" fill="${p.accent}"/>` +
        `<text x="410" y="646" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'tub':
      return (
        `<path d="M240 260 L560 260 L530 630 L270 630 Z" fill="${p.body}"/>` +
        `<rect x="225" y="220" width="350" height="55" rx="10" fill="${dark}"/>` +
        `<path d="M270 220 q130 -120 260 0" fill="none" stroke="#6b757d" stroke-width="10"/>` +
        `<rect x="265" y="360" width="270" height="150" fill="${p.accent}"/>` +
        `<text x="400" y="450" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'can':
      return (
        `<rect x="250" y="220" width="300" height="410" rx="26" fill="${p.body}"/>` +
        `<rect x="300" y="170" width="90" height="70" rx="10" fill="${dark}"/>` +
        `<path d="M450 220 q40 -80 90 -20 l-20 20 q-30 -30 -50 20 Z" fill="${dark}"/>` +
        `<rect x="275" y="360" width="250" height="160" fill="${p.accent}"/>` +
        `<text x="400" y="455" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'cartridge':
      return (
        `<g transform="rotate(-28 400 400)">` +
        `<rect x="170" y="330" width="420" height="140" rx="20" fill="${p.body}"/>` +
        `<path d="M590 350 L700 385 L700 415 L590 450 Z" fill="${dark}"/>` +
        `<rect x="130" y="345" width="50" height="110" rx="8" fill="${dark}"/>` +
        `<rect x="250" y="345" width="240" height="110" fill="${p.accent}"/>` +
        `<text x="370" y="412" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>` +
        '</g>'
      );
    case 'tape':
      return (
        `<circle cx="400" cy="400" r="230" fill="${p.body}"/>` +
        `<circle cx="400" cy="400" r="130" fill="#f3f6f8"/>` +
        `<circle cx="400" cy="400" r="130" fill="none" stroke="#c9b48a" stroke-width="22"/>` +
        `<path d="M600 510 L720 640 L680 670 L575 545 Z" fill="${light}"/>` +
        `<rect x="300" y="230" width="200" height="44" rx="6" fill="${p.accent}"/>` +
        `<text x="400" y="261" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'plugs':
      return [
        [260, 300],
        [420, 260],
        [560, 330],
        [330, 460],
        [500, 480],
      ]
        .map(
          ([x, y]) =>
            `<g transform="translate(${x} ${y})"><ellipse cx="0" cy="0" rx="62" ry="22" fill="${p.body}"/>` +
            `<rect x="-14" y="0" width="28" height="130" fill="${dark}"/>` +
            `<path d="M-14 130 L0 160 L14 130 Z" fill="${dark}"/><circle cx="0" cy="-2" r="10" fill="${light}"/></g>`,
        )
        .join('') +
        `<rect x="290" y="630" width="220" height="50" rx="8" fill="${p.accent}"/>` +
        `<text x="400" y="665" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`;
    case 'corner':
      return (
        `<path d="M220 220 L520 220 L520 580 L400 640 L100 640 L100 280 Z" fill="${dark}"/>` +
        `<path d="M220 220 L520 220 L400 280 L100 280 Z" fill="${light}"/>` +
        `<path d="M400 280 L400 640 L520 580 L520 220 Z" fill="${p.body}"/>` +
        studs(110, 290, 280, 340, 40, light) +
        `<rect x="560" y="400" width="180" height="60" rx="8" fill="${p.accent}"/>` +
        `<text x="650" y="440" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'kit':
      return (
        `<path d="M160 330 L400 250 L640 330 L640 600 L400 680 L160 600 Z" fill="${p.body}"/>` +
        `<path d="M160 330 L400 410 L640 330 L400 250 Z" fill="${light}"/>` +
        `<path d="M400 410 L400 680" stroke="${dark}" stroke-width="6"/>` +
        `<rect x="430" y="460" width="180" height="90" fill="${p.accent}" transform="skewY(-18) translate(0 150)"/>` +
        `<text x="230" y="520" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" fill="#fff">${esc(label)}</text>`
      );
    case 'tool':
      return (
        `<rect x="170" y="330" width="380" height="110" rx="18" fill="${p.body}"/>` +
        `<path d="M550 350 L700 375 L700 395 L550 420 Z" fill="#8a949c"/>` +
        `<path d="M250 440 L300 440 L340 640 L260 640 Z" fill="${dark}"/>` +
        `<path d="M330 440 q40 60 10 110" fill="none" stroke="${dark}" stroke-width="16"/>` +
        `<rect x="200" y="350" width="220" height="70" rx="6" fill="${p.accent}"/>` +
        `<text x="310" y="396" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'panel':
      return (
        `<rect x="230" y="170" width="340" height="460" rx="24" fill="${p.body}"/>` +
        `<rect x="270" y="220" width="260" height="130" rx="10" fill="#1d2b36"/>` +
        `<text x="400" y="300" font-family="Courier New,monospace" font-size="40" fill="#7CFC9A" text-anchor="middle">OK</text>` +
        `<circle cx="310" cy="420" r="22" fill="#2ecc71"/><circle cx="400" cy="420" r="22" fill="#f1c40f"/><circle cx="490" cy="420" r="22" fill="#e74c3c"/>` +
        `<rect x="270" y="500" width="260" height="70" rx="8" fill="${p.accent}"/>` +
        `<text x="400" y="546" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'tophat':
      return (
        `<ellipse cx="400" cy="560" rx="250" ry="70" fill="${dark}"/>` +
        `<ellipse cx="400" cy="540" rx="250" ry="70" fill="${p.body}"/>` +
        `<rect x="300" y="250" width="200" height="290" fill="${p.body}"/>` +
        `<ellipse cx="400" cy="250" rx="100" ry="30" fill="${light}"/>` +
        `<ellipse cx="400" cy="250" rx="70" ry="20" fill="#f3f6f8"/>` +
        `<rect x="310" y="380" width="180" height="60" rx="6" fill="${p.accent}"/>` +
        `<text x="400" y="420" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
    case 'hose':
      return (
        `<circle cx="400" cy="400" r="240" fill="none" stroke="${p.body}" stroke-width="50"/>` +
        `<circle cx="400" cy="400" r="180" fill="none" stroke="${dark}" stroke-width="50"/>` +
        `<circle cx="400" cy="400" r="120" fill="none" stroke="${p.body}" stroke-width="50"/>` +
        `<path d="M640 400 q60 140 -20 260" fill="none" stroke="${p.body}" stroke-width="44"/>` +
        `<rect x="310" y="370" width="180" height="60" rx="8" fill="${p.accent}"/>` +
        `<text x="400" y="410" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>`
      );
  }
}

export interface ProductPicture {
  kind: ProductKind;
  palette: Palette;
  /** Short text on the product itself, e.g. '8mm'. */
  label: string;
  brand: string;
  name: string;
}

/** Picture `index` (0-based) of a product's gallery: main view, detail, installation, pack, card. */
export function productSvg(picture: ProductPicture, index: number): string {
  const { kind, palette, label, brand, name } = picture;
  const title = `${name} (picture ${index + 1})`;
  switch (index % 5) {
    case 0:
      return frame(800, 800, title, drawKind(kind, palette, label) + brandBand(brand, label, palette.accent));
    case 1:
      return frame(
        800,
        800,
        title,
        `<rect x="60" y="60" width="680" height="600" rx="24" fill="${palette.body}"/>` +
          (kind === 'roll' || kind === 'mesh' || kind === 'corner'
            ? studs(80, 80, 640, 560, kind === 'mesh' ? 40 : 64, shade(palette.body, 0.2), kind === 'mesh' ? 11 : 20)
            : `<g transform="translate(400 360) scale(1.4) translate(-400 -400)">${drawKind(kind, palette, label)}</g>`) +
          brandBand(brand, 'Detail', palette.accent),
        '#ffffff',
      );
    case 2:
      return frame(800, 800, title, installationDiagram(palette) + brandBand(brand, 'Installed', palette.accent), '#eef3f7');
    case 3:
      return frame(
        800,
        800,
        title,
        `<g transform="translate(130 40) scale(0.7)">${drawKind(kind, palette, label)}</g>` +
          `<rect x="60" y="590" width="680" height="80" rx="12" fill="#ffffff" stroke="${palette.accent}" stroke-width="4"/>` +
          `<text x="400" y="642" font-family="Arial,Helvetica,sans-serif" font-size="26" fill="#1d2b36" text-anchor="middle">${esc(truncate(name, 44))}</text>` +
          brandBand(brand, 'Pack shot', palette.accent),
        '#ffffff',
      );
    default:
      return frame(
        800,
        800,
        title,
        `<circle cx="400" cy="330" r="220" fill="${palette.accent}"/>` +
          `<text x="400" y="320" font-family="Arial,Helvetica,sans-serif" font-size="64" font-weight="700" fill="#fff" text-anchor="middle">${esc(label)}</text>` +
          `<text x="400" y="390" font-family="Arial,Helvetica,sans-serif" font-size="30" fill="#fff" text-anchor="middle">${esc(brand)}</text>` +
          brandBand(brand, 'Specification', palette.accent),
      );
  }
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}

/** A basement wall in section: masonry, membrane with studs, perimeter channel, sump. */
function installationDiagram(p: Palette): string {
  return (
    `<rect x="80" y="80" width="160" height="540" fill="#b9a58c"/>` +
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<line x1="80" y1="${140 + i * 60}" x2="240" y2="${140 + i * 60}" stroke="#9d8a72" stroke-width="4"/>`).join('') +
    `<rect x="240" y="80" width="18" height="520" fill="${p.body}"/>` +
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => `<circle cx="262" cy="${100 + i * 42}" r="8" fill="${p.body}"/>`).join('') +
    `<rect x="276" y="80" width="30" height="520" fill="#e8e3da"/>` +
    `<rect x="240" y="600" width="480" height="20" fill="${p.body}"/>` +
    `<rect x="80" y="620" width="640" height="60" fill="#9aa5ad"/>` +
    `<rect x="306" y="560" width="60" height="40" rx="6" fill="${p.accent}"/>` +
    `<path d="M560 560 L680 560 L670 640 L570 640 Z" fill="${shade(p.body, 0.1)}" stroke="#1d2b36" stroke-width="3"/>` +
    `<path d="M140 120 q40 40 0 90 q-40 40 0 90" fill="none" stroke="#3a8dde" stroke-width="6" stroke-dasharray="10 8"/>` +
    `<path d="M266 300 L266 560 L330 580" fill="none" stroke="#3a8dde" stroke-width="5" marker-end="none"/>` +
    `<text x="460" y="200" font-family="Arial,Helvetica,sans-serif" font-size="24" fill="#1d2b36">Water is let in,</text>` +
    `<text x="460" y="232" font-family="Arial,Helvetica,sans-serif" font-size="24" fill="#1d2b36">held behind the membrane</text>` +
    `<text x="460" y="264" font-family="Arial,Helvetica,sans-serif" font-size="24" fill="#1d2b36">and pumped away.</text>`
  );
}

/** A category tile icon (ids 102 and 104–109), 128×128 line art. */
export function categoryIconSvg(kind: 'damp' | 'basement' | 'pump' | 'drain' | 'tank' | 'fixings' | 'radon' | 'mould' | 'kit' | 'membrane', colour: string, title: string): string {
  const stroke = `fill="none" stroke="${colour}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"`;
  const shapes: Record<typeof kind, string> = {
    damp: `<path d="M20 100 L108 100" ${stroke}/><path d="M28 100 L28 40 L100 40 L100 100" ${stroke}/><path d="M28 70 L100 70" ${stroke} stroke-dasharray="8 6"/><path d="M64 20 q12 14 0 24 q-12 -10 0 -24" ${stroke}/>`,
    basement: `<path d="M16 56 L64 20 L112 56" ${stroke}/><path d="M28 52 L28 108 L100 108 L100 52" ${stroke}/><path d="M28 84 L100 84" ${stroke}/><path d="M40 96 h8 M60 96 h8 M80 96 h8" ${stroke}/>`,
    pump: `<rect x="42" y="36" width="44" height="68" rx="10" ${stroke}/><path d="M64 36 L64 16 L96 16" ${stroke}/><path d="M30 110 L98 110" ${stroke}/>`,
    drain: `<path d="M16 48 L112 48 L112 80 L16 80 Z" ${stroke}/><path d="M30 64 h12 M54 64 h12 M78 64 h12" ${stroke}/><path d="M64 88 q8 10 0 20 q-8 -10 0 -20" ${stroke}/>`,
    tank: `<path d="M34 40 L94 40 L88 108 L40 108 Z" ${stroke}/><path d="M40 40 q24 -28 48 0" ${stroke}/><path d="M44 70 L84 70" ${stroke}/>`,
    fixings: `<path d="M40 30 L40 98 L48 112 L56 98 L56 30" ${stroke}/><path d="M30 30 L66 30" ${stroke}/><path d="M80 40 a16 16 0 1 0 0.1 0" ${stroke}/>`,
    radon: `<path d="M16 92 L112 92" ${stroke}/><path d="M30 92 L30 60 L98 60 L98 92" ${stroke}/><path d="M48 108 q6 -8 0 -16 M64 112 q6 -8 0 -16 M80 108 q6 -8 0 -16" ${stroke}/><circle cx="64" cy="34" r="14" ${stroke}/>`,
    mould: `<path d="M24 104 L24 28 L104 28 L104 104 Z" ${stroke}/><circle cx="50" cy="56" r="8" ${stroke}/><circle cx="78" cy="74" r="6" ${stroke}/><circle cx="56" cy="86" r="4" ${stroke}/>`,
    kit: `<path d="M20 48 L64 28 L108 48 L108 96 L64 116 L20 96 Z" ${stroke}/><path d="M20 48 L64 68 L108 48 M64 68 L64 116" ${stroke}/>`,
    membrane: `<rect x="20" y="28" width="88" height="72" rx="6" ${stroke}/>${studs(24, 32, 80, 64, 20, colour, 4)}`,
  };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img"><title>${esc(title)}</title>` +
    shapes[kind] +
    '</svg>'
  );
}

/** A wide banner (1200×400) for a category header or an article hero. */
export function bannerSvg(title: string, subtitle: string, colour: string, motif: ProductKind): string {
  const palette = { body: shade(colour, -0.25), accent: colour };
  return frame(
    1200,
    400,
    title,
    `<rect width="1200" height="400" fill="${shade(colour, 0.45)}"/>` +
      `<rect width="1200" height="400" fill="url(#g)" opacity="0.35"/>` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${colour}"/></linearGradient></defs>` +
      `<g transform="translate(760 10) scale(0.48)">${drawKind(motif, palette, '')}</g>` +
      `<text x="60" y="190" font-family="Arial,Helvetica,sans-serif" font-size="56" font-weight="700" fill="#14222e">${esc(title)}</text>` +
      `<text x="60" y="250" font-family="Arial,Helvetica,sans-serif" font-size="28" fill="#14222e">${esc(truncate(subtitle, 56))}</text>`,
  );
}

/** A round portrait placeholder with initials. */
export function avatarSvg(name: string, colour: string): string {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img"><title>${esc(name)}</title>` +
    `<circle cx="120" cy="120" r="120" fill="${colour}"/>` +
    `<circle cx="120" cy="96" r="46" fill="${shade(colour, 0.3)}"/>` +
    `<path d="M40 210 q80 -90 160 0" fill="${shade(colour, 0.3)}"/>` +
    `<text x="120" y="132" font-family="Arial,Helvetica,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${esc(initials)}</text>` +
    '</svg>'
  );
}
