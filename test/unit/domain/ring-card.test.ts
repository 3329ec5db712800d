import { describe, expect, it } from "vitest";
import { ringCard } from "../../../app/domain/ring-card";
import type { PublicWish } from "../../../app/domain/public-wish";
import { english } from "../../support/english";
import { cutAtWord } from "../../../app/domain/cut-text";
import { OG_TITLE_MAX } from "../../../app/domain/limits";
import { LOCALE_INFO, LOCALES } from "../../../app/domain/locale";
import { verseLines } from "../../../app/domain/verse/verse";
import { longestVerseFor } from "../../support/longest-verse";

// Issue 36: a ring's card in Arabic, Hindi or Chinese named its countries in English (the wish's stored country).
// Now they are named in the card's language by their code (Intl.DisplayNames), as the page names them.

const wish = (country: string | null, countryCode: string | null) => ({ id: `${countryCode}`, wish: "May it be so", country, countryCode }) as PublicWish;
const ring = {
  id: "01M8F4E2WZFW6AB96Y7CSTDKHB",
  status: "running" as const,
  counts: null,
  isSimulator: false,
  bitstring: "101",
  wishes: [wish("Japan", "JP"), wish("South Africa", "ZA"), wish("Chile", "CL"), wish("Japan", "JP")],
};

describe("a ring's card names its countries in the card's language", () => {
  it.each([
    ["en", ["Japan", "South Africa", "Chile"]],
    ["fr", ["Japon", "Afrique du Sud", "Chili"]],
    ["ar", ["اليابان", "جنوب أفريقيا", "تشيلي"]],
    ["hi", ["जापान", "दक्षिण अफ़्रीका", "चिली"]],
    ["zh", ["日本", "南非", "智利"]],
  ] as const)("%s", (locale, names) => {
    const { subtitle } = ringCard(english, ring, "Quantum Bell", "story", locale);
    expect(subtitle).toBe(`4 wishes from ${names.join(" · ")}`);
  });

  it("keeps the stored name where there is no usable code, and defaults to English", () => {
    const odd = { ...ring, wishes: [wish("Atlantis", null), wish("Japan", "JP"), wish("Somewhere", "XX")] };
    expect(ringCard(english, odd, "Quantum Bell", "square", "zh").subtitle).toBe("3 wishes from Atlantis · 日本 · Somewhere");
    expect(ringCard(english, ring, "Quantum Bell").subtitle).toBe("4 wishes from Japan · South Africa · Chile");
  });
});

describe("a ring's card is given its whole verse (ADR 0091)", () => {
  const rung = { ...ring, status: "completed" as const, counts: { "101": 64, "100": 20, "001": 16 } };

  it.each(LOCALES)("in the card's language: %s", (locale) => {
    const { title } = ringCard(english, rung, "Quantum Bell", "bell", locale);
    expect(title).toBe(verseLines(rung, locale).join(" "));
  });

  it.each(LOCALES)("whole, even the longest verse the composer writes: %s", (locale) => {
    const longest = longestVerseFor(locale).join(" ");
    expect(cutAtWord(longest, OG_TITLE_MAX, LOCALE_INFO[locale].tag)).toBe(longest);
  });

  it("and a ring still listening is titled as a ring of the bell", () => {
    expect(ringCard(english, ring, "Quantum Bell", "bell", "en").title).toBe("A ring of the Quantum Bell");
  });
});
