import type { z } from "zod";
import type { mapCountrySchema } from "./contract/shapes";
import { WISH_STATUS } from "./statuses";

/** One country on the world map (GET /api/map/countries): live activity joined with its centroid and flags. */
export type MapCountry = z.output<typeof mapCountrySchema>;

export type FlagDisplay = { kind: "image"; src: string } | { kind: "emoji"; emoji: string };

/** What to show after `failures` images have failed to load: the next image in order, then the emoji flag. */
export function flagDisplay(flagImages: readonly string[], emoji: string, failures: number): FlagDisplay {
  const src = flagImages[failures];
  return src === undefined ? { kind: "emoji", emoji } : { kind: "image", src };
}

export type CountrySortKey = "country" | "wishCount" | "pendingWishCount";
export type SortDirection = "ascending" | "descending";

/** Sorts for the countries table; ties fall back to the country name so the order never jumps. */
export function sortMapCountries(
  countries: readonly MapCountry[],
  key: CountrySortKey,
  direction: SortDirection,
): MapCountry[] {
  const sign = direction === "ascending" ? 1 : -1;
  const byName = (a: MapCountry, b: MapCountry) => a.country.localeCompare(b.country, "en");
  return [...countries].sort((a, b) => {
    const primary = key === "country" ? byName(a, b) : a[key] - b[key];
    return primary !== 0 ? sign * primary : byName(a, b);
  });
}

/**
 * The map after a wish is submitted (docs/realtime.md#pages-follow-the-socket): its country counts one more wish, waiting for the bell. Null when
 * the country is not on the map yet (its place comes from the server's centroid table, so the map asks once).
 */
export function withSubmittedWish(countries: readonly MapCountry[], wish: { countryCode: string | null; status: string }): MapCountry[] | null {
  const code = wish.countryCode?.toUpperCase();
  if (!code) return [...countries];
  const at = countries.findIndex((country) => country.countryCode === code);
  if (at === -1) return null;
  const pending = wish.status === WISH_STATUS.pending ? 1 : 0;
  return countries.map((country, i) =>
    i === at ? { ...country, wishCount: country.wishCount + 1, pendingWishCount: country.pendingWishCount + pending, isNew: true } : country,
  );
}

/**
 * The map after a ring has finished (docs/realtime.md#pages-follow-the-socket): each of its wishes moves from waiting to entangled in its country
 * (`countryCodes`, one per wish the map counts). Null when a country is not on the map, so the map asks once.
 */
export function withEntangledWishes(countries: readonly MapCountry[], countryCodes: readonly string[]): MapCountry[] | null {
  const rung = new Map<string, number>();
  for (const code of countryCodes) rung.set(code.toUpperCase(), (rung.get(code.toUpperCase()) ?? 0) + 1);
  if ([...rung.keys()].some((code) => !countries.some((country) => country.countryCode === code))) return null;
  return countries.map((country) => {
    const count = rung.get(country.countryCode);
    return count ? { ...country, pendingWishCount: Math.max(0, country.pendingWishCount - count), hasEntangledWishes: true } : country;
  });
}
