import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCALE_INFO, LOCALES, type Locale } from "../../../app/domain/locale";
import { hashString, readingKind } from "../../../app/domain/poem";
import { regionName } from "../../../app/domain/region-name";
import { THEMES, type Theme } from "../../../app/domain/theme";
import { countingFor } from "../../../app/domain/verse/language";
import { FIRST_LINE_COUNT, FIRST_LINES_PER_READING, VERSE_LANGUAGES, verseFacts, verseLines, type VerseRing } from "../../../app/domain/verse/verse";
import { longestVerseFor } from "../../support/longest-verse";

const ring = (bitstring: string, counts: Record<string, number> | null, wishes: [Theme, string | null][]): VerseRing => ({
  bitstring,
  counts,
  wishes: wishes.map(([theme, countryCode]) => ({ theme, countryCode })),
});

const FIVE = ring("10110", { "10110": 41, "10111": 20, "00110": 9, "11110": 30 }, [
  ["Peace", "JP"],
  ["Love", "CL"],
  ["Peace", "US"],
  ["General", "IL"],
  ["Hope", "IT"],
]);

const bits = fc.stringMatching(/^[01]{1,5}$/);

describe("the verse's first line keeps the spec's rule", () => {
  it(`has ${FIRST_LINES_PER_READING} distinct lines for each reading in every language, ${FIRST_LINE_COUNT} in all`, () => {
    for (const locale of LOCALES) {
      const lines = VERSE_LANGUAGES[locale].firstLines;
      for (const kind of ["hope", "peace", "balanced"] as const) expect(lines[kind], `${locale} ${kind}`).toHaveLength(FIRST_LINES_PER_READING);
      expect(new Set(Object.values(lines).flat()).size, locale).toBe(FIRST_LINE_COUNT);
    }
  });

  it("opens with a hope line for more ones, a peace line for more zeros, a balanced line for equal, chosen by the string's hash", () => {
    fc.assert(
      fc.property(bits, (bitstring) => {
        for (const locale of LOCALES) {
          const [first] = verseLines(ring(bitstring, { [bitstring]: 100 }, []), locale);
          const pool = VERSE_LANGUAGES[locale].firstLines[readingKind(bitstring)];
          expect(first).toBe(pool[hashString(bitstring) % FIRST_LINES_PER_READING]);
        }
      }),
    );
    expect(verseLines(ring("11101", null, []), "en")[0]).toBe(VERSE_LANGUAGES.en.firstLines.hope[hashString("11101") % 12]);
    expect(VERSE_LANGUAGES.en.firstLines.peace).toContain(verseLines(ring("00010", null, []), "en")[0]);
    expect(VERSE_LANGUAGES.en.firstLines.balanced).toContain(verseLines(ring("1010", null, []), "en")[0]);
  });
});

describe("the verse is the ring's own", () => {
  it("is the same verse every time for the same ring, whatever order its counts were stored in", () => {
    const reordered = ring("10110", { "11110": 30, "00110": 9, "10111": 20, "10110": 41 }, [
      ["Peace", "JP"],
      ["Love", "CL"],
      ["Peace", "US"],
      ["General", "IL"],
      ["Hope", "IT"],
    ]);
    for (const locale of LOCALES) expect(verseLines(reordered, locale)).toEqual(verseLines(FIVE, locale));
  });

  it("has three lines with a measurement and wishes, two without the counts, one with neither", () => {
    expect(verseLines(FIVE, "en")).toHaveLength(3);
    expect(verseLines({ ...FIVE, counts: null }, "en")).toHaveLength(2);
    expect(verseLines({ ...FIVE, counts: null, wishes: [] }, "en")).toHaveLength(1);
  });

  it("says how sure the bell was from the whole distribution of shots", () => {
    expect(verseFacts(ring("1", { "1": 80, "0": 20 }, [])).measurement).toMatchObject({ certainty: "sure", top: 80, shots: 100, answers: 2 });
    expect(verseFacts(ring("10", { "10": 45, "01": 30, "11": 25 }, [])).measurement).toMatchObject({ certainty: "leaning", top: 45, answers: 3 });
    expect(verseFacts(ring("101", { "101": 20, "000": 16, "111": 16, "010": 16, "001": 16, "110": 16 }, [])).measurement).toMatchObject({
      certainty: "scattered",
      top: 20,
      answers: 6,
    });
  });

  it("ignores withdrawn wishes and names each country once, in wish order, the themes most frequent first", () => {
    const facts = verseFacts({ ...FIVE, wishes: [...FIVE.wishes, { theme: "Unity", countryCode: "FR", withdrawn: true }] });
    expect(facts.wishes).toEqual({ count: 5, themes: ["Peace", "Hope", "Love"], countries: ["JP", "CL", "US", "IL", "IT"] });
  });

  it("changes when the shots, the themes or the countries change", () => {
    const english = verseLines(FIVE, "en").join("\n");
    expect(verseLines({ ...FIVE, counts: { ...FIVE.counts, "10110": 42, "11110": 29 } }, "en").join("\n")).not.toBe(english);
    expect(verseLines({ ...FIVE, wishes: FIVE.wishes.map((wish) => ({ ...wish, theme: "Unity" as const })) }, "en").join("\n")).not.toBe(english);
    expect(verseLines({ ...FIVE, wishes: FIVE.wishes.map((wish) => ({ ...wish, countryCode: "KE" })) }, "en").join("\n")).not.toBe(english);
  });
});

describe("each language writes its own sentences", () => {
  it("names the countries in the page's language (regionName), with the language's own list", () => {
    const three = ring("101", { "101": 70, "001": 30 }, [
      ["Peace", "JP"],
      ["Love", "IL"],
      ["Hope", "IT"],
    ]);
    for (const locale of LOCALES) {
      const line = verseLines(three, locale)[2];
      for (const code of ["JP", "IL", "IT"]) expect(line, locale).toContain(regionName(code, LOCALE_INFO[locale].tag));
    }
    expect(verseLines(three, "es")[2]).toContain(`${regionName("IL", "es")} e ${regionName("IT", "es")}`);
    expect(verseLines(three, "zh")[2]).toContain("以色列和意大利");
    expect(verseLines(three, "ar")[2]).toContain("وإسرائيل وإيطاليا");
  });

  it("names three countries of five and counts the others in the language's words", () => {
    const lines = Object.fromEntries(LOCALES.map((locale) => [locale, verseLines(FIVE, locale)[2]]));
    expect(lines.en).toMatch(/: Japan, Chile, United States and 2 more\.$/);
    expect(lines.es).toMatch(/: Japón, Chile, Estados Unidos y 2 más\.$/);
    expect(lines.fr).toMatch(/: Japon, Chili, États-Unis et 2 autres\.$/);
    expect(lines.ar).toMatch(/من اليابان وتشيلي والولايات المتحدة وبلدين آخرين\.$/);
    expect(lines.hi).toMatch(/^जापान, चिली, संयुक्त राज्य और 2 अन्य देशों से /);
    expect(lines.zh).toMatch(/^来自日本、智利、美国等5个地方的心愿/);
    for (const locale of LOCALES) expect(lines[locale], locale).not.toContain(regionName("IL", LOCALE_INFO[locale].tag));
  });

  it("writes no Latin letters into an Arabic, Hindi or Chinese verse", () => {
    fc.assert(
      fc.property(bits, fc.array(fc.constantFrom(...THEMES, "General" as const), { minLength: 1, maxLength: 5 }), (bitstring, themes) => {
        const sample = ring(bitstring, { [bitstring]: 60, "0": 40 }, themes.map((theme) => [theme, "FR"]));
        for (const locale of ["ar", "hi", "zh"] as const) expect(verseLines(sample, locale).join(" ")).not.toMatch(/[A-Za-z]/);
      }),
    );
  });

  it("counts with the language's plural rules (Intl.PluralRules)", () => {
    // The leaning sentence that names how many answers were heard: "of N answers", after a preposition.
    const answersLine = (answers: number, locale: Locale) =>
      VERSE_LANGUAGES[locale].measurement({ shots: 100, top: 50, answers, certainty: "leaning", variant: 1 }, countingFor(LOCALE_INFO[locale].tag));
    const rules = new Intl.PluralRules("ar");
    expect([2, 3, 11].map((n) => rules.select(n))).toEqual(["two", "few", "many"]);
    expect(answersLine(2, "ar")).toContain("من بين إجابتين");
    expect(answersLine(3, "ar")).toContain("من بين 3 إجابات");
    expect(answersLine(11, "ar")).toContain("من بين 11 إجابة");
    expect(answersLine(2, "en")).toContain("of 2 answers");
    expect(answersLine(2, "hi")).toContain("2 उत्तरों में से");

    const one = ring("1", { "1": 100 }, [["Peace", "FR"]]);
    const two = ring("10", { "10": 100 }, [["Peace", "FR"], ["Peace", "JP"]]);
    const three = ring("101", { "101": 100 }, [["Peace", "FR"], ["Peace", "JP"], ["Peace", "KE"]]);
    expect(verseLines(one, "en")[2]).toMatch(/^A wish for peace, from this land: France\.$/);
    expect(verseLines(two, "en")[2]).toMatch(/^Wishes for peace, from these lands: /);
    expect(verseLines(one, "fr")[2]).toMatch(/^Un vœu de paix, venu de cette terre\u00a0: France\.$/);
    expect(verseLines(two, "fr")[2]).toMatch(/^Des vœux de paix, venus de ces terres\u00a0: /);
    expect(verseLines(one, "es")[2]).toMatch(/^Un deseo de paz, desde esta tierra: Francia\.$/);
    expect(verseLines(one, "hi")[2]).toMatch(/एक कामना आई।$/);
    expect(verseLines(two, "hi")[2]).toMatch(/कामनाएँ आईं।$/);
    expect(verseLines(one, "ar")[2]).toMatch(/^جاءت أمنية للسلام من فرنسا\.$/);
    expect(verseLines(two, "ar")[2]).toMatch(/^جاءت أمنيتان للسلام من /);
    expect(verseLines(three, "ar")[2]).toMatch(/^جاءت أمنيات للسلام من /);
    expect(verseLines(one, "zh")[2]).toMatch(/^来自法国的一个心愿，为和平而鸣。$/);
  });

  it("writes the sure, leaning and scattered sentences in every language with the ring's numbers", () => {
    const sure = ring("1", { "1": 91, "0": 9 }, []);
    const scattered = ring("10110", Object.fromEntries([["10110", 19], ...Array.from({ length: 9 }, (_, index) => [`0${index.toString(2).padStart(4, "0")}`, 9])]), []);
    for (const locale of LOCALES) {
      expect(verseLines(sure, locale)[1], locale).toMatch(/91/);
      expect(verseLines(scattered, locale)[1], locale).toMatch(/19/);
      expect(verseLines(scattered, locale)[1], locale).toMatch(/10/);
    }
  });
});

describe("longestVerseFor", () => {
  it("is at least as long as any verse of the simulated world, and three lines", () => {
    for (const locale of LOCALES) {
      const longest = longestVerseFor(locale);
      expect(longest, locale).toHaveLength(3);
      for (const [index, line] of verseLines(FIVE, locale).entries()) expect(longest[index].length, `${locale} line ${index + 1}`).toBeGreaterThanOrEqual(line.length);
    }
  });
});
