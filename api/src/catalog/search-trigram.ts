/**
 * pg_trgm's word_similarity(word, text) in JavaScript, ported from its C source
 * (contrib/pg_trgm/trgm_op.c: generate_trgm_only, calc_word_similarity, iterate_word_similarity;
 * trgm.h: LPADDING 2, RPADDING 1, DIVUNION, IGNORECASE, KEEPONLYALNUM), so the in-process search
 * index (search-index.ts) ranks typos exactly as catalog_search does. search-index.test.ts checks
 * it against PostgreSQL's own word_similarity over many pairs.
 *
 * Only the text pg_trgm would see as ASCII words is handled here: the words are the runs of ASCII
 * letters and digits, lower-cased (every locale PostgreSQL runs in agrees on those). What a
 * non-ASCII character is to pg_trgm depends on the database's locale: callers treat a text with
 * non-ASCII characters as ASCII only when PostgreSQL said those characters separate words
 * (`separators`), and else leave it to PostgreSQL.
 */

/** A trigram as pg_trgm stores three single-byte characters: the three bytes, big end first. */
const pack = (a: number, b: number, c: number) => (a << 16) | (b << 8) | c;

const SPACE = 0x20;

function isAsciiWordChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/**
 * The trigrams of `text` in order, as generate_trgm_only makes them: each word lower-cased and
 * padded to "  word ", then every three consecutive characters. Answers null when `text` holds a
 * character that is not ASCII and not in `separators` (pg_trgm might take it for a letter).
 */
export function trigramSequence(text: string, separators?: ReadonlySet<string>): number[] | null {
  const out: number[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    // "  w ": the first two trigrams start with padding, the last ends with it.
    let p1 = SPACE;
    let p2 = SPACE;
    for (let i = start; i < end; i++) {
      const c = lower(text.charCodeAt(i));
      out.push(pack(p1, p2, c));
      p1 = p2;
      p2 = c;
    }
    out.push(pack(p1, p2, SPACE));
    start = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isAsciiWordChar(code)) {
      if (start < 0) start = i;
      continue;
    }
    if (code >= 0x80) {
      // A surrogate pair is one character: look it up whole.
      const char = String.fromCodePoint(text.codePointAt(i)!);
      if (!separators?.has(char)) return null;
      if (char.length === 2) {
        flush(i);
        i++;
        continue;
      }
    }
    flush(i);
  }
  flush(text.length);
  return out;
}

const lower = (code: number) => (code >= 0x41 && code <= 0x5a ? code + 0x20 : code);

/** CALCSML with DIVUNION, in float4 as C computes it. */
const calcSml = (count: number, len1: number, len2: number) => Math.fround(count / (len1 + len2 - count));

/** A text's trigram sequence as numbers 0..k-1 of its distinct trigrams (`distinct[number]`). */
export interface TrigramText {
  positions: Int32Array;
  distinct: number[];
}

export function trigramText(sequence: readonly number[]): TrigramText {
  const numberOf = new Map<number, number>();
  const positions = new Int32Array(sequence.length);
  sequence.forEach((t, i) => {
    let n = numberOf.get(t);
    if (n === undefined) numberOf.set(t, (n = numberOf.size));
    positions[i] = n;
  });
  return { positions, distinct: [...numberOf.keys()] };
}

/**
 * word_similarity(word, text), a float4 value: the greatest similarity between the word's trigram
 * set and any continuous extent of the text's trigram sequence (calc_word_similarity +
 * iterate_word_similarity, plain word similarity). The C code sorts both arrays together to number
 * equal trigrams; here the text's trigrams are numbered once (trigramText) and the word is a set.
 */
export function similarityTo(word: ReadonlySet<number>, text: TrigramText): number {
  const ulen1 = word.size;
  if (ulen1 === 0) return 0;
  const { positions, distinct } = text;
  const found = new Uint8Array(distinct.length);
  let any = false;
  for (let j = 0; j < distinct.length; j++) {
    if (word.has(distinct[j]!)) {
      found[j] = 1;
      any = true;
    }
  }
  if (!any) return 0;
  const len2 = positions.length;
  const lastpos = new Int32Array(distinct.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lowerBound = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i++) {
    const trgindex = positions[i]!;
    if (lowerBound >= 0 || found[trgindex]) {
      if (lastpos[trgindex]! < 0) {
        ulen2++;
        if (found[trgindex]) count++;
      }
      lastpos[trgindex] = i;
    }
    if (!found[trgindex]) continue;

    upper = i;
    if (lowerBound === -1) {
      lowerBound = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    // Also try to move the lower bound up for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lowerBound;
    for (let tmpLower = lowerBound; tmpLower <= upper; tmpLower++) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lowerBound = tmpLower;
        count = tmpCount;
      }
      const tmpTrgindex = positions[tmpLower]!;
      if (lastpos[tmpTrgindex] === tmpLower) {
        tmpUlen2--;
        if (found[tmpTrgindex]) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    for (let tmpLower = prevLower; tmpLower < lowerBound; tmpLower++) {
      const tmpTrgindex = positions[tmpLower]!;
      if (lastpos[tmpTrgindex] === tmpLower) lastpos[tmpTrgindex] = -1;
    }
  }
  return smlrMax;
}

/** word_similarity(word, text) from the two trigram sequences (trigramSequence). */
export function wordSimilarity(word: readonly number[], text: readonly number[]): number {
  return similarityTo(new Set(word), trigramText(text));
}
