import { describe, expect, it } from "vitest";
import type { LiveActivity } from "../../../app/domain/public-wish";
import { flagImageSources } from "../../../app/server/geo/countries.server";
import { joinMapCountries, mapCodeOf, type CountryPlacement } from "../../../app/server/geo/map.server";

function activity(overrides: Partial<LiveActivity> = {}): LiveActivity {
  return {
    country: "France",
    countryCode: "FR",
    flag: "🇫🇷",
    wishCount: 12,
    lastWish: "May every village find peace",
    isNew: false,
    pendingWishCount: 2,
    hasEntangledWishes: true,
    ...overrides,
  };
}

describe("joinMapCountries", () => {
  it("places a country at its centroid with its flag images, in the map's shape", () => {
    expect(joinMapCountries([activity()])).toEqual([
      {
        countryCode: "FR",
        country: "France",
        flag: "🇫🇷",
        lat: 46,
        lon: 2,
        wishCount: 12,
        pendingWishCount: 2,
        hasEntangledWishes: true,
        isNew: false,
        flagImages: flagImageSources("FR"),
      },
    ]);
  });

  it("attaches the four flag images in the spec's fallback order", () => {
    const [fiji] = joinMapCountries([activity({ country: "Fiji", countryCode: "FJ", flag: "🇫🇯" })]);
    expect(fiji.flagImages).toHaveLength(4);
    expect(fiji.flagImages[0]).toBe("/flags/FJ.svg");
    expect(fiji.flagImages.slice(1).every((url) => url.startsWith("https://"))).toBe(true);
    expect([fiji.lat, fiji.lon]).toEqual([-18, 175]);
  });

  it.each([
    ["an empty code", { countryCode: "" }],
    ["a missing code", { countryCode: undefined as unknown as string }],
    ["a placeholder code", { countryCode: "XX" }],
    ["an empty country", { country: "" }],
    ["a missing country", { country: null as unknown as string }],
    ["a placeholder country", { country: "Unknown" }],
  ])("skips an entry with %s", (_case, overrides) => {
    expect(joinMapCountries([activity(overrides), activity({ country: "Japan", countryCode: "JP" })]).map((c) => c.countryCode)).toEqual([
      "JP",
    ]);
  });

  it("skips a code that has no centroid, and keeps the first entry of a repeated code", () => {
    const places: CountryPlacement = {
      centroid: (code) => (code === "FR" ? [1, 2] : undefined),
      flagImageSources: (code) => [`https://flags.example/${code}.png`],
    };
    const joined = joinMapCountries(
      [activity({ wishCount: 5 }), activity({ wishCount: 9 }), activity({ country: "Nowhere", countryCode: "QQ" })],
      places,
    );
    expect(joined).toEqual([expect.objectContaining({ countryCode: "FR", wishCount: 5, lat: 1, lon: 2, flagImages: ["https://flags.example/FR.png"] })]);
  });

  it("upper-cases the code before looking it up", () => {
    expect(joinMapCountries([activity({ countryCode: "fr" })])[0]).toMatchObject({ countryCode: "FR", lat: 46, lon: 2 });
  });
});

describe("mapCodeOf (issue 23: the countries a finished ring names)", () => {
  it("names a real country with a place on the map, upper case, and nothing else", () => {
    expect(mapCodeOf({ country: "France", countryCode: "fr" })).toBe("FR");
    expect(mapCodeOf({ country: null, countryCode: null })).toBeNull();
    expect(mapCodeOf({ country: "Unknown", countryCode: "FR" })).toBeNull();
    expect(mapCodeOf({ country: "Nowhere", countryCode: "QQ" })).toBeNull();
    const nowhere: CountryPlacement = { centroid: () => undefined, flagImageSources };
    expect(mapCodeOf({ country: "France", countryCode: "FR" }, nowhere)).toBeNull();
  });
});
