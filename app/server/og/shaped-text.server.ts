import bidiFactory from "bidi-js";
import type { Font, PathCommand } from "fontkit";

/**
 * Text satori cannot draw (Arabic joining, Devanagari conjuncts and matras, right-to-left order; ADR 0028) laid out
 * here instead: fontkit shapes each run with the font's own OpenType tables, bidi-js orders the runs, and the block
 * comes back as one outline path per line for the card to place like any other picture.
 */

export interface TextBox {
  text: string;
  /** Font size in pixels. */
  size: number;
  /** Line height as a multiple of the size. */
  lineHeight: number;
  /** The box's width in pixels: lines break to fit it. */
  width: number;
  maxLines: number;
  /** "start" sets each line at the paragraph's start edge (the right for Arabic); "center" centres it. */
  align: "start" | "center";
  /** The block as wide as its widest line (at most `width`), for text inside a pill or beside a dot. */
  fit?: boolean;
}

export interface ShapedBlock {
  width: number;
  height: number;
  /** The paragraph's direction, from its first strong character (as `dir="auto"` decides). */
  rtl: boolean;
  /** SVG path data, one per line, in the block's pixels. */
  lines: string[];
  /** Characters no font draws, left out rather than drawn as boxes. */
  missing: number;
  /** True when the text had more lines than the box holds and ends in an ellipsis. */
  truncated: boolean;
  /** Each drawn line's text (the last one with its ellipsis when truncated). */
  lineTexts: string[];
}

const bidi = bidiFactory();
const ELLIPSIS = "…";

interface Unit {
  /** Code-unit offsets into the text. */
  start: number;
  end: number;
  blank: boolean;
}

/** Which font draws each character: marks, spaces and punctuation stay with the font before them where it can. */
function assignFonts(text: string, fonts: readonly Font[]): (Font | null)[] {
  const byUnit: (Font | null)[] = new Array(text.length).fill(null);
  let previous = null as Font | null;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const neutral = /[\p{Script=Common}\p{Script=Inherited}]/u.test(String.fromCodePoint(cp));
    const font: Font | null = neutral && previous?.hasGlyphForCodePoint(cp) ? previous : (fonts.find((f) => f.hasGlyphForCodePoint(cp)) ?? null);
    for (let k = 0; k < width; k++) byUnit[i + k] = font;
    if (font) previous = font;
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

/** Shapes one line: its width in pixels and, when `baseline` is given, its outline placed from `x`. */
function shapeLine(text: string, runs: Run[], size: number, x = 0, baseline?: number): { width: number; path: string; notdef: number } {
  let pen = x;
  let path = "";
  let notdef = 0;
  for (const run of visualOrder(runs)) {
    const scale = size / run.font.unitsPerEm;
    const shaped = run.font.layout(text.slice(run.start, run.end), undefined, undefined, undefined, run.level % 2 ? "rtl" : "ltr");
    shaped.glyphs.forEach((glyph, g) => {
      const position = shaped.positions[g];
      if (glyph.id === 0) notdef++;
      else if (baseline !== undefined) {
        path += pathData(glyph.path.commands, scale, pen + position.xOffset * scale, baseline - position.yOffset * scale);
      }
      pen += position.xAdvance * scale;
    });
  }
  return { width: pen - x, path, notdef };
}

/** Break opportunities: words and the spaces between them, or each character in scripts written without spaces. */
function unitsOf(text: string): Unit[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
  return [...segmenter.segment(text)].map(({ segment, index }) => ({ start: index, end: index + segment.length, blank: !/\S/u.test(segment) }));
}

function graphemesOf(unit: Unit, text: string): Unit[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return [...segmenter.segment(text.slice(unit.start, unit.end))].map(({ segment, index }) => ({
    start: unit.start + index,
    end: unit.start + index + segment.length,
    blank: false,
  }));
}

/** A comma, full stop or closing mark stays with the word before it: no line starts with one (docs/product.md#the-loop-back). */
const closingPunctuation = (segment: string) => /^[\p{Po}\p{Pe}\p{Pf}]+$/u.test(segment);

/** Where a last line may end before its ellipsis, longest first: after each whole word, then between graphemes. */
function ellipsisCuts(text: string, start: number, end: number): number[] {
  const line = text.slice(start, end);
  const words = [...new Intl.Segmenter(undefined, { granularity: "word" }).segment(line)]
    .filter((segment) => segment.isWordLike)
    .map((segment) => start + segment.index + segment.segment.length)
    .filter((cut) => cut < end);
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(line)]
    .map((segment) => start + segment.index)
    .filter((cut) => cut > start);
  return [...words.reverse(), ...graphemes.reverse()];
}

/**
 * Lays out `box.text` with `fonts` (tried in order for each character). Greedy line breaking at word boundaries, a
 * word longer than the line broken between its letters, and an ellipsis on the last line when the text runs over.
 */
export function shapeText(box: TextBox, fonts: readonly Font[]): ShapedBlock {
  const text = box.text.normalize("NFC");
  const { levels, paragraphs } = bidi.getEmbeddingLevels(text);
  const rtl = (paragraphs[0]?.level ?? 0) % 2 === 1;
  const byUnit = assignFonts(text, fonts);
  let missing = 0;
  for (let i = 0; i < text.length; i += text.codePointAt(i)! > 0xffff ? 2 : 1) {
    if (!byUnit[i] && /\S/u.test(String.fromCodePoint(text.codePointAt(i)!))) missing++;
  }
  const widthOf = (start: number, end: number) => shapeLine(text, runsOf(start, end, byUnit, levels), box.size).width;

  const lines: { start: number; end: number }[] = [];
  let line: { start: number; end: number } | null = null;
  const queue = unitsOf(text);
  while (queue.length) {
    const unit = queue.shift()!;
    if (!line) {
      if (unit.blank) continue;
      if (widthOf(unit.start, unit.end) > box.width && unit.end - unit.start > 1) {
        const graphemes = graphemesOf(unit, text);
        if (graphemes.length > 1) {
          queue.unshift(...graphemes);
          continue;
        }
      }
      line = { start: unit.start, end: unit.end };
    } else if (unit.blank || closingPunctuation(text.slice(unit.start, unit.end)) || widthOf(line.start, unit.end) <= box.width) {
      line.end = unit.end;
    } else {
      lines.push(line);
      line = null;
      queue.unshift(unit);
    }
  }
  if (line) lines.push(line);

  const truncated = lines.length > box.maxLines;
  const kept = lines.slice(0, box.maxLines);
  const lineHeight = box.size * box.lineHeight;
  const primary = fonts[0];
  const scale = box.size / primary.unitsPerEm;
  const glyphHeight = (primary.ascent - primary.descent) * scale;
  let notdef = 0;

  const prepared = kept.map((span, index) => {
    let end = span.end;
    while (end > span.start && /\s/u.test(text[end - 1])) end--;
    let content = text.slice(0, end);
    let runs = runsOf(span.start, end, byUnit, levels);
    if (truncated && index === kept.length - 1) {
      // Drop characters until the line and its ellipsis fit; the ellipsis takes the paragraph's direction.
      const withEllipsis = (cut: number) => {
        const body = text.slice(0, cut).replace(/\s+$/u, "");
        const full = body + ELLIPSIS;
        const ellipsisFont = fonts.find((f) => f.hasGlyphForCodePoint(ELLIPSIS.codePointAt(0)!));
        const extended = ellipsisFont ? [...runsOf(span.start, body.length, byUnit, levels), { start: body.length, end: full.length, font: ellipsisFont, level: rtl ? 1 : 0 }] : runsOf(span.start, body.length, byUnit, levels);
        return { full, runs: extended };
      };
      // Back off a whole word at a time (docs/product.md#the-loop-back: never mid-word, in any script); a lone word too long for the line
      // loses graphemes instead.
      let candidate = withEllipsis(end);
      for (const cut of ellipsisCuts(text, span.start, end)) {
        if (shapeLine(candidate.full, candidate.runs, box.size).width <= box.width) break;
        candidate = withEllipsis(cut);
      }
      content = candidate.full;
      runs = candidate.runs;
    }
    return { content, runs, width: shapeLine(content, runs, box.size).width, text: content.slice(span.start) };
  });
  const blockWidth = box.fit ? Math.ceil(Math.max(0, ...prepared.map((line) => line.width))) : box.width;
  const paths = prepared.map(({ content, runs, width }, index) => {
    const x = box.align === "center" ? (blockWidth - width) / 2 : rtl ? blockWidth - width : 0;
    const baseline = index * lineHeight + (lineHeight - glyphHeight) / 2 + primary.ascent * scale;
    const shaped = shapeLine(content, runs, box.size, x, baseline);
    notdef += shaped.notdef;
    return shaped.path;
  });

  return { width: blockWidth, height: Math.ceil(kept.length * lineHeight), rtl, lines: paths, missing: missing + notdef, truncated, lineTexts: prepared.map((line) => line.text) };
}
