import { describe, it, expect } from "vitest";
import { allCountries, centroid, countryByCode, countryNames, findCountry, flagImageSources } from "../../../app/server/geo/countries.server";

const REGIONAL_INDICATOR_A = 0x1f1e6;

describe("allCountries() and countryNames", () => {
  it("lists at least 190 names, sorted with localeCompare", () => {
    const names = countryNames();
    expect(names.length).toBeGreaterThanOrEqual(190);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names).toEqual(allCountries().map((country) => country.name));
  });

  it("has one entry per real two-letter code and unique names", () => {
    const codes = allCountries().map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(countryNames()).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(codes).not.toContain("XX");
    expect(codes).not.toContain("ZZ");
  });

  it("gives every country a flag emoji of the two regional indicators of its code", () => {
    for (const { code, flag } of allCountries()) {
      const indicators = [...flag].map((symbol) => symbol.codePointAt(0)! - REGIONAL_INDICATOR_A);
      expect(indicators.map((offset) => String.fromCharCode(65 + offset)).join(""), code).toBe(code);
    }
  });

  it("gives every country a finite centroid on the globe", () => {
    for (const { code, lat, lon } of allCountries()) {
      expect(Number.isFinite(lat) && Math.abs(lat) <= 90, code).toBe(true);
      expect(Number.isFinite(lon) && Math.abs(lon) <= 180, code).toBe(true);
      expect(centroid(code)).toEqual([lat, lon]);
    }
  });

  it("keeps ISO numeric codes as unique three-digit strings", () => {
    const numerics = allCountries().map((country) => country.numeric).filter(Boolean);
    for (const numeric of numerics) expect(numeric).toMatch(/^\d{3}$/);
    expect(new Set(numerics).size).toBe(numerics.length);
    expect(countryByCode("FR")?.numeric).toBe("250");
    expect(countryByCode("BR")?.numeric).toBe("076");
  });
});

describe("findCountry", () => {
  it.each([
    ["USA", "US"],
    ["United States of America", "US"],
    ["United States", "US"],
    ["U.S.", "US"],
    ["UK", "GB"],
    ["Great Britain", "GB"],
    ["United Kingdom", "GB"],
    ["England", "GB"],
    ["Türkiye", "TR"],
    ["Turkiye", "TR"],
    ["Turkey", "TR"],
    ["Côte d'Ivoire", "CI"],
    ["Côte d’Ivoire", "CI"],
    ["Cote d'Ivoire", "CI"],
    ["Ivory Coast", "CI"],
    ["Czech Republic", "CZ"],
    ["Trinidad & Tobago", "TT"],
    ["St. Lucia", "LC"],
    ["The Bahamas", "BS"],
    ["São Tomé and Príncipe", "ST"],
    ["Sao Tome and Principe", "ST"],
    ["Deutschland", "DE"],
    ["Kosovo", "XK"],
    ["Republic of the Congo", "CG"],
    ["Democratic Republic of the Congo", "CD"],
  ])("matches %s to %s", (input, code) => {
    expect(findCountry(input)?.code).toBe(code);
  });

  it("ignores case and surrounding spaces and matches ISO codes", () => {
    expect(findCountry("  FRANCE ")?.code).toBe("FR");
    expect(findCountry("france")?.code).toBe("FR");
    expect(findCountry("fr")?.code).toBe("FR");
    expect(findCountry("FRA")?.code).toBe("FR");
    expect(findCountry("jpn")?.code).toBe("JP");
    expect(findCountry(" TÜRKIYE")?.code).toBe("TR");
  });

  it("finds every country by its own name and code", () => {
    for (const country of allCountries()) {
      expect(findCountry(country.name), country.name).toBe(country);
      expect(findCountry(country.code), country.code).toBe(country);
    }
  });

  it("returns undefined for unknown or empty input", () => {
    expect(findCountry("Atlantis")).toBeUndefined();
    expect(findCountry("")).toBeUndefined();
    expect(findCountry("   ")).toBeUndefined();
    expect(findCountry("XX")).toBeUndefined();
  });
});

describe("countryByCode, centroid and flagImageSources", () => {
  it("looks codes up case-insensitively and refuses placeholders", () => {
    expect(countryByCode("fr")).toMatchObject({ code: "FR", name: "France", flag: "🇫🇷" });
    expect(countryByCode(" gb ")?.name).toBe("United Kingdom");
    expect(countryByCode("XX")).toBeUndefined();
    expect(countryByCode("ZZ")).toBeUndefined();
    expect(countryByCode("")).toBeUndefined();
    expect(centroid("XX")).toBeUndefined();
  });

  it("gives four distinct flag images for a known code: the site's own first, then three flag services", () => {
    const sources = flagImageSources("fr");
    expect(sources).toHaveLength(4);
    expect(new Set(sources).size).toBe(4);
    expect(sources[0]).toBe("/flags/FR.svg");
    for (const source of sources.slice(1)) expect(source).toMatch(/^https:\/\//);
    for (const source of sources) expect(source.toUpperCase()).toContain("FR");
  });

  it("gives no flag images for an unknown code", () => {
    expect(flagImageSources("ZZ")).toEqual([]);
    expect(flagImageSources("<script>")).toEqual([]);
  });
});
