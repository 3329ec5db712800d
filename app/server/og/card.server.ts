import { constellationLayout } from "~/domain/constellation";
import { OG_SUBTITLE_MAX, OG_TITLE_MAX, OG_WORDS_MAX } from "~/domain/limits";
import { readRingVariant } from "~/domain/og-variant";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/domain/locale";
import { msg } from "~/domain/messages";
import { TAGLINE, THEME_COLOUR } from "~/domain/site";
import { cutAtWord } from "~/domain/cut-text";
import { translatorFor } from "~/i18n/catalogues.server";
import encodeQR from "qr";
import type { ShapedBlock, TextBox } from "./shaped-text.server";

export const OG_VARIANTS = ["default", "wish", "bell", "article", "square", "story"] as const;
export type OgVariant = (typeof OG_VARIANTS)[number];

/**
 * Every card is 1200×630 except the square 512×512 mark docs/product.md#page-metadata-and-share-images asks for beside it and the ring's story image,
 * 1080×1920 like a phone's screen, for the share sheet.
 */
export function ogSize(variant: OgVariant, ring = false): { width: number; height: number } {
  // A ring's square poster is a feed post's 1080×1080; the site's own square mark stays 512.
  if (variant === "square") return ring ? { width: 1080, height: 1080 } : { width: 512, height: 512 };
  if (variant === "story") return { width: 1080, height: 1920 };
  return { width: 1200, height: 630 };
}

export interface OgCard {
  title: string;
  subtitle: string;
  variant: OgVariant;
  /** A ring's measured bits ("101"), which draw its constellation; null on every other card. */
  bits: string | null;
  /** On a ring's poster (story, square): the ring's short link, printed and (on the story) as a QR code. */
  link: string | null;
  /** On a ring's story shared by one of its writers: their own wish, quoted. */
  words: string;
  /** The language of the card's own words (`?lang=`, the sharing page's language; not signed, it picks only our text). */
  locale: Locale;
  /** The variant's label and the tagline, in that language. */
  label: string;
  tagline: string;
}

const VARIANT_LABEL: Record<OgVariant, string> = {
  default: msg("Write a wish · ring the bell"),
  square: "",
  wish: msg("A wish for the world"),
  bell: msg("The bell has rung"),
  article: msg("From the journal"),
  story: msg("The bell has rung"),
};

function clean(value: string | null, max: number, locale: Locale): string {
  // Control and format characters would render as boxes; whitespace runs collapse so the cut counts visible text.
  const text = (value ?? "").replace(/[\p{Cc}\p{Cf}]/gu, " ").replace(/\s+/g, " ").trim();
  // At a word, with an ellipsis, in every script (docs/product.md#the-loop-back).
  return cutAtWord(text, max, locale);
}

/**
 * The card's bundled fonts draw Latin script (with symbols and marks), which satori lays out itself. Any other script
 * (Arabic, Devanagari, Chinese…) is shaped by fontkit with fonts read from static assets (shaped-text.server.ts).
 */
const DRAWABLE = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;
export const needsShaping = (text: string) => !DRAWABLE.test(text);

/** Normalises the query: unknown variants, blanks and junk all fall back to the default card, never to an error. */
export function readOgCard(params: URLSearchParams, siteName: string, origin = ""): OgCard {
  const ring = readRingVariant(params.get("variant"));
  const variant = ring?.format ?? OG_VARIANTS.find((name) => name === params.get("variant")) ?? "default";
  const lang = params.get("lang");
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const t = translatorFor(locale);
  const tagline = t(TAGLINE);
  const title = clean(params.get("title"), OG_TITLE_MAX, locale) || siteName;
  const subtitle = clean(params.get("subtitle"), OG_SUBTITLE_MAX, locale) || (title === siteName ? tagline : "");
  const label = VARIANT_LABEL[variant] ? t(VARIANT_LABEL[variant]) : "";
  const link = ring?.ringId && origin ? `${origin}/bell/${ring.ringId}` : null;
  const words = (variant === "story" || variant === "square") && ring ? clean(params.get("words"), OG_WORDS_MAX, locale) : "";
  return { title, subtitle, variant, bits: ring?.bits ?? null, link, words, locale, label, tagline };
}

/** The cache key is the normalised card, so every query that draws the same picture shares one PNG. */
export function ogCacheKey(origin: string, card: OgCard): string {
  const ringId = card.link?.split("/").pop();
  const variant = card.bits ? [card.variant, card.bits, ...(ringId ? [ringId] : [])].join("-") : card.variant;
  const query = new URLSearchParams({ title: card.title, subtitle: card.subtitle, variant });
  if (card.words) query.set("words", card.words);
  if (card.locale !== DEFAULT_LOCALE) query.set("lang", card.locale);
  return `${origin}/og?${query}`;
}

/** Where a card is kept in D1 (ADR 0050): its normalised path, the same for every origin the site answers on. */
export const storedCardKey = (card: OgCard) => ogCacheKey("", card);

/** The element tree satori lays out: plain objects in React's shape, so no JSX runtime is needed on the server. */
export interface CardNode {
  type: string;
  props: Record<string, unknown> & { children?: CardNode | string | (CardNode | string)[] };
}

function el(type: string, props: Record<string, unknown>, children?: CardNode["props"]["children"]): CardNode {
  return { type, props: children === undefined ? props : { ...props, children } };
}

const NAVY = "#0b1020";
const SURFACE = "#141b2f";
const BORDER = "#2c3862";
const TEXT = "#eef2fb";
const MUTED = "#b7c1dc";
const GOLD = "#ffd54f";
const ZERO_BLUE = "#90caf9";
// A word longer than the line (a 100-character "word") breaks instead of running off the card.
const WRAP = { wordBreak: "break-word" } as const;

const GOLD_DEEP = "#c79100";
const GOLD_EDGE = "#8a6400";

/** The site's gold bell (app/components/bell/bell-icon.tsx), flat: no gradient, which resvg pays for. */
function bellMark(size: number): CardNode {
  return el("svg", { width: size, height: Math.round((size * 72) / 64), viewBox: "0 0 64 72" }, [
    el("path", { d: "M28 6a4 4 0 0 1 8 0v3h-8z", fill: GOLD_DEEP }),
    el("path", {
      d: "M32 9c-11 0-18 8.5-18 20v12.5c0 4.5-2.4 8.3-6.2 10.6A2.6 2.6 0 0 0 9.1 57h45.8a2.6 2.6 0 0 0 1.3-4.9C52.4 49.8 50 46 50 41.5V29C50 17.5 43 9 32 9z",
      fill: GOLD,
      stroke: GOLD_EDGE,
      strokeWidth: 1.5,
    }),
    el("path", { d: "M20 27c0-6 4-11 10-12.5", fill: "none", stroke: "#fffbe6", strokeOpacity: 0.7, strokeWidth: 2.5, strokeLinecap: "round" }),
    el("circle", { cx: 32, cy: 63, r: 5.5, fill: GOLD_DEEP, stroke: GOLD_EDGE, strokeWidth: 1.5 }),
  ]);
}

/** The ring's link as a QR code: dark modules on white (what cameras read best), one path for resvg. */
function qrCode(link: string, size: number): CardNode {
  const modules = encodeQR(link, "raw", { ecc: "medium", border: 2 });
  const count = modules.length;
  let d = "";
  modules.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : "")));
  return el("svg", { width: size, height: size, viewBox: `0 0 ${count} ${count}`, shapeRendering: "crispEdges" }, [
    el("rect", { width: count, height: count, fill: "#ffffff" }),
    el("path", { d, fill: NAVY }),
  ]);
}

/** The printed short link: the address without its scheme, so it reads as one short line. */
function shortLink(link: string, fontSize: number): CardNode {
  return el("div", { style: { display: "flex", fontSize, color: TEXT, fontWeight: 700 } }, link.replace(/^https?:\/\//, ""));
}

function squareTree(siteName: string, fontFamily: string): CardNode {
  return el(
    "div",
    {
      style: {
        width: 512,
        height: 512,
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: 28,
        background: NAVY,
        color: TEXT,
        fontFamily,
      },
    },
    [bellMark(240), el("div", { style: { display: "flex", fontSize: 48, fontWeight: 700 } }, siteName)],
  );
}

/** The ring's constellation as on its page: a star per wish, gold and larger for a measured 1, pale blue for a 0. */
function constellation(bits: string, width: number): CardNode {
  const layout = constellationLayout(bits.length);
  const height = Math.round((width * layout.height) / layout.width);
  return el("svg", { width, height, viewBox: `0 0 ${layout.width} ${layout.height}` }, [
    ...layout.links.map(([from, to]) =>
      el("line", {
        x1: layout.stars[from].x,
        y1: layout.stars[from].y,
        x2: layout.stars[to].x,
        y2: layout.stars[to].y,
        stroke: THEME_COLOUR,
        strokeWidth: 1.5,
        strokeOpacity: 0.7,
      }),
    ),
    ...layout.stars.flatMap((star, q) =>
      bits[q] === "1"
        ? [el("circle", { cx: star.x, cy: star.y, r: 14, fill: GOLD, fillOpacity: 0.25 }), el("circle", { cx: star.x, cy: star.y, r: 8, fill: GOLD })]
        : [el("circle", { cx: star.x, cy: star.y, r: 6, fill: ZERO_BLUE })],
    ),
  ]);
}

function label(text: string, fontSize: number, block: ShapedBlock | undefined): CardNode {
  return el(
    "div",
    {
      style: {
        display: "flex",
        padding: `${fontSize / 2.4}px ${fontSize}px`,
        borderRadius: 999,
        background: SURFACE,
        border: `2px solid ${BORDER}`,
        color: THEME_COLOUR,
        fontSize,
      },
    },
    block ? outline(block, THEME_COLOUR) : text,
  );
}

/** A card's page: navy, its content spread top to bottom, the theme colour along its lower edge. */
function frameStyle(size: { width: number; height: number; padding: string; edge: number }, fontFamily: string) {
  return {
    width: size.width,
    height: size.height,
    display: "flex",
    flexDirection: "column",
    justifyContent: "space-between",
    padding: size.padding,
    background: NAVY,
    color: TEXT,
    fontFamily,
    borderBottom: `${size.edge}px solid ${THEME_COLOUR}`,
  };
}

export type CardText = "title" | "subtitle" | "label" | "tagline" | "words";

type Box = Omit<TextBox, "text">;

/**
 * The posters' boxes (square and story), at each one's sizes: a centred column 888 wide, the quoted words inset, the
 * label and tagline on one line. `titles` are for a title of up to 30, up to 60 and more characters; the title gets
 * one line more than the subtitle and the words.
 */
function posterBoxes(
  length: number,
  size: { titles: [number, number, number]; subtitle: number; small: number; words: number; lines: number },
): Record<CardText, Box> {
  const [short, medium, long] = size.titles;
  return {
    title: { size: length > 60 ? long : length > 30 ? medium : short, lineHeight: 1.2, width: 888, maxLines: size.lines + 1, align: "center" },
    subtitle: { size: size.subtitle, lineHeight: 1.35, width: 888, maxLines: size.lines, align: "center" },
    label: { size: size.small, lineHeight: 1.2, width: 800, maxLines: 1, align: "start", fit: true },
    tagline: { size: size.small, lineHeight: 1.3, width: 888, maxLines: 1, align: "start", fit: true },
    words: { size: size.words, lineHeight: 1.35, width: 824, maxLines: size.lines, align: "center" },
  };
}

/**
 * The box each piece of a card's text gets: where satori wraps Latin text and fontkit lays out the rest. The label
 * and the tagline take one line, as wide as their words.
 */
export function textBoxes(card: OgCard): Record<CardText, Box> {
  const length = Array.from(card.title).length;
  if (card.variant === "square") return posterBoxes(length, { titles: [72, 60, 52], subtitle: 34, small: 30, words: 34, lines: 2 });
  if (card.variant === "story") return posterBoxes(length, { titles: [96, 80, 68], subtitle: 42, small: 36, words: 40, lines: 3 });
  const size = (length > 60 ? 54 : length > 30 ? 66 : 80) - (card.bits ? 8 : 0);
  const width = 1056 - (card.bits ? 448 : 0);
  return {
    title: { size, lineHeight: 1.15, width, maxLines: size > 66 ? 2 : 3, align: "start" },
    subtitle: { size: 32, lineHeight: 1.35, width, maxLines: 2, align: "start" },
    label: { size: 24, lineHeight: 1.2, width: 520, maxLines: 1, align: "start", fit: true },
    tagline: { size: 24, lineHeight: 1.3, width: 1000, maxLines: 1, align: "start", fit: true },
    words: { size: 28, lineHeight: 1.35, width, maxLines: 2, align: "start" },
  };
}

/** Text shaped outside satori, drawn as the outlines of its glyphs. */
export type ShapedText = Partial<Record<CardText, ShapedBlock>>;

function outline(block: ShapedBlock, colour: string): CardNode {
  return el(
    "svg",
    { width: block.width, height: block.height, viewBox: `0 0 ${block.width} ${block.height}` },
    block.lines.map((d) => el("path", { d, fill: colour })),
  );
}

function textOrOutline(text: string, block: ShapedBlock | undefined, box: Box, style: Record<string, unknown>): CardNode {
  if (block) return outline(block, (style.color as string | undefined) ?? TEXT);
  const align = box.align === "center" ? { textAlign: "center" } : {};
  return el("div", { style: { display: "flex", fontSize: box.size, lineHeight: box.lineHeight, ...align, ...WRAP, ...style } }, text);
}

/**
 * What a ring's two posters share, at each one's sizes: the bell and the site's name, then a column with the picture,
 * the title in gold, the subtitle and the sharer's words.
 */
function posterTop(
  card: OgCard,
  siteName: string,
  shaped: ShapedText,
  picture: CardNode,
  size: { bell: number; name: number; gap: number; bodyGap: number },
): [CardNode, CardNode] {
  const boxes = textBoxes(card);
  return [
    el("div", { style: { display: "flex", alignItems: "center", gap: size.gap } }, [
      bellMark(size.bell),
      el("div", { style: { display: "flex", fontSize: size.name, fontWeight: 700 } }, siteName),
    ]),
    el("div", { style: { display: "flex", flexDirection: "column", alignItems: "center", gap: size.bodyGap } }, [
      picture,
      textOrOutline(card.title, shaped.title, boxes.title, { fontWeight: 700, color: GOLD }),
      ...(card.subtitle ? [textOrOutline(card.subtitle, shaped.subtitle, boxes.subtitle, { color: MUTED })] : []),
      ...(card.words ? [sharerWords(card, shaped, boxes)] : []),
    ]),
  ];
}

/** The story image (1080×1920): the ring's constellation large, its poem under it, where its wishes came from. */
function storyTree(card: OgCard, siteName: string, fontFamily: string, shaped: ShapedText): CardNode {
  return el(
    "div",
    { style: frameStyle({ width: 1080, height: 1920, padding: "120px 96px", edge: 24 }, fontFamily) },
    [
      ...posterTop(card, siteName, shaped, card.bits ? constellation(card.bits, 888) : bellMark(320), { bell: 104, name: 56, gap: 28, bodyGap: 56 }),
      card.link
        ? el("div", { style: { display: "flex", flexDirection: "column", alignItems: "center", gap: 28 } }, [qrCode(card.link, 280), shortLink(card.link, 34)])
        : el("div", { style: { display: "flex", flexDirection: "column", alignItems: "center", gap: 32 } }, [
            label(card.label, 36, shaped.label),
            el("div", { style: { display: "flex", fontSize: 36, color: MUTED } }, shaped.tagline ? outline(shaped.tagline, MUTED) : card.tagline),
          ]),
    ],
  );
}

/** The sharer's own wish on their ring's posters, quoted in a gold-edged box. */
function sharerWords(card: OgCard, shaped: ShapedText, boxes: Record<CardText, Box>): CardNode {
  const quoted = `“${card.words}”`;
  return el(
    "div",
    { style: { display: "flex", justifyContent: "center", padding: "28px 32px", borderRadius: 24, border: `3px solid ${GOLD}`, background: SURFACE } },
    [textOrOutline(quoted, shaped.words, boxes.words, { color: TEXT })],
  );
}

/** A ring's square poster (1080×1080, a feed's post): the bell, the poem's line, where the wishes came from, the sharer's words, the link. */
function ringSquareTree(card: OgCard, siteName: string, fontFamily: string, shaped: ShapedText): CardNode {
  return el(
    "div",
    { style: frameStyle({ width: 1080, height: 1080, padding: "80px 96px", edge: 20 }, fontFamily) },
    [
      // The sharer's words take room from the constellation, so the poster stays square.
      ...posterTop(card, siteName, shaped, constellation(card.bits!, card.words ? 280 : 520), { bell: 80, name: 48, gap: 24, bodyGap: 40 }),
      el("div", { style: { display: "flex", justifyContent: "center" } }, card.link ? [shortLink(card.link, 34)] : [label(card.label, 30, shaped.label)]),
    ],
  );
}

/** A flat card (no gradients or shadows: resvg's cost grows with them, see STACK-NOTES). */
/** The card as satori elements; `fontFamily` is the stack of every bundled font family, in fallback order. */
export function cardTree(card: OgCard, siteName: string, fontFamily: string, shaped: ShapedText = {}): CardNode {
  if (card.variant === "square") return card.bits ? ringSquareTree(card, siteName, fontFamily, shaped) : squareTree(siteName, fontFamily);
  if (card.variant === "story") return storyTree(card, siteName, fontFamily, shaped);
  const stars = card.bits ? [constellation(card.bits, 400)] : [];
  const boxes = textBoxes(card);
  return el(
    "div",
    { style: frameStyle({ width: 1200, height: 630, padding: "64px 72px", edge: 16 }, fontFamily) },
    [
      el("div", { style: { display: "flex", alignItems: "center", gap: 20 } }, [
        bellMark(72),
        el("div", { style: { display: "flex", fontSize: 40, fontWeight: 700, color: TEXT } }, siteName),
        el("div", { style: { display: "flex", marginLeft: "auto" } }, [label(card.label, 24, shaped.label)]),
      ]),
      el("div", { style: { display: "flex", alignItems: "center", gap: 48 } }, [
        el("div", { style: { display: "flex", flexDirection: "column", gap: 24, flex: 1, minWidth: 0 } }, [
          textOrOutline(card.title, shaped.title, boxes.title, { fontWeight: 700 }),
          ...(card.subtitle ? [textOrOutline(card.subtitle, shaped.subtitle, boxes.subtitle, { color: MUTED })] : []),
        ]),
        ...stars,
      ]),
      el("div", { style: { display: "flex", alignItems: "center", gap: 14, fontSize: 24, color: MUTED } }, [
        el("div", { style: { display: "flex", width: 14, height: 14, borderRadius: 999, background: GOLD } }),
        shaped.tagline ? outline(shaped.tagline, MUTED) : card.tagline,
      ]),
    ],
  );
}
