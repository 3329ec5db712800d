import { describe, expect, it } from "vitest";
import { CATALOGUES } from "~/i18n/catalogues.server";
import { placeOf, regionName } from "~/i18n/place";
import { english } from "../../support/english";

const arabic = (message: string) => CATALOGUES.ar[message] ?? message;
const wish = (location: string, country: string | null = null, countryCode: string | null = null) => ({ location, country, countryCode });

describe("where a wish comes from, in the page's language (issue 22)", () => {
  it("calls an unknown place a fellow dreamer, in the language", () => {
    expect(placeOf(wish("Unknown"), "en", english)).toBe("A fellow dreamer");
    expect(placeOf(wish(" "), "en", english)).toBe("A fellow dreamer");
    expect(placeOf(wish(""), "ar", arabic)).toBe(CATALOGUES.ar["A fellow dreamer"]);
  });

  it("names a country picked from the list in the page's language", () => {
    expect(placeOf(wish("Canada", "Canada", "CA"), "ar", arabic)).toBe("كندا");
    expect(placeOf(wish("canada ", "Canada", "CA"), "zh-Hans", arabic)).toBe("加拿大");
    expect(placeOf(wish("Egypt", "Egypt", "EG"), "fr", arabic)).toBe("Égypte");
  });

  it("keeps English, a place the visitor wrote, and unknown codes as they are", () => {
    expect(placeOf(wish("Canada", "Canada", "CA"), "en", english)).toBe("Canada");
    expect(placeOf(wish("Toronto, Canada", "Canada", "CA"), "ar", arabic)).toBe("Toronto, Canada");
    expect(placeOf(wish("Atlantis", "Atlantis", "XX"), "ar", arabic)).toBe("Atlantis");
    expect(placeOf(wish("Canada", null, null), "ar", arabic)).toBe("Canada");
  });

  it("names a country by its code in a language, and nothing for a code no country has", () => {
    expect(regionName("is", "fr")).toBe("Islande");
    expect(regionName("IS", "zh-Hans")).toBe("冰岛");
    expect(regionName("QQ", "fr")).toBeUndefined();
  });
});
