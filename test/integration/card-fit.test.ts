import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/domain/locale";
import type { PublicWish } from "~/domain/public-wish";
import { verseCard } from "~/domain/ring-card";
import { translatorFor } from "~/i18n/catalogues.server";
import { ogImagePath } from "~/lib/meta";
import { readOgCard, ogSize, type OgCard } from "~/server/og/card.server";
import { layoutCard, type CardLayout, type Rect } from "~/server/og/layout.server";
import { signOgPath } from "~/server/og/signature.server";
import { ORIGIN } from "../support/api";
import { DESIGNED_LENGTH, LONGEST_VERSES } from "../support/longest-verses";
import { longestVerseFor } from "../support/longest-verse";
import { decodePng } from "../support/png";

// Issue 45: a ring's share cards draw its whole verse in every script and size, never an ellipsis, never a clipped
// glyph. Each card is drawn through /og as a link preview fetches it, its PNG read back pixel by pixel against the
// rectangles the layout gave each block; the layout's own lines are read against the verse. /og draws with the built
// Worker (wrangler.toml's main) and this file lays out with the source: `npm run build` after changing the renderer.

const RING_ID = "01M8F4E2WZFW6AB96Y7CSTDKHB";
const FORMATS = ["bell", "story", "square"] as const;
/** No ink this close to the card's edges (the theme colour's strip along the bottom is the card's own edge). */
const EDGE = 24;
const STRIP = { bell: 16, story: 24, square: 20 } as const;
/** Glyphs keep this far from their block's edges: ink there is a glyph the block's edge cut. */
const BAND = 2;
/** Nothing else is drawn this close around a block: ink there is text run out of its box. */
const RING = 6;
const NAVY = [0x0b, 0x10, 0x20];

const wishes = [
  ["Japan", "JP"],
  ["Rwanda", "RW"],
  ["Sweden", "SE"],
  ["Brazil", "BR"],
  ["Chile", "CL"],
].map(([country, countryCode]) => ({ id: countryCode, wish: "May it be so", country, countryCode }) as PublicWish);

async function drawn(locale: Locale, format: (typeof FORMATS)[number], verse: readonly string[], words?: string) {
  const ring = { id: RING_ID, wishes, isSimulator: false, bitstring: "10110" };
  const params = { ...verseCard(translatorFor(locale), verse, ring, env.SITE_NAME, format, locale), lang: locale, ...(words ? { words } : {}) };
  const path = await signOgPath(env, ogImagePath(params));
  const response = await exports.default.fetch(`${ORIGIN}${path}`);
  expect(response.headers.get("Content-Type")).toBe("image/png");
  const card = readOgCard(new URL(path, ORIGIN).searchParams, env.SITE_NAME, env.SITE_URL);
  const png = await decodePng(new Uint8Array(await response.arrayBuffer()));
  return { card, png, layout: await layoutCard(card, env.ASSETS) };
}

type Png = Awaited<ReturnType<typeof decodePng>>;
const inked = (png: Png, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return Math.abs(png.data[i] - NAVY[0]) + Math.abs(png.data[i + 1] - NAVY[1]) + Math.abs(png.data[i + 2] - NAVY[2]) > 48;
};

/** The inked pixels of `png` inside [x0, x1) × [y0, y1), as "x,y" (at most a few, for the message). */
function inkIn(png: Png, x0: number, y0: number, x1: number, y1: number): string[] {
  const found: string[] = [];
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(png.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(png.width, Math.ceil(x1)); x++) {
      if (inked(png, x, y)) found.push(`${x},${y}`);
      if (found.length >= 5) return found;
    }
  }
  return found;
}

/** Every pixel within EDGE of the card's edges, but the theme strip along the bottom. */
function inkAtEdges(png: Png, strip: number): string[] {
  const bottom = png.height - strip;
  return [
    ...inkIn(png, 0, 0, png.width, EDGE),
    ...inkIn(png, 0, bottom - EDGE, png.width, bottom),
    ...inkIn(png, 0, 0, EDGE, bottom),
    ...inkIn(png, png.width - EDGE, 0, png.width, bottom),
  ];
}

/** The pixels just inside a block's edges (where a cut glyph leaves its flat edge) and just around it (text run out). */
function inkAtBlockEdges(png: Png, rect: Rect): { inside: string[]; around: string[]; any: number } {
  const { x, y, width, height } = rect;
  const [left, top, right, bottom] = [Math.ceil(x), Math.ceil(y), Math.floor(x + width), Math.floor(y + height)];
  const inside = [
    ...inkIn(png, left, top, right, top + BAND),
    ...inkIn(png, left, bottom - BAND, right, bottom),
    ...inkIn(png, left, top, left + BAND, bottom),
    ...inkIn(png, right - BAND, top, right, bottom),
  ];
  const around = [
    ...inkIn(png, left - RING, top - RING, right + RING, top - 1),
    ...inkIn(png, left - RING, bottom + 1, right + RING, bottom + RING),
    ...inkIn(png, left - RING, top, left - 1, bottom),
    ...inkIn(png, right + 1, top, right + RING, bottom),
  ];
  return { inside, around, any: inkIn(png, left, top, right, bottom).length };
}

/** Every coordinate of a block's outlines: a curve stays within its points, so points inside mean ink inside. */
function outlinePoints(paths: readonly string[]): { x: number; y: number }[] {
  return paths.flatMap((d) => {
    const numbers = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    return numbers.flatMap((value, i) => (i % 2 === 0 ? [{ x: value, y: numbers[i + 1] }] : []));
  });
}

/** What a text says, for comparing what was laid out with what was given: no spaces, line breaks or isolates. */
const letters = (text: string) => text.replace(/[\s\u2066-\u2069]/gu, "");

function expectWhole(layout: CardLayout, card: OgCard, verse: string, where: string) {
  const title = layout.shaped.title!;
  expect(title.truncated, where).toBe(false);
  expect(title.lineTexts.join("\n"), where).not.toContain("…");
  expect(letters(title.lineTexts.join("")), where).toBe(letters(verse));
  expect(title.missing, where).toBe(0);
  expect(card.title).toBe(verse);
  for (const name of ["title", "subtitle", "words"] as const) {
    const block = layout.shaped[name];
    if (!block) continue;
    expect(block.truncated, `${where}: ${name}`).toBe(false);
    const outside = outlinePoints(block.lines).filter(({ x, y }) => x < 1 || y < 1 || x > block.width - 1 || y > block.height - 1);
    expect(outside.slice(0, 5), `${where}: ${name}'s glyphs reach past its block (${block.width}×${block.height})`).toEqual([]);
  }
}

function expectInkInside(png: Png, layout: CardLayout, strip: number, where: string) {
  expect(inkAtEdges(png, strip), `${where}: ink within ${EDGE} px of the card's edge`).toEqual([]);
  for (const name of ["title", "subtitle", "words"] as const) {
    const rect = layout.rects[name];
    if (!rect) continue;
    const { inside, around, any } = inkAtBlockEdges(png, rect);
    expect(any, `${where}: the ${name} is drawn in its box`).toBeGreaterThan(0);
    expect(inside, `${where}: ${name}'s ink touches its box's edge (a cut glyph) at ${JSON.stringify(rect)}`).toEqual([]);
    expect(around, `${where}: ink just outside the ${name}'s box`).toEqual([]);
  }
}

describe("a ring's cards draw the longest verse whole", () => {
  it("the fixture's verses are as long as the cards are designed for", () => {
    for (const locale of LOCALES) expect([...LONGEST_VERSES[locale].join("\n")].length, locale).toBeGreaterThanOrEqual(DESIGNED_LENGTH[locale]);
  });

  // The longest verse the composer can write in each language (ADR 0091): every line at its longest.
  for (const locale of LOCALES) {
    it.each(FORMATS)(`${locale}: the %s card holds every line and every glyph inside its boxes and the card`, async (format) => {
      const lines = longestVerseFor(locale);
      const verse = lines.join("\n");
      const { card, png, layout } = await drawn(locale, format, lines);
      const where = `${locale} ${format}`;
      expect([png.width, png.height]).toEqual(Object.values(ogSize(card.variant, true)));
      expectWhole(layout, card, verse, where);
      expectInkInside(png, layout, STRIP[format], where);
    });
  }

  // The fixture's verses, written to be hard to draw (marks, descenders, matras, punctuation that may not start a line).
  it.each(["ar", "zh", "hi"] as const)("%s: the posters with a sharer's own words keep the verse and the words whole", async (locale) => {
    const words = { ar: "May the harbour lights stay on for everyone who sails home tonight", zh: "لتبقَ أضواء الميناء مضاءة لكل من يبحر عائدًا إلى بيته الليلة", hi: "愿港口的灯火为今夜回家的每一个人一直亮着" }[locale];
    for (const format of ["story", "square"] as const) {
      const { card, png, layout } = await drawn(locale, format, LONGEST_VERSES[locale], words);
      const where = `${locale} ${format} with words`;
      expectWhole(layout, card, LONGEST_VERSES[locale].join("\n"), where);
      expect(letters(layout.shaped.words!.lineTexts.join(""))).toBe(letters(`“${words}”`));
      expectInkInside(png, layout, STRIP[format], where);
    }
  });
});
