import { OG_SUBTITLE_MAX, OG_TITLE_MAX } from "~/domain/limits";
import { TAGLINE, THEME_COLOUR } from "~/domain/site";

export const OG_VARIANTS = ["default", "wish", "bell", "article", "square"] as const;
export type OgVariant = (typeof OG_VARIANTS)[number];

/** Every card is 1200×630 except the square 512×512 mark the spec asks for beside it. */
export function ogSize(variant: OgVariant): { width: number; height: number } {
  return variant === "square" ? { width: 512, height: 512 } : { width: 1200, height: 630 };
}

export interface OgCard {
  title: string;
  subtitle: string;
  variant: OgVariant;
}

const VARIANT_LABEL: Record<OgVariant, string> = {
  default: "Write a wish · ring the bell",
  square: "",
  wish: "A wish for the world",
  bell: "The bell has rung",
  article: "From the journal",
};

function clean(value: string | null, max: number): string {
  // Control and format characters would render as boxes; whitespace runs collapse so the cut counts visible text.
  const text = (value ?? "").replace(/[\p{Cc}\p{Cf}]/gu, " ").replace(/\s+/g, " ").trim();
  return Array.from(text).slice(0, max).join("").trim();
}

/** Normalises the query: unknown variants, blanks and junk all fall back to the default card, never to an error. */
export function readOgCard(params: URLSearchParams, siteName: string): OgCard {
  const variant = OG_VARIANTS.find((name) => name === params.get("variant")) ?? "default";
  const title = clean(params.get("title"), OG_TITLE_MAX) || siteName;
  const subtitle = clean(params.get("subtitle"), OG_SUBTITLE_MAX) || (title === siteName ? TAGLINE : "");
  return { title, subtitle, variant };
}

/** The cache key is the normalised card, so every query that draws the same picture shares one PNG. */
export function ogCacheKey(origin: string, card: OgCard): string {
  const query = new URLSearchParams({ title: card.title, subtitle: card.subtitle, variant: card.variant });
  return `${origin}/og?${query}`;
}

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
const BELL_PATH =
  "M32 6c-2.2 0-4 1.8-4 4v1.3C19.6 13.1 14 20.6 14 29.5V41l-5 6v3h46v-3l-5-6V29.5c0-8.9-5.6-16.4-14-18.2V10c0-2.2-1.8-4-4-4z";

function bellMark(size: number): CardNode {
  return el("svg", { width: size, height: size, viewBox: "0 0 64 64" }, [
    el("path", { d: BELL_PATH, fill: THEME_COLOUR }),
    el("circle", { cx: 32, cy: 56, r: 5, fill: GOLD }),
  ]);
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

/** A flat card (no gradients or shadows: resvg's cost grows with them, see STACK-NOTES). */
/** The card as satori elements; `fontFamily` is the stack of every bundled font family, in fallback order. */
export function cardTree(card: OgCard, siteName: string, fontFamily: string): CardNode {
  if (card.variant === "square") return squareTree(siteName, fontFamily);
  const titleSize = card.title.length > 60 ? 54 : card.title.length > 30 ? 66 : 80;
  return el(
    "div",
    {
      style: {
        width: 1200,
        height: 630,
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "64px 72px",
        background: NAVY,
        color: TEXT,
        fontFamily,
        borderBottom: `16px solid ${THEME_COLOUR}`,
      },
    },
    [
      el("div", { style: { display: "flex", alignItems: "center", gap: 20 } }, [
        bellMark(72),
        el("div", { style: { display: "flex", fontSize: 40, fontWeight: 700, color: TEXT } }, siteName),
        el(
          "div",
          {
            style: {
              display: "flex",
              marginLeft: "auto",
              padding: "10px 22px",
              borderRadius: 999,
              background: SURFACE,
              border: `2px solid ${BORDER}`,
              color: THEME_COLOUR,
              fontSize: 24,
            },
          },
          VARIANT_LABEL[card.variant],
        ),
      ]),
      el("div", { style: { display: "flex", flexDirection: "column", gap: 24 } }, [
        el("div", { style: { display: "flex", fontSize: titleSize, fontWeight: 700, lineHeight: 1.15 } }, card.title),
        ...(card.subtitle
          ? [el("div", { style: { display: "flex", fontSize: 32, color: MUTED, lineHeight: 1.35 } }, card.subtitle)]
          : []),
      ]),
      el("div", { style: { display: "flex", alignItems: "center", gap: 14, fontSize: 24, color: MUTED } }, [
        el("div", { style: { display: "flex", width: 14, height: 14, borderRadius: 999, background: GOLD } }),
        TAGLINE,
      ]),
    ],
  );
}
