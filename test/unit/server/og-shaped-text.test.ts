import { create, type Font } from "fontkit";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "~/i18n/catalogues.server";
import { filesFor, MAX_FONT_FILES } from "~/server/og/script-fonts.server";
import { INSET, shapeText, type TextBox } from "~/server/og/shaped-text.server";
import { LONGEST_VERSES } from "../../support/longest-verses";
import { ogFontFiles } from "../../../scripts/og-fonts.mjs";

// Issue 22: share cards draw Arabic (shaped, right to left), Devanagari and Chinese from the fonts the build writes
// to build/client/og-fonts. These tests use the very files and manifest the build emits.

const files = ogFontFiles();
const manifest = JSON.parse(String(files.find(({ fileName }) => fileName === "og-fonts/manifest.json")!.source)) as {
  fonts: { file: string; family: string; weight: number; ranges: [number, number][] }[];
};
const parsed = new Map<string, Font>();
function fontsFor(text: string, weight = 700): Font[] {
  return filesFor(manifest.fonts, text, weight).map((file) => {
    if (!parsed.has(file)) {
      const source = files.find(({ fileName }) => fileName === `og-fonts/${file}`)!.source as Uint8Array;
      parsed.set(file, create(Buffer.from(source)) as Font);
    }
    return parsed.get(file)!;
  });
}

const box = (text: string, overrides: Partial<TextBox> = {}): TextBox => ({ text, size: 66, lineHeight: 1.2, width: 1056, maxLines: 3, align: "start", ...overrides });
const shape = (text: string, overrides: Partial<TextBox> = {}, weight = 700) => shapeText(box(text, overrides), fontsFor(text, weight));

/** The horizontal extent of a line's outline, from the coordinate pairs of its path data. */
function extent(path: string): { left: number; right: number } {
  const xs = (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number).filter((_, i) => i % 2 === 0);
  return { left: Math.min(...xs), right: Math.max(...xs) };
}

describe("the share card's fonts for other scripts", () => {
  it.each(["ar", "hi", "zh"] as const)("draw every character of the %s catalogue, poem lines included, at both weights", (locale) => {
    const text = Object.values(CATALOGUES[locale]).join(" ");
    const characters = [...new Set([...text])].filter((char) => /\S/u.test(char) && !/[{}#]/.test(char));
    for (const weight of [400, 700]) {
      const fonts = fontsFor(characters.join(""), weight);
      const undrawn = characters.filter((char) => !fonts.some((font) => font.hasGlyphForCodePoint(char.codePointAt(0)!)));
      expect(undrawn, `${locale} at ${weight}`).toEqual([]);
    }
  });

  it("are chosen by the characters a title holds: a Chinese title reads a few of the hundred slices", () => {
    expect(filesFor(manifest.fonts, "سلام 2026", 700)).toEqual(["noto-sans-arabic-arabic-700.ttf", "roboto-latin-700.ttf"]);
    expect(filesFor(manifest.fonts, "शांति", 400)).toEqual(["noto-sans-devanagari-devanagari-400.ttf"]);
    const chinese = filesFor(manifest.fonts, "愿世界和平", 700);
    expect(chinese.length).toBeGreaterThan(0);
    expect(chinese.length).toBeLessThan(6);
    expect(chinese.every((file) => /^noto-sans-sc-\d+-700\.ttf$/.test(file))).toBe(true);
    // A family without the weight asked for lends the one it has.
    expect(filesFor(manifest.fonts, "☮", 700)).toEqual(["noto-sans-symbols-symbols-400.ttf"]);
    const everyIdeograph = Array.from({ length: 20_000 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join("");
    expect(filesFor(manifest.fonts, everyIdeograph, 700)).toHaveLength(MAX_FONT_FILES);
  });
});

describe("laying out text satori cannot shape", () => {
  it.each([
    ["Arabic", "أتمنى السلام لعائلتي في غزة وفي كل مكان", true],
    ["Devanagari", "दुनिया में शांति हो, सबका कल्याण", false],
    ["Chinese", "愿世界和平，愿每一个家庭都平安", false],
  ])("draws %s with a glyph for every character, in the paragraph's direction", (_script, text, rtl) => {
    const block = shape(text);
    expect(block.missing).toBe(0);
    expect(block.rtl).toBe(rtl);
    expect(block.lines.length).toBeGreaterThan(0);
    expect(block.lines.every((line) => line.length > 0)).toBe(true);
  });

  it("sets a right-to-left line at the box's right edge and a left-to-right one at its left", () => {
    const arabic = extent(shape("سلام على العالم").lines[0]);
    expect(arabic.right).toBeGreaterThan(1040);
    expect(arabic.left).toBeGreaterThan(500);
    const hindi = extent(shape("शांति हो").lines[0]);
    expect(hindi.left).toBeLessThan(16);
    expect(hindi.right).toBeLessThan(500);
    const centred = extent(shape("和平", { align: "center" }).lines[0]);
    expect(Math.abs(centred.left + centred.right - 1056)).toBeLessThan(20);
  });

  it("orders a Latin word inside Arabic by the bidi algorithm: it stands left of the Arabic before it", () => {
    const alone = extent(shape("سلام").lines[0]);
    const mixed = extent(shape("سلام Peace").lines[0]);
    expect(mixed.right).toBeCloseTo(alone.right, 0);
    expect(mixed.left).toBeLessThan(alone.left - 100);
  });

  it("breaks lines to the box's width: at spaces, and between characters in Chinese", () => {
    for (const text of ["أتمنى السلام لعائلتي في غزة وفي كل مكان من العالم", "दुनिया में शांति हो, सबका कल्याण हो और हर घर में प्रेम रहे", "愿世界和平愿每一个家庭都平安愿所有的孩子都能在阳光下成长"]) {
      const block = shape(text, { width: 600 });
      expect(block.lines.length, text).toBeGreaterThan(1);
      for (const line of block.lines) {
        const { left, right } = extent(line);
        expect(left, text).toBeGreaterThanOrEqual(-2);
        expect(right, text).toBeLessThanOrEqual(602);
      }
    }
  });

  it("ends the last line with an ellipsis when the text runs over, still inside the box", () => {
    const text = "愿世界和平".repeat(20);
    const block = shape(text, { width: 400, maxLines: 2 });
    expect(block.truncated).toBe(true);
    expect(block.lines).toHaveLength(2);
    expect(block.height).toBe(Math.ceil(2 * 66 * 1.2));
    expect(extent(block.lines[1]).right).toBeLessThanOrEqual(402);
    expect(shape("愿世界和平", { width: 400, maxLines: 2 }).truncated).toBe(false);
  });

  it("breaks a word longer than the line between its letters", () => {
    const block = shape(`سلام ${"ب".repeat(80)}`, { width: 500 });
    expect(block.lines.length).toBeGreaterThan(2);
    for (const line of block.lines) expect(extent(line).left).toBeGreaterThanOrEqual(-2);
  });

  it("counts what no font draws instead of drawing a box for it", () => {
    expect(shape("سلام \uE000 عالم").missing).toBe(1);
  });

  it("leaves out what no font draws before measuring: the card is the one drawn without it", () => {
    const plain = shape("سلام على العالم");
    for (const text of ["سلام \uE000على العالم", "سلام \uE000 على العالم"]) {
      const block = shape(text);
      expect(block.lines, text).toEqual(plain.lines);
      expect(block.lineTexts, text).toEqual(plain.lineTexts);
      expect([block.width, block.height, block.size], text).toEqual([plain.width, plain.height, plain.size]);
    }
  });
});

// Issue 36: a text longer than its box ends in an ellipsis after a whole word, in every script.
describe("an overflowing card line", () => {
  it.each([
    ["Latin", "en", "May the harbour lights stay on for everyone who sails home tonight across the long dark water of the bay"],
    ["Arabic", "ar", "لتبقَ أضواء الميناء مضاءة لكل من يبحر عائدًا إلى بيته الليلة عبر مياه الخليج الطويلة المظلمة"],
    ["Devanagari", "hi", "आज रात खाड़ी के लंबे अँधेरे पानी के पार घर लौटने वाले हर किसी के लिए बंदरगाह की रोशनी जलती रहे"],
    ["Chinese", "zh", "愿港口的灯火为今夜穿过海湾漫长黑暗水面回家的每一个人一直亮着，愿每一艘船都平安靠岸"],
  ] as const)("in %s is cut at a word boundary with an ellipsis", (_script, locale, text) => {
    // The card asks for the ellipsis's font with the text's (render.server.ts).
    const block = shapeText(box(text, { maxLines: 1, width: 700 }), fontsFor(`${text}…`));
    expect(block.truncated).toBe(true);
    const [line] = block.lineTexts;
    expect(line.endsWith("…")).toBe(true);
    const kept = line.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    const ends = new Set([...new Intl.Segmenter(locale, { granularity: "word" }).segment(text)].filter((s) => s.isWordLike).map((s) => s.index + s.segment.length));
    expect(ends.has(kept.length)).toBe(true);
  });
});

describe("line breaks around punctuation", () => {
  it("never start a line with the comma that ends the word before it (Hindi, as the story image showed)", () => {
    const text = "जो हम साथ मिलकर चाहते हैं, दुनिया उसे याद रखने लगती है।";
    const block = shape(text, { width: 888, size: 80, maxLines: 4, align: "center" });
    for (const line of block.lineTexts) expect(line).not.toMatch(/^[,،।.]/u);
    expect(block.lineTexts.join(" ").replace(/\s+/g, " ")).toBe(text);
  });
});

// Issue 45: text fitted to its box (the largest size at which all of it fits), its glyphs' ink kept inside the block.
describe("fitting text to its box", () => {
  /** Every coordinate of the block's outlines; a curve stays within its points. */
  const points = (lines: string[]) =>
    lines.flatMap((d) => {
      const n = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
      return n.flatMap((x, i) => (i % 2 === 0 ? [{ x, y: n[i + 1] }] : []));
    });

  it.each(["en", "ar", "hi", "zh"] as const)("%s: the longest verse shrinks until it fits, every line kept, every glyph inside", (locale) => {
    const text = LONGEST_VERSES[locale].join("\n");
    const lineHeight = { en: 1.2, ar: 1.75, hi: 1.55, zh: 1.45 }[locale];
    const block = shapeText(box(text, { size: 96, minSize: 20, lineHeight, width: 888, height: 560, maxLines: 20, align: "center", rtl: locale === "ar" }), fontsFor(`${text}…`));
    expect(block.truncated).toBe(false);
    expect(block.size).toBeLessThan(96);
    expect(block.height).toBeLessThanOrEqual(560);
    expect(block.lineTexts.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
    // Each line of the verse starts a line of the block.
    for (const line of LONGEST_VERSES[locale]) expect(block.lineTexts.some((drawn) => line.startsWith(drawn.trim()))).toBe(true);
    const all = points(block.lines);
    expect(Math.min(...all.map((p) => p.x))).toBeGreaterThanOrEqual(INSET - 0.5);
    expect(Math.max(...all.map((p) => p.x))).toBeLessThanOrEqual(block.width - INSET + 0.5);
    expect(Math.min(...all.map((p) => p.y))).toBeGreaterThanOrEqual(INSET - 0.5);
    expect(Math.max(...all.map((p) => p.y))).toBeLessThanOrEqual(block.height - INSET + 0.5);
  });

  it("keeps the largest size when the text fits, and a short text stays large", () => {
    expect(shape("和平", { size: 80, minSize: 20 }).size).toBe(80);
  });

  it("gives an Arabic descender and its marks room: \"يستريح\" and shadda-fatha stay inside the block", () => {
    const block = shape("نصفه فجر ونصفه غسق: العالم يستريح في توازن.", { size: 72, lineHeight: 1.15, width: 888, align: "center", rtl: true });
    const all = points(block.lines);
    expect(Math.max(...all.map((p) => p.y))).toBeLessThanOrEqual(block.height - INSET + 0.5);
    expect(Math.min(...all.map((p) => p.y))).toBeGreaterThanOrEqual(INSET - 0.5);
  });
});
