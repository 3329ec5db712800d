import { describe, expect, it } from "vitest";
import { ringCard, verseCard } from "../../../app/domain/ring-card";
import { FSI, PDI } from "../../../app/domain/isolate";
import type { PublicWish } from "../../../app/domain/public-wish";
import { english } from "../../support/english";
import { cutAtWord } from "../../../app/domain/cut-text";
import { OG_VERSE_MAX } from "../../../app/domain/limits";
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
    // Each name isolated (ADR 0095): an English name cannot reorder the Arabic around it, nor a number beside it.
    expect(subtitle).toBe(`4 wishes from ${names.map((name) => `${FSI}${name}${PDI}`).join(" · ")}`);
  });

  // Issue 45: the signed card drew a free-text country ("ＦＲＡＮＣＥ", full-width letters as boxes).
  it("names only countries of the known list, by their code, and leaves free text off, in English too", () => {
    const odd = { ...ring, wishes: [wish("Atlantis", null), wish("Japan", "JP"), wish("Somewhere", "XX"), wish("ＦＲＡＮＣＥ", null), wish("Narnia", "QQ")] };
    expect(ringCard(english, odd, "Quantum Bell", "square", "zh").subtitle).toBe(`5 wishes from ${FSI}日本${PDI}`);
    expect(ringCard(english, odd, "Quantum Bell").subtitle).toBe(`5 wishes from ${FSI}Japan${PDI}`);
    const nowhere = { ...ring, wishes: [wish("ＦＲＡＮＣＥ", null), wish("Atlantis", null)] };
    expect(ringCard(english, nowhere, "Quantum Bell", "bell", "fr").subtitle).toBe("2 wishes entangled");
  });
});

describe("a ring's verse on its cards", () => {
  it("is carried whole, its lines kept", () => {
    const lines = ["Stillness spreads like water finding its level.", "Of 1,024 shots, 612 leaned toward one bright shore.", "Five wishes from Japan and Chile asked for homes."];
    expect(verseCard(english, lines, ring, "Quantum Bell", "story", "en").title).toBe(lines.join("\n"));
  });

  it("isolates the site's name in the card of a ring without a verse yet", () => {
    expect(ringCard(english, ring, "Quantum Bell").title).toBe(`A ring of the ${FSI}Quantum Bell${PDI}`);
  });
});

describe("a ring's card is given its whole verse (ADR 0091)", () => {
  const rung = { ...ring, status: "completed" as const, counts: { "101": 64, "100": 20, "001": 16 } };

  it.each(LOCALES)("in the card's language: %s", (locale) => {
    const { title } = ringCard(english, rung, "Quantum Bell", "bell", locale);
    expect(title).toBe(verseLines(rung, locale).join("\n"));
  });

  it.each(LOCALES)("whole, even the longest verse the composer writes: %s", (locale) => {
    const longest = longestVerseFor(locale).join("\n");
    expect(cutAtWord(longest, OG_VERSE_MAX, LOCALE_INFO[locale].tag)).toBe(longest);
  });

  it("and a ring still listening is titled as a ring of the bell", () => {
    expect(ringCard(english, ring, "Quantum Bell", "bell", "en").title).toBe(`A ring of the ${FSI}Quantum Bell${PDI}`);
  });
});
