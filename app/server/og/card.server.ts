import { constellationLayout } from "~/domain/constellation";
import { OG_SUBTITLE_MAX, OG_TITLE_MAX, OG_VERSE_MAX, OG_WORDS_MAX } from "~/domain/limits";
import { readRingVariant } from "~/domain/og-variant";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/domain/locale";
import { msg } from "~/domain/messages";
import { TAGLINE, THEME_COLOUR } from "~/domain/site";
import { cutAtWord } from "~/domain/cut-text";
import { withoutIsolates } from "~/domain/isolate";
import { translatorFor } from "~/i18n/catalogues.server";
import encodeQR from "qr";
import type { CardLayout, Rect } from "./layout.server";
import type { ShapedBlock } from "./shaped-text.server";

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

function clean(value: string | null, max: number, locale: Locale, lines = false): string {
  // Control and format characters would render as boxes, but for the bidi isolates the site places (isolate.ts);
  // whitespace runs collapse so the cut counts visible text, to the no-break space when they hold one (French sets
  // one before ";" and ":", and the line must not break there). A verse keeps its line breaks.
  const line = (text: string) =>
    text
      .replace(/(?![\u2066-\u2069])[\p{Cc}\p{Cf}]/gu, " ")
      .replace(/\s+/g, (run) => run.match(/[\u00a0\u2007\u202f]/)?.[0] ?? " ")
      .trim();
  const text = lines ? (value ?? "").split("\n").map(line).filter(Boolean).join("\n") : line(value ?? "");
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
  // A ring's cards draw its whole verse (ADR 0094); a page's card its title, cut to 100 characters.
  const title = (ring ? clean(params.get("title"), OG_VERSE_MAX, locale, true) : clean(params.get("title"), OG_TITLE_MAX, locale)) || siteName;
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

/** The sharer's words sit in a gold-edged box: its padding and border around the text block. */
export const WORDS_PADDING = { x: 32, y: 28, border: 3 };

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

/**
 * A card's page: navy, its header and foot spread top to bottom, the theme colour along its lower edge; the body's
 * blocks are placed over it at the layout's rectangles (layout.server.ts), from the card's own corner.
 */
function page(size: { width: number; height: number; padding: string; edge: number }, fontFamily: string, frame: CardNode[], placed: CardNode[]): CardNode {
  return el("div", { style: { position: "relative", display: "flex", width: size.width, height: size.height, background: NAVY, color: TEXT, fontFamily } }, [
    el(
      "div",
      {
        style: {
          width: size.width,
          height: size.height,
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: size.padding,
          borderBottom: `${size.edge}px solid ${THEME_COLOUR}`,
        },
      },
      frame,
    ),
    ...placed,
  ]);
}

export type CardText = "title" | "subtitle" | "label" | "tagline" | "words";

/** Text shaped outside satori, drawn as the outlines of its glyphs. */
export type ShapedText = Partial<Record<CardText, ShapedBlock>>;

function outline(block: ShapedBlock, colour: string): CardNode {
  return el(
    "svg",
    { width: block.width, height: block.height, viewBox: `0 0 ${block.width} ${block.height}` },
    block.lines.map((d) => el("path", { d, fill: colour })),
  );
}

const at = (rect: Rect, child: CardNode, style: Record<string, unknown> = {}) =>
  el("div", { style: { position: "absolute", display: "flex", left: rect.x, top: rect.y, ...style } }, [child]);

/** The body's blocks at their places: the picture, the title (a ring's verse), the subtitle, the sharer's words in their gold-edged box. */
function body(card: OgCard, layout: CardLayout, titleColour: string, pictureOf: (width: number) => CardNode): CardNode[] {
  const { shaped, rects } = layout;
  if (!rects.title) return plainBody(card);
  const words = shaped.words && rects.words;
  return [
    ...(rects.picture ? [at(rects.picture, pictureOf(rects.picture.width))] : []),
    ...(words
      ? [
          el("div", {
            style: {
              position: "absolute",
              display: "flex",
              left: words.x - WORDS_PADDING.x - WORDS_PADDING.border,
              top: words.y - WORDS_PADDING.y - WORDS_PADDING.border,
              width: words.width + 2 * (WORDS_PADDING.x + WORDS_PADDING.border),
              height: words.height + 2 * (WORDS_PADDING.y + WORDS_PADDING.border),
              borderRadius: 24,
              border: `${WORDS_PADDING.border}px solid ${GOLD}`,
              background: SURFACE,
            },
          }),
          at(words, outline(shaped.words!, TEXT)),
        ]
      : []),
    ...(shaped.title && rects.title ? [at(rects.title, outline(shaped.title, titleColour))] : []),
    ...(shaped.subtitle && rects.subtitle ? [at(rects.subtitle, outline(shaped.subtitle, MUTED))] : []),
  ];
}

/**
 * The fallback card's title and subtitle, drawn by satori with the bundled fonts: the card a failed render falls back
 * to must not need the static assets the failure may have been (og.server.ts). Latin only, as the default card's is.
 */
function plainBody(card: OgCard): CardNode[] {
  return [
    el("div", { style: { position: "absolute", display: "flex", flexDirection: "column", justifyContent: "center", gap: 24, left: 64, top: 144, width: 1072, height: 376 } }, [
      el("div", { style: { display: "flex", fontSize: 72, fontWeight: 700, lineHeight: 1.15, color: TEXT } }, withoutIsolates(card.title)),
      ...(card.subtitle ? [el("div", { style: { display: "flex", fontSize: 32, lineHeight: 1.35, color: MUTED } }, withoutIsolates(card.subtitle))] : []),
    ]),
  ];
}

/** The bell and the site's name, a poster's header. */
function posterHeader(siteName: string, size: { bell: number; name: number; gap: number }): CardNode {
  return el("div", { style: { display: "flex", alignItems: "center", gap: size.gap } }, [
    bellMark(size.bell),
    el("div", { style: { display: "flex", fontSize: size.name, fontWeight: 700 } }, siteName),
  ]);
}

const smallText = (card: OgCard, shaped: ShapedText, fontSize: number) =>
  el("div", { style: { display: "flex", fontSize, color: MUTED } }, shaped.tagline ? outline(shaped.tagline, MUTED) : card.tagline);

/** The story image (1080×1920): the ring's constellation large, its verse under it, where its wishes came from. */
function storyTree(card: OgCard, siteName: string, fontFamily: string, layout: CardLayout): CardNode {
  return page(
    { width: 1080, height: 1920, padding: "120px 96px", edge: 24 },
    fontFamily,
    [
      posterHeader(siteName, { bell: 104, name: 56, gap: 28 }),
      card.link
        ? el("div", { style: { display: "flex", flexDirection: "column", alignItems: "center", gap: 28 } }, [qrCode(card.link, 280), shortLink(card.link, 34)])
        : el("div", { style: { display: "flex", flexDirection: "column", alignItems: "center", gap: 32 } }, [label(card.label, 36, layout.shaped.label), smallText(card, layout.shaped, 36)]),
    ],
    body(card, layout, GOLD, (width) => (card.bits ? constellation(card.bits, width) : bellMark(width))),
  );
}

/** A ring's square poster (1080×1080, a feed's post): the bell, the verse, where the wishes came from, the sharer's words, the link. */
function ringSquareTree(card: OgCard, siteName: string, fontFamily: string, layout: CardLayout): CardNode {
  return page(
    { width: 1080, height: 1080, padding: "80px 96px", edge: 20 },
    fontFamily,
    [
      posterHeader(siteName, { bell: 80, name: 48, gap: 24 }),
      el("div", { style: { display: "flex", justifyContent: "center" } }, card.link ? [shortLink(card.link, 34)] : [label(card.label, 30, layout.shaped.label)]),
    ],
    body(card, layout, GOLD, (width) => constellation(card.bits!, width)),
  );
}

/** A flat card (no gradients or shadows: resvg's cost grows with them, see STACK-NOTES). */
/** The card as satori elements; `fontFamily` is the stack of every bundled font family, in fallback order. */
export function cardTree(card: OgCard, siteName: string, fontFamily: string, layout: CardLayout = { shaped: {}, rects: {} }): CardNode {
  if (card.variant === "square") return card.bits ? ringSquareTree(card, siteName, fontFamily, layout) : squareTree(siteName, fontFamily);
  if (card.variant === "story") return storyTree(card, siteName, fontFamily, layout);
  return page(
    { width: 1200, height: 630, padding: "48px 64px 44px", edge: 16 },
    fontFamily,
    [
      el("div", { style: { display: "flex", alignItems: "center", gap: 20 } }, [
        bellMark(64),
        el("div", { style: { display: "flex", fontSize: 40, fontWeight: 700, color: TEXT } }, siteName),
        el("div", { style: { display: "flex", marginLeft: "auto" } }, [label(card.label, 24, layout.shaped.label)]),
      ]),
      el("div", { style: { display: "flex", alignItems: "center", gap: 14, fontSize: 24, color: MUTED } }, [
        el("div", { style: { display: "flex", width: 14, height: 14, borderRadius: 999, background: GOLD } }),
        layout.shaped.tagline ? outline(layout.shaped.tagline, MUTED) : card.tagline,
      ]),
    ],
    body(card, layout, TEXT, (width) => constellation(card.bits!, width)),
  );
}
