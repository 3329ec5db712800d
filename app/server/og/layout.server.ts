import { LOCALE_INFO } from "~/domain/locale";
import { needsShaping, WORDS_PADDING, type OgCard, type ShapedText } from "./card.server";
import { fontsFor } from "./script-fonts.server";
import { shapeText, type ShapedBlock, type TextBox } from "./shaped-text.server";

/**
 * Where a card's text and picture go (ADR 0094). The body's text (the title, a ring's whole verse; the subtitle; the
 * sharer's words) is fitted to the room the card has, in every script: the largest size at which all of it fits,
 * never an ellipsis for the verse. The picture (a ring's constellation) takes what the text leaves, between a smallest
 * and a largest size. Every block's rectangle is known here, so the card places it exactly and a test can read the
 * rendered PNG against it.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Placed = "title" | "subtitle" | "words" | "picture";

export interface CardLayout {
  shaped: ShapedText;
  /** Each body block's place on the card, in the card's pixels. */
  rects: Partial<Record<Placed, Rect>>;
}

type Fit = { size: number; minSize: number; maxLines: number; width: number };

interface Format {
  /** The body's band: between the header (bell and name) and the foot (link, QR code, tagline). */
  top: number;
  bottom: number;
  left: number;
  width: number;
  gap: number;
  align: "start" | "center";
  title: Fit;
  subtitle: Fit;
  words: Fit;
}

/** The constellation's drawing is 320×120 (app/domain/constellation.ts); the bell mark 64×72. */
const CONSTELLATION_RATIO = 120 / 320;
const BELL_RATIO = 72 / 64;

/** The 1200×630 card: its side constellation, when it has one, is this wide, right of the text. */
const WIDE_PICTURE = 280;
const WIDE_GAP = 40;

function format(card: OgCard): Format {
  if (card.variant === "story") {
    return {
      top: 285,
      bottom: card.link ? 1380 : 1574,
      left: 96,
      width: 888,
      gap: 48,
      align: "center",
      title: { size: 96, minSize: 24, maxLines: 16, width: 888 },
      subtitle: { size: 42, minSize: 28, maxLines: 3, width: 888 },
      words: { size: 40, minSize: 26, maxLines: 5, width: 824 },
    };
  }
  if (card.variant === "square") {
    return {
      top: 206,
      bottom: card.link ? 904 : 880,
      left: 96,
      width: 888,
      gap: 32,
      align: "center",
      title: { size: 72, minSize: 20, maxLines: 14, width: 888 },
      subtitle: { size: 34, minSize: 24, maxLines: 2, width: 888 },
      words: { size: 34, minSize: 22, maxLines: 4, width: 824 },
    };
  }
  const width = card.bits ? 1072 - WIDE_PICTURE - WIDE_GAP : 1072;
  return {
    top: 144,
    bottom: 520,
    left: 64,
    width,
    gap: 20,
    align: "start",
    title: { size: card.bits ? 72 : 80, minSize: 18, maxLines: 12, width },
    subtitle: { size: 30, minSize: 22, maxLines: 2, width },
    words: { size: 28, minSize: 22, maxLines: 2, width },
  };
}

/** Line pitch by script: Arabic's marks and descenders and Devanagari's matras need more than Latin; Chinese sits in between. */
export function lineHeightFor(text: string, latin: number): number {
  if (/\p{Script=Arabic}/u.test(text)) return 1.75;
  if (/\p{Script=Devanagari}/u.test(text)) return 1.55;
  if (/\p{Script=Han}/u.test(text)) return 1.45;
  return latin;
}

async function fitted(assets: Fetcher, card: OgCard, text: string, weight: number, fit: Fit, height: number, latinLineHeight: number, align: Format["align"]): Promise<ShapedBlock> {
  const box: TextBox = {
    text,
    ...fit,
    height,
    lineHeight: lineHeightFor(text, latinLineHeight),
    align,
    rtl: LOCALE_INFO[card.locale].dir === "rtl",
    locale: LOCALE_INFO[card.locale].tag,
  };
  // The ellipsis's font too, for the last resort of a text far past what its box was made for.
  return shapeText(box, await fontsFor(assets, `${text}…`, weight));
}

/** The sharer's words as the card quotes them: isolated inside the quotes, so a wish in another direction keeps its order. */
export const quotedWords = (words: string) => `“\u2068${words}\u2069”`;

/** The header's label and the tagline, shaped when satori cannot draw their script (one line each, as wide as their words). */
async function smallTexts(card: OgCard, assets: Fetcher): Promise<Pick<ShapedText, "label" | "tagline">> {
  const small = card.variant === "story" ? 36 : card.variant === "square" ? 30 : 24;
  const shape = async (text: string) =>
    needsShaping(text)
      ? shapeText(
          { text, size: small, lineHeight: lineHeightFor(text, 1.25), width: card.variant === "default" || card.variant === "bell" ? 1000 : 888, maxLines: 1, align: "start", fit: true, rtl: LOCALE_INFO[card.locale].dir === "rtl" },
          await fontsFor(assets, text, 400),
        )
      : undefined;
  const [label, tagline] = await Promise.all([shape(card.label), shape(card.tagline)]);
  return { label, tagline };
}

const stackHeight = (heights: number[], gap: number) => heights.reduce((sum, h) => sum + h, 0) + gap * Math.max(0, heights.length - 1);

/** Lays out a card's text and picture; the site's 512 px square mark has neither. */
export async function layoutCard(card: OgCard, assets: Fetcher): Promise<CardLayout> {
  if (card.variant === "square" && !card.bits) return { shaped: {}, rects: {} };
  const spec = format(card);
  const band = spec.bottom - spec.top;
  const poster = card.variant === "story" || card.variant === "square";
  const [small, subtitle, words] = await Promise.all([
    smallTexts(card, assets),
    card.subtitle ? fitted(assets, card, card.subtitle, 400, spec.subtitle, band / 3, 1.3, spec.align) : undefined,
    card.words ? fitted(assets, card, quotedWords(card.words), 400, spec.words, band / 3, 1.3, spec.align) : undefined,
  ]);
  const wordsBox = words ? { width: words.width + 2 * (WORDS_PADDING.x + WORDS_PADDING.border), height: words.height + 2 * (WORDS_PADDING.y + WORDS_PADDING.border) } : undefined;
  // A poster's picture keeps at least this much height; the title gets the rest of the band.
  const picture = poster ? (card.bits ? { max: card.words ? 280 : card.variant === "story" ? 888 : 520, min: card.variant === "story" ? 320 : 200, ratio: CONSTELLATION_RATIO } : { max: 320, min: 160, ratio: BELL_RATIO }) : null;
  const others = [...(picture ? [picture.min * picture.ratio] : []), ...(subtitle ? [subtitle.height] : []), ...(wordsBox ? [wordsBox.height] : [])];
  const titleRoom = band - stackHeight(others, spec.gap) - spec.gap;
  const title = await fitted(assets, card, card.title, 700, spec.title, titleRoom, poster ? 1.2 : 1.15, spec.align);

  const rects: CardLayout["rects"] = {};
  const centred = (width: number) => spec.left + (spec.width - width) / 2;
  const x = (block: { width: number }) => (spec.align === "center" ? centred(block.width) : spec.left);
  if (poster) {
    const texts = [title.height, ...(subtitle ? [subtitle.height] : []), ...(wordsBox ? [wordsBox.height] : [])];
    const pictureHeight = Math.min(picture!.max * picture!.ratio, band - stackHeight(texts, spec.gap) - spec.gap);
    const pictureWidth = Math.round(pictureHeight / picture!.ratio);
    let y = spec.top + (band - stackHeight([pictureHeight, ...texts], spec.gap)) / 2;
    rects.picture = { x: centred(pictureWidth), y, width: pictureWidth, height: Math.round(pictureWidth * picture!.ratio) };
    y += pictureHeight + spec.gap;
    rects.title = { x: x(title), y, width: title.width, height: title.height };
    y += title.height + spec.gap;
    if (subtitle) {
      rects.subtitle = { x: x(subtitle), y, width: subtitle.width, height: subtitle.height };
      y += subtitle.height + spec.gap;
    }
    if (words && wordsBox) rects.words = { x: centred(words.width), y: y + WORDS_PADDING.y + WORDS_PADDING.border, width: words.width, height: words.height };
  } else {
    const texts = [title.height, ...(subtitle ? [subtitle.height] : [])];
    let y = spec.top + (band - stackHeight(texts, spec.gap)) / 2;
    // A right-to-left card reads from the right: its text column stands at the right, the constellation at the left.
    const rtl = LOCALE_INFO[card.locale].dir === "rtl";
    const column = card.bits && rtl ? spec.left + WIDE_PICTURE + WIDE_GAP : spec.left;
    rects.title = { x: column, y, width: title.width, height: title.height };
    y += title.height + spec.gap;
    if (subtitle) rects.subtitle = { x: column, y, width: subtitle.width, height: subtitle.height };
    if (card.bits) {
      const height = Math.round(WIDE_PICTURE * CONSTELLATION_RATIO);
      rects.picture = { x: rtl ? spec.left : spec.left + spec.width + WIDE_GAP, y: spec.top + (band - height) / 2, width: WIDE_PICTURE, height };
    }
  }
  return { shaped: { ...small, title, subtitle, words }, rects };
}
