import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../app/domain/locale";
import { verseText } from "../../../app/domain/verse/verse";
import { simulatedRings } from "../../support/verse-world";

const RINGS = 10_000;

describe("a verse for each ring", () => {
  it(`is distinct for at least 95 % of ${RINGS} rings drawn like the seeded world, in every language, and never repeats from one ring to the next`, { timeout: 120_000 }, async () => {
    const rings = await simulatedRings(RINGS);
    for (const locale of LOCALES) {
      const verses = rings.map((ring) => verseText(ring, locale));
      const distinct = new Set(verses).size;
      console.log(`${locale}: ${distinct} distinct verses of ${RINGS} rings (${((100 * distinct) / RINGS).toFixed(1)} %)`);
      expect(distinct / RINGS, locale).toBeGreaterThanOrEqual(0.95);
      const repeats = verses.flatMap((verse, index) => (index > 0 && verse === verses[index - 1] ? [index] : []));
      expect(repeats, `${locale}: rings whose verse is the one before's`).toEqual([]);
    }
  });
});
