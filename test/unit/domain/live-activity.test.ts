import { describe, expect, it } from "vitest";
import {
  dedupeByCode,
  displayableActivities,
  liveStripEntries,
  stripCountriesByName,
  isPlaceholderCountry,
  isValidActivityCode,
  previewLastWish,
} from "../../../app/domain/live-activity";

describe("isValidActivityCode", () => {
  it.each([
    ["FR", true],
    ["fr", true],
    ["XX", false],
    ["zz", false],
    ["F", false],
    ["FRA", false],
    ["F1", false],
    ["", false],
    [null, false],
  ])("%j → %s", (code, expected) => {
    expect(isValidActivityCode(code)).toBe(expected);
  });
});

describe("isPlaceholderCountry", () => {
  it.each(["", "  ", "Unknown", "unknown", "A fellow dreamer", "N/A", "n/a", "None", null, undefined])(
    "%j is a placeholder",
    (name) => {
      expect(isPlaceholderCountry(name)).toBe(true);
    },
  );

  it.each(["France", "Niger", "Namibia", "United Kingdom"])("%j is a real country", (name) => {
    expect(isPlaceholderCountry(name)).toBe(false);
  });
});

describe("previewLastWish", () => {
  it("keeps short wishes whole", () => {
    expect(previewLastWish("  Peace for all  ")).toBe("Peace for all");
    expect(previewLastWish("x".repeat(50))).toBe("x".repeat(50));
  });

  it("cuts at 50 characters with an ellipsis", () => {
    expect(previewLastWish("y".repeat(51))).toBe(`${"y".repeat(50)}…`);
  });

  it("does not split an emoji", () => {
    const preview = previewLastWish(`${"a".repeat(49)}🕊️🕊️🕊️`);
    expect(preview).toBe(`${"a".repeat(49)}🕊…`);
  });
});

describe("dedupeByCode and displayableActivities", () => {
  it("keeps the first entry per code", () => {
    const list = [
      { countryCode: "FR", wishCount: 3 },
      { countryCode: "DE", wishCount: 1 },
      { countryCode: "fr", wishCount: 9 },
    ];
    expect(dedupeByCode(list)).toEqual([list[0], list[1]]);
  });

  it("drops unknown codes, placeholder countries and duplicates", () => {
    const list = [
      { country: "France", countryCode: "FR" },
      { country: "Unknown", countryCode: "US" },
      { country: "Atlantis", countryCode: "XX" },
      { country: "France", countryCode: "FR" },
      { country: "Japan", countryCode: null },
      { country: null, countryCode: "JP" },
      { country: "Kenya", countryCode: "KE" },
    ];
    expect(displayableActivities(list)).toEqual([
      { country: "France", countryCode: "FR" },
      { country: "Kenya", countryCode: "KE" },
    ]);
  });
});

describe("liveStripEntries", () => {
  it("keeps the displayable entries in order with only what the strip shows and the wish's 50-character start", () => {
    const activity = (country: string, countryCode: string, lastWish: string) => ({
      country,
      countryCode,
      flag: "🏳️",
      wishCount: 2,
      lastWish,
      isNew: false,
      pendingWishCount: 1,
      hasEntangledWishes: true,
    });
    const entries = liveStripEntries([
      activity("Kenya", "KE", `  ${"k".repeat(60)}`),
      activity("Unknown", "US", "hidden"),
      activity("Peru", "PE", "Peace"),
    ]);
    expect(entries).toEqual([
      { country: "Kenya", countryCode: "KE", flag: "🏳️", wishCount: 2, isNew: false, preview: `${"k".repeat(50)}…` },
      { country: "Peru", countryCode: "PE", flag: "🏳️", wishCount: 2, isNew: false, preview: "Peace" },
    ]);
  });
});

describe("stripCountriesByName", () => {
  it("lists the strip's countries alphabetically, accents beside their letters", () => {
    const names = ["Zimbabwe", "Åland Islands", "Côte d'Ivoire", "Cuba", "Chad", "Kenya", "curaçao", "Réunion", "Romania"].map((country) => ({ country }));
    expect(stripCountriesByName(names)).toEqual([
      "Åland Islands",
      "Chad",
      "Côte d'Ivoire",
      "Cuba",
      "curaçao",
      "Kenya",
      "Réunion",
      "Romania",
      "Zimbabwe",
    ]);
  });

  it("orders real country names as English collation does", () => {
    const names = ["Türkiye", "Turkmenistan", "Tuvalu", "São Tomé and Príncipe", "Saudi Arabia", "Samoa", "Ecuador", "Égypte", "El Salvador"];
    const byCollator = [...names].sort((a, b) => a.localeCompare(b, "en"));
    expect(stripCountriesByName(names.map((country) => ({ country })))).toEqual(byCollator);
  });
});
