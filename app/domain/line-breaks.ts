/**
 * Where a share card's text may break into lines, in every script the site speaks (ADR 0094): at spaces in Latin,
 * Arabic and Devanagari, between any two characters in Chinese, never before a closing mark or after an opening one
 * (the rule Chinese and Japanese typesetting call kinsoku, and the same rule for "," "." "।" "؟" in spaced scripts),
 * and always at a line break in the text (a verse's own lines). Widths are the caller's: this module only decides.
 */

/** A stretch of text no line may break inside: a word with the punctuation that clings to it, or one Chinese character. */
export interface Piece {
  /** Code-unit offsets into the text: where it starts and where its visible part ends. */
  start: number;
  end: number;
  /** Where the spaces after it end (a line breaking after the piece drops them). */
  after: number;
  /** A line must end after this piece: it ends a line of the text itself. */
  hard: boolean;
}

/** Ideographs, kana, Hangul and their full-width punctuation: a line may break between any two of them. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
/** What may not start a line: closing brackets and quotes, stops and commas of every script, and an isolate's end. */
const NO_START = /^[\p{Pe}\p{Pf}\u2069!%),.:;?\]}¢°·'"\u060c\u061b\u061f\u066a\u06d4\u0964\u0965\u3001\u3002\uff01\uff0c\uff0e\uff1a\uff1b\uff1f\u30fc\u2026]/u;
/** What may not end a line: opening brackets and quotes, Spanish's opening marks, and an isolate's start. */
const NO_END = /[\p{Ps}\p{Pi}¿¡\u2066-\u2068]$/u;
/** Spaces that break: every white space but the no-break ones (French puts U+202F before ";", "?", "!"). */
const BREAKING_SPACE = /^[^\S\u00a0\u2007\u202f]+$/u;

function segmentsOf(paragraph: string, offset: number, locale: string | undefined): { text: string; start: number }[] {
  const words = new Intl.Segmenter(locale, { granularity: "word" });
  const graphemes = new Intl.Segmenter(locale, { granularity: "grapheme" });
  return [...words.segment(paragraph)].flatMap(({ segment, index }) =>
    // A Chinese "word" of the dictionary is still breakable between its characters.
    CJK.test(segment) && [...segment].length > 1
      ? [...graphemes.segment(segment)].map((g) => ({ text: g.segment, start: offset + index + g.index }))
      : // A space and the isolate after it may come as one segment: the space still breaks.
        [...segment.matchAll(/[^\S\u00a0\u2007\u202f]+|[\S\u00a0\u2007\u202f]+/gu)].map((part) => ({ text: part[0], start: offset + index + part.index })),
  );
}

/** The pieces of `text`, in order; "\n" ends a line of the text (and is in no piece). */
export function breakPieces(text: string, locale?: string): Piece[] {
  const pieces: Piece[] = [];
  let offset = 0;
  for (const paragraph of text.split("\n")) {
    let current: Piece | null = null;
    for (const segment of segmentsOf(paragraph, offset, locale)) {
      const end = segment.start + segment.text.length;
      if (BREAKING_SPACE.test(segment.text)) {
        if (current) current.after = end;
        continue;
      }
      const spaced = current !== null && current.after > current.end;
      const previous = current ? text.slice(current.start, current.end) : "";
      const ideographic = CJK.test(segment.text) || CJK.test(previous.slice(-1));
      const mayBreak = current !== null && (spaced || ideographic) && !NO_START.test(segment.text) && !NO_END.test(previous);
      if (current && !mayBreak) {
        current.end = current.after = end;
      } else {
        current = { start: segment.start, end, after: end, hard: false };
        pieces.push(current);
      }
    }
    if (current) current.hard = true;
    offset += paragraph.length + 1;
  }
  const last = pieces.at(-1);
  if (last) last.hard = false;
  return pieces;
}

/** A piece with its widths: of its visible part, and of the spaces after it. */
export interface Measured {
  width: number;
  space: number;
  hard: boolean;
}

/** The lines greedy breaking makes within `limit`, as [first, last] piece indexes (inclusive). */
export function greedyLines(pieces: readonly Measured[], limit: number): [number, number][] {
  const lines: [number, number][] = [];
  let first = 0;
  let width = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (i > first && width + pieces[i - 1].space + piece.width > limit) {
      lines.push([first, i - 1]);
      first = i;
      width = 0;
    }
    width += (i > first ? pieces[i - 1].space : 0) + piece.width;
    if (piece.hard) {
      lines.push([first, i]);
      first = i + 1;
      width = 0;
    }
  }
  if (first < pieces.length) lines.push([first, pieces.length - 1]);
  return lines;
}

/** The widest line's width. */
export function widest(pieces: readonly Measured[], lines: readonly [number, number][]): number {
  let most = 0;
  for (const [first, last] of lines) {
    let width = 0;
    for (let i = first; i <= last; i++) width += pieces[i].width + (i < last ? pieces[i].space : 0);
    most = Math.max(most, width);
  }
  return most;
}

/**
 * The same number of lines as greedy breaking within `limit`, as even as they can be: for each line of the text, the
 * narrowest width that still needs no more lines (so a verse never leaves one word alone on a line when the lines
 * above it could share).
 */
export function balancedLines(pieces: readonly Measured[], limit: number): [number, number][] {
  const lines: [number, number][] = [];
  for (let first = 0; first < pieces.length; ) {
    let last = first;
    while (last < pieces.length - 1 && !pieces[last].hard) last++;
    const paragraph = pieces.slice(first, last + 1);
    const count = greedyLines(paragraph, limit).length;
    let low = 0;
    let high = Math.min(limit, widest(paragraph, greedyLines(paragraph, limit)));
    for (let step = 0; step < 16 && high - low > 0.5; step++) {
      const middle = (low + high) / 2;
      if (greedyLines(paragraph, middle).length <= count) high = middle;
      else low = middle;
    }
    for (const [a, b] of greedyLines(paragraph, high)) lines.push([first + a, first + b]);
    first = last + 1;
  }
  return lines;
}
