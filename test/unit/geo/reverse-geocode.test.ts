import { describe, it, expect } from "vitest";
import countriesTopology from "world-atlas/countries-110m.json";
import { allCountries, countryByCode, countryNames } from "../../../app/server/geo/countries.server";
import { reverseGeocode } from "../../../app/server/geo/reverse-geocode.server";

describe("world-atlas outlines", () => {
  it("join at least 170 of their ISO numeric ids to an alpha-2 country", () => {
    const numerics = new Set(allCountries().map((country) => country.numeric).filter(Boolean));
    const geometries = countriesTopology.objects.countries.geometries as Array<{ id?: string }>;
    const joined = geometries.filter((geometry) => geometry.id !== undefined && numerics.has(geometry.id));
    expect(joined.length).toBeGreaterThanOrEqual(170);
  });
});

describe("reverseGeocode", () => {
  it.each([
    ["Paris", 48.85, 2.35, "FR", "France"],
    ["Tokyo", 35.68, 139.69, "JP", "Japan"],
    ["São Paulo", -23.55, -46.63, "BR", "Brazil"],
    ["Nairobi", -1.29, 36.82, "KE", "Kenya"],
    ["Sydney", -33.87, 151.21, "AU", "Australia"],
    ["London", 51.5, -0.12, "GB", "United Kingdom"],
    ["Alaska", 64, -150, "US", "United States"],
    ["Russia's far east, east of 180°", 64, 177, "RU", "Russia"],
    ["Chukotka, west of 180°", 66, -172, "RU", "Russia"],
    ["Fiji, whose outline crosses 180°", -17.8, 178, "FJ", "Fiji"],
    ["Pristina, drawn without an ISO id", 42.66, 21.16, "XK", "Kosovo"],
    ["Hargeisa, in a region drawn without an ISO id", 9.56, 44.06, "SO", "Somalia"],
  ])("places %s", async (_place, lat, lon, countryCode, country) => {
    await expect(reverseGeocode(lat, lon)).resolves.toEqual({ country, countryCode });
  });

  it("names countries as the country list does", async () => {
    const names = new Set(countryNames());
    for (const [lat, lon] of [[48.85, 2.35], [39.93, 32.85], [5.35, -4.0], [38.9, -77.04]]) {
      const place = await reverseGeocode(lat, lon);
      expect(place).not.toBeNull();
      expect(names.has(place!.country)).toBe(true);
      expect(countryByCode(place!.countryCode)?.name).toBe(place!.country);
    }
  });

  it.each([
    ["the Atlantic", 0, -30],
    ["the Pacific", 0, -150],
    ["the Indian Ocean", -30, 80],
    ["the North Pole", 89.9, 0],
  ])("returns null in %s", async (_sea, lat, lon) => {
    await expect(reverseGeocode(lat, lon)).resolves.toBeNull();
  });

  it("returns null on an island too small for the 1:110m outlines (Malta)", async () => {
    await expect(reverseGeocode(35.9, 14.5)).resolves.toBeNull();
  });

  it.each([
    [Number.NaN, 2.35],
    [48.85, Number.NaN],
    [Number.POSITIVE_INFINITY, 0],
    [91, 0],
    [0, 181],
    [-90.5, 0],
  ])("returns null for the bad coordinate (%s, %s)", async (lat, lon) => {
    await expect(reverseGeocode(lat, lon)).resolves.toBeNull();
  });
});
