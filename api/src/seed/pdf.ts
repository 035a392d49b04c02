/**
 * Small, valid PDF documents (PDF 1.4, Helvetica, WinAnsi text) written by code: the product
 * datasheets and installation guides of the seeded shop. One or more A4 pages of headings,
 * paragraphs and "label: value" rows; long lines are wrapped.
 */

export type PdfBlock =
  | { type: 'title'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'row'; label: string; value: string }
  | { type: 'bullet'; text: string };

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;

/** WinAnsiEncoding bytes for the characters our texts use; anything else becomes '?'. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};

function encodeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0)!;
    if (code > 0xff) {
      out += '?';
      continue;
    }
    const c = String.fromCharCode(code);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : code < 0x20 || code > 0x7e ? `\\${code.toString(8).padStart(3, '0')}` : c;
  }
  return out;
}

/** Rough Helvetica advance (average widths; good enough to wrap a datasheet). */
function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += /[il.,:;'|!]/.test(ch) ? 250 : /[mwMW@]/.test(ch) ? 850 : /[A-Z0-9]/.test(ch) ? 650 : 520;
  return (units / 1000) * size;
}

function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Line {
  text: string;
  x: number;
  size: number;
  bold: boolean;
  gapBefore: number;
}

function layout(blocks: PdfBlock[]): Line[] {
  const usable = PAGE_WIDTH - 2 * MARGIN;
  const lines: Line[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'title':
        wrap(block.text, 20, usable).forEach((text, i) => lines.push({ text, x: MARGIN, size: 20, bold: true, gapBefore: i ? 4 : 0 }));
        break;
      case 'heading':
        wrap(block.text, 13, usable).forEach((text, i) => lines.push({ text, x: MARGIN, size: 13, bold: true, gapBefore: i ? 2 : 14 }));
        break;
      case 'paragraph':
        wrap(block.text, 10, usable).forEach((text, i) => lines.push({ text, x: MARGIN, size: 10, bold: false, gapBefore: i ? 0 : 6 }));
        break;
      case 'bullet':
        wrap(block.text, 10, usable - 14).forEach((text, i) =>
          lines.push({ text: i ? text : `• ${text}`, x: MARGIN + (i ? 10 : 0), size: 10, bold: false, gapBefore: i ? 0 : 3 }),
        );
        break;
      case 'row':
        lines.push({ text: `${block.label}:`, x: MARGIN, size: 10, bold: true, gapBefore: 4 });
        wrap(block.value, 10, usable - 170).forEach((text, i) =>
          lines.push({ text, x: MARGIN + 170, size: 10, bold: false, gapBefore: i ? 0 : -14 }),
        );
        break;
    }
  }
  return lines;
}

/** A complete PDF file with the blocks laid out on as many A4 pages as they need. */
export function renderPdf(blocks: PdfBlock[], info: { title: string; author: string }): Buffer {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of layout(blocks)) {
    const advance = line.size * 1.35 + line.gapBefore;
    if (y - advance < MARGIN && ops.length > 0) {
      pages.push(ops.join('\n'));
      ops = [];
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= advance;
    ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${line.x} ${y.toFixed(1)} Td (${encodeText(line.text)}) Tj ET`);
  }
  pages.push(ops.join('\n'));

  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then per page: page + content.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title (${encodeText(info.title)}) /Author (${encodeText(info.author)}) /Producer (Northgate Membranes seed) >>`;
  pages.forEach((content, i) => {
    const pageId = pageIds[i]!;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(pdf, 'latin1');
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
