import bidiFactory from "bidi-js";
import type { Font, Glyph, PathCommand } from "fontkit";
import { balancedLines, breakPieces, greedyLines, type Measured, type Piece } from "~/domain/line-breaks";

/**
 * Text a card draws as outlines (ADR 0028, ADR 0094): fontkit shapes each run with the font's own OpenType tables
 * (Arabic joining, Devanagari conjuncts and matras), bidi-js orders the runs, and the block comes back as one outline
 * path per line for the card to place like any other picture. The text is fitted to its box: the largest size between
 * `size` and `minSize` at which every line fits, broken where its script allows (app/domain/line-breaks.ts), and the
 * block sized by its glyphs' real ink, so no ascender, descender, mark or matra reaches the box's edge.
 */

export interface TextBox {
  /** May hold line breaks: each line of the text starts a line of the block (a verse's lines). */
  text: string;
  /** The largest font size in pixels. */
  size: number;
  /** The smallest it may shrink to before the last line is cut with an ellipsis; `size` when not given. */
  minSize?: number;
  /** Line pitch as a multiple of the size. */
  lineHeight: number;
  /** The block's width in pixels: lines break to fit inside it, `INSET` from each side. */
  width: number;
  /** The most height the block may take, in pixels; `maxLines` lines' worth when not given. */
  height?: number;
  maxLines: number;
  /** "start" sets each line at the paragraph's start edge (the right for Arabic); "center" centres it. */
  align: "start" | "center";
  /** The block as wide as its widest line (at most `width`), for text inside a pill or beside a dot. */
  fit?: boolean;
  /** The paragraphs' direction, the card's language's: from each one's first strong character when not given. */
  rtl?: boolean;
  /** The text's language, for word boundaries. */
  locale?: string;
}

export interface ShapedBlock {
  width: number;
  height: number;
  /** The paragraph's direction. */
  rtl: boolean;
  /** SVG path data, one per line, in the block's pixels. */
  lines: string[];
  /** Characters no font draws, left out rather than drawn as boxes. */
  missing: number;
  /** True when the text did not fit even at `minSize` and its last line ends in an ellipsis. */
  truncated: boolean;
  /** Each drawn line's text (the last one with its ellipsis when truncated). */
  lineTexts: string[];
  /** The font size the text was fitted at. */
  size: number;
}

/** Room kept between the glyphs' ink and the block's edges, in pixels: resvg clips at the block's edge. */
export const INSET = 4;

const bidi = bidiFactory();
const ELLIPSIS = "…";

/** Which font draws each character: marks, spaces and punctuation stay with the font before them where it can. */
function assignFonts(text: string, fonts: readonly Font[]): (Font | null)[] {
  const byUnit: (Font | null)[] = new Array(text.length).fill(null);
  let previous = null as Font | null;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const char = String.fromCodePoint(cp);
    // Format characters (bidi isolates, joiners) steer the layout and draw nothing.
    if (!/[\p{Cf}\n]/u.test(char)) {
      const neutral = /[\p{Script=Common}\p{Script=Inherited}]/u.test(char);
      const font: Font | null = neutral && previous?.hasGlyphForCodePoint(cp) ? previous : (fonts.find((f) => f.hasGlyphForCodePoint(cp)) ?? null);
      for (let k = 0; k < width; k++) byUnit[i + k] = font;
      if (font) previous = font;
    }
    i += width;
  }
  return byUnit;
}

/** A run of one font and one bidi level, the span one call to the shaper handles. */
interface Run {
  start: number;
  end: number;
  font: Font;
  level: number;
}

function runsOf(start: number, end: number, fonts: (Font | null)[], levels: Uint8Array): Run[] {
  const runs: Run[] = [];
  for (let i = start; i < end; i++) {
    const font = fonts[i];
    if (!font) continue;
    const last = runs.at(-1);
    if (last && last.font === font && last.level === levels[i] && last.end === i) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, font, level: levels[i] });
  }
  return runs;
}

/** Unicode's rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above. */
function visualOrder(runs: Run[]): Run[] {
  const order = [...runs];
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 ? run.level : run.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; ) {
      if (order[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && order[j].level >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return order;
}

const round = (value: number) => Math.round(value * 10) / 10;

function pathData(commands: PathCommand[], scale: number, x: number, baseline: number): string {
  const point = (args: number[]) => {
    const out: number[] = [];
    for (let i = 0; i < args.length; i += 2) out.push(round(x + args[i] * scale), round(baseline - args[i + 1] * scale));
    return out.join(" ");
  };
  const letter = { moveTo: "M", lineTo: "L", quadraticCurveTo: "Q", bezierCurveTo: "C", closePath: "Z" } as const;
  return commands.map(({ command, args }) => (command === "closePath" ? "Z" : `${letter[command]}${point(args)}`)).join("");
}

/** One glyph placed on a line: its pen position from the line's start and its offset above the baseline, in pixels. */
interface Placed {
  glyph: Glyph;
  scale: number;
  x: number;
  y: number;
}

/** A shaped line: its advance width and its ink's extent (x from the line's start, up and down from the baseline). */
interface ShapedLine {
  glyphs: Placed[];
  width: number;
  left: number;
  right: number;
  above: number;
  below: number;
  notdef: number;
}

/** Shapes a span of the text at `size`, runs in visual order. */
function shapeSpan(text: string, runs: Run[], size: number): ShapedLine {
  const line: ShapedLine = { glyphs: [], width: 0, left: Infinity, right: -Infinity, above: 0, below: 0, notdef: 0 };
  let pen = 0;
  for (const run of visualOrder(runs)) {
    const scale = size / run.font.unitsPerEm;
    const shaped = run.font.layout(text.slice(run.start, run.end), undefined, undefined, undefined, run.level % 2 ? "rtl" : "ltr");
    shaped.glyphs.forEach((glyph, g) => {
      const position = shaped.positions[g];
      if (glyph.id === 0) line.notdef++;
      else {
        const x = pen + position.xOffset * scale;
        const y = position.yOffset * scale;
        line.glyphs.push({ glyph, scale, x, y });
        const box = glyph.bbox;
        if (Number.isFinite(box.minX) && box.maxX > box.minX) {
          line.left = Math.min(line.left, x + box.minX * scale);
          line.right = Math.max(line.right, x + box.maxX * scale);
          line.above = Math.max(line.above, y + box.maxY * scale);
          line.below = Math.max(line.below, -(y + box.minY * scale));
        }
      }
      pen += position.xAdvance * scale;
    });
  }
  line.width = pen;
  if (line.left > line.right) [line.left, line.right] = [0, 0];
  return line;
}

function linePath(line: ShapedLine, x: number, baseline: number): string {
  return line.glyphs.map(({ glyph, scale, x: gx, y }) => pathData(glyph.path.commands, scale, x + gx, baseline - y)).join("");
}

/** The text prepared once for every size tried: fonts per character, bidi levels, pieces and their widths at 1 px. */
interface Prepared {
  text: string;
  rtl: boolean;
  byUnit: (Font | null)[];
  levels: Uint8Array;
  missing: number;
  pieces: Piece[];
  /** Widths at a size of 1 px. */
  measured: Measured[];
  runs: (start: number, end: number) => Run[];
}

/**
 * `text` without the characters no font draws (a private-use character, a symbol none of the fonts has), left out
 * before it is measured: kept in, one would split its word's run (an Arabic word shaped in two pieces) and still take
 * a place in the line breaking. A space it leaves doubled goes with it.
 */
function drawable(text: string, fonts: readonly Font[]): { text: string; missing: number } {
  let kept = "";
  let missing = 0;
  let dropped = false;
  for (const char of text) {
    if (/[^\s\p{Cf}]/u.test(char) && !fonts.some((font) => font.hasGlyphForCodePoint(char.codePointAt(0)!))) {
      missing++;
      dropped = true;
      continue;
    }
    const space = /[^\S\n]/u.test(char);
    if (!(dropped && space && /[^\S\n]$/u.test(kept))) kept += char;
    dropped &&= !space;
  }
  return { text: kept, missing };
}

function prepare(box: TextBox, fonts: readonly Font[]): Prepared {
  const { text, missing } = drawable(box.text.normalize("NFC"), fonts);
  const { levels, paragraphs } = bidi.getEmbeddingLevels(text, box.rtl === undefined ? undefined : box.rtl ? "rtl" : "ltr");
  const rtl = box.rtl ?? (paragraphs[0]?.level ?? 0) % 2 === 1;
  const byUnit = assignFonts(text, fonts);
  const runs = (start: number, end: number) => runsOf(start, end, byUnit, levels);
  const pieces = breakPieces(text, box.locale);
  const measured = pieces.map((piece) => measure(text, piece, runs));
  return { text, rtl, byUnit, levels, missing, pieces, measured, runs };
}

function measure(text: string, piece: Piece, runs: Prepared["runs"]): Measured {
  return {
    width: shapeSpan(text, runs(piece.start, piece.end), 1).width,
    space: piece.after > piece.end ? shapeSpan(text, runs(piece.end, piece.after), 1).width : 0,
    hard: piece.hard,
  };
}

/** A piece too wide for any line split between its graphemes, so a 100-letter "word" wraps instead of overflowing. */
function splitWide(prepared: Prepared, limit: number): { pieces: Piece[]; measured: Measured[] } {
  if (prepared.measured.every((m) => m.width <= limit)) return { pieces: prepared.pieces, measured: prepared.measured };
  const pieces: Piece[] = [];
  const measured: Measured[] = [];
  prepared.pieces.forEach((piece, i) => {
    if (prepared.measured[i].width <= limit) {
      pieces.push(piece);
      measured.push(prepared.measured[i]);
      return;
    }
    const graphemes = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(prepared.text.slice(piece.start, piece.end))];
    graphemes.forEach(({ segment, index }, g) => {
      const last = g === graphemes.length - 1;
      const part = { start: piece.start + index, end: piece.start + index + segment.length, after: 0, hard: last && piece.hard };
      part.after = last ? piece.after : part.end;
      pieces.push(part);
      measured.push(measure(prepared.text, part, prepared.runs));
    });
  });
  return { pieces, measured };
}

interface Laid {
  size: number;
  shaped: ShapedLine[];
  texts: string[];
  width: number;
  height: number;
  baselines: number[];
  xs: number[];
}

/** The vertical room a font's own metrics ask for, so a line without tall marks still sits where its neighbours do. */
function fontBaseline(fonts: readonly Font[], size: number, pitch: number): number {
  const primary = fonts[0];
  const scale = size / primary.unitsPerEm;
  return (pitch - (primary.ascent - primary.descent) * scale) / 2 + primary.ascent * scale;
}

/** Places shaped lines in a block: the ink of every glyph `INSET` inside its edges, or null when they cannot be. */
function place(box: TextBox, fonts: readonly Font[], prepared: Prepared, size: number, shaped: ShapedLine[], texts: string[]): Laid | null {
  const room = box.width - 2 * INSET;
  if (shaped.some((line) => line.right - line.left > room || line.width > room + 1)) return null;
  const width = box.fit ? Math.min(box.width, Math.ceil(Math.max(0, ...shaped.map((line) => Math.max(line.width, line.right - line.left))) + 2 * INSET)) : box.width;
  const pitch = size * box.lineHeight;
  const first = Math.max(INSET + (shaped[0]?.above ?? 0), fontBaseline(fonts, size, pitch));
  const baselines = shaped.map((_, i) => first + i * pitch);
  const bottom = Math.max(...shaped.map((line, i) => baselines[i] + line.below)) + INSET;
  const height = Math.ceil(Math.max(shaped.length * pitch, bottom));
  if (height > (box.height ?? Infinity)) return null;
  const xs = shaped.map((line) => {
    const natural = box.align === "center" ? (width - line.width) / 2 : prepared.rtl ? width - INSET - line.width : INSET;
    return Math.min(Math.max(natural, INSET - line.left), width - INSET - line.right);
  });
  return { size, shaped, texts, width, height, baselines, xs };
}

/** The text laid out at `size`, or null when it needs more lines or room than the box has. */
function layoutAt(box: TextBox, fonts: readonly Font[], prepared: Prepared, size: number): Laid | null {
  const limit = (box.width - 2 * INSET) / size;
  const { pieces, measured } = splitWide(prepared, limit);
  const spans = box.fit ? greedyLines(measured, limit) : balancedLines(measured, limit);
  const pitch = size * box.lineHeight;
  if (spans.length > box.maxLines || spans.length * pitch > (box.height ?? Infinity)) return null;
  const lines = spans.map(([first, last]) => ({ start: pieces[first].start, end: pieces[last].end }));
  const shaped = lines.map(({ start, end }) => shapeSpan(prepared.text, prepared.runs(start, end), size));
  return place(box, fonts, prepared, size, shaped, lines.map(({ start, end }) => prepared.text.slice(start, end)));
}

/** Where a last line may end before its ellipsis, longest first: after each whole piece, then between graphemes. */
function ellipsisCuts(text: string, pieces: readonly Piece[], start: number, end: number): number[] {
  const words = pieces.filter((piece) => piece.start >= start && piece.end < end).map((piece) => piece.end);
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text.slice(start, end))]
    .map((segment) => start + segment.index)
    .filter((cut) => cut > start);
  return [...words.reverse(), ...graphemes.reverse()];
}

/** The last resort for text far past what its box was made for: at `minSize`, the lines that fit, the last with an ellipsis. */
function truncate(box: TextBox, fonts: readonly Font[], prepared: Prepared, size: number): Laid {
  const { text, runs } = prepared;
  const limit = (box.width - 2 * INSET) / size;
  const { pieces, measured } = splitWide(prepared, limit);
  const pitch = size * box.lineHeight;
  const most = Math.max(1, Math.min(box.maxLines, Math.floor(((box.height ?? Infinity) - 2 * INSET) / pitch)));
  const spans = greedyLines(measured, limit).slice(0, most);
  const lines = spans.map(([first, last]) => ({ start: pieces[first].start, end: pieces[last].end }));
  const ellipsisFont = fonts.find((f) => f.hasGlyphForCodePoint(ELLIPSIS.codePointAt(0)!));
  const withEllipsis = (start: number, cut: number) => {
    let end = cut;
    while (end > start && /\s/u.test(text[end - 1])) end--;
    const shaped = shapeSpan(text, runs(start, end), size);
    if (!ellipsisFont) return { shaped, text: text.slice(start, end) };
    const dots = shapeSpan(ELLIPSIS, [{ start: 0, end: 1, font: ellipsisFont, level: prepared.rtl ? 1 : 0 }], size);
    // The ellipsis goes at the line's end: the left of a right-to-left line.
    const offset = prepared.rtl ? dots.width : 0;
    const moved = (line: ShapedLine, dx: number) => line.glyphs.map((glyph) => ({ ...glyph, x: glyph.x + dx }));
    const glyphs = prepared.rtl ? [...dots.glyphs, ...moved(shaped, offset)] : [...shaped.glyphs, ...moved(dots, shaped.width)];
    const ink = prepared.rtl ? { left: Math.min(dots.left, shaped.left + offset), right: shaped.right + offset } : { left: shaped.left, right: Math.max(shaped.right, shaped.width + dots.right) };
    return {
      shaped: { ...shaped, glyphs, width: shaped.width + dots.width, ...ink, above: Math.max(shaped.above, dots.above), below: Math.max(shaped.below, dots.below) },
      text: text.slice(start, end) + ELLIPSIS,
    };
  };
  const shaped = lines.map(({ start, end }) => shapeSpan(text, runs(start, end), size));
  const texts = lines.map(({ start, end }) => text.slice(start, end));
  const last = lines.length - 1;
  // Back off a whole piece at a time (never mid-word, in any script); a lone word too long for the line loses graphemes.
  let candidate = withEllipsis(lines[last].start, lines[last].end);
  for (const cut of ellipsisCuts(text, pieces, lines[last].start, lines[last].end)) {
    if (candidate.shaped.right - candidate.shaped.left <= box.width - 2 * INSET && candidate.shaped.width <= box.width - 2 * INSET) break;
    candidate = withEllipsis(lines[last].start, cut);
  }
  shaped[last] = candidate.shaped;
  texts[last] = candidate.text;
  for (let keep = shaped.length; keep > 0; keep--) {
    const laid = place({ ...box, height: undefined }, fonts, prepared, size, shaped.slice(0, keep), texts.slice(0, keep));
    if (laid && laid.height <= (box.height ?? Infinity)) return laid;
  }
  return place({ ...box, height: undefined }, fonts, prepared, size, shaped.slice(0, 1), texts.slice(0, 1))!;
}

/**
 * Lays out `box.text` with `fonts` (tried in order for each character): the largest size from `box.size` down to
 * `box.minSize` at which the whole text fits the box, its lines balanced; only past that, an ellipsis.
 */
export function shapeText(box: TextBox, fonts: readonly Font[]): ShapedBlock {
  const prepared = prepare(box, fonts);
  const smallest = Math.min(box.minSize ?? box.size, box.size);
  let laid: Laid | null = null;
  let truncated = false;
  for (let size = box.size; size >= smallest && !laid; size -= size > 40 ? 2 : 1) laid = layoutAt(box, fonts, prepared, size);
  if (!laid) laid ??= layoutAt(box, fonts, prepared, smallest);
  if (!laid) {
    laid = truncate(box, fonts, prepared, smallest);
    truncated = true;
  }
  const final = laid;
  return {
    width: final.width,
    height: final.height,
    rtl: prepared.rtl,
    lines: final.shaped.map((line, i) => linePath(line, final.xs[i], final.baselines[i])),
    missing: prepared.missing + final.shaped.reduce((sum, line) => sum + line.notdef, 0),
    truncated,
    lineTexts: final.texts,
    size: final.size,
  };
}
