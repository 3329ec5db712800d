import { LIVE_LAST_WISH_PREVIEW } from "./limits";
import type { LiveActivity } from "./public-wish";
import { FELLOW_DREAMER_LOCATION, UNKNOWN_LOCATION } from "./messages";

// XX and ZZ are the user-assigned "unknown" codes some geolocation services return.
const UNKNOWN_CODES = new Set(["XX", "ZZ"]);

const PLACEHOLDER_COUNTRIES = new Set(
  [UNKNOWN_LOCATION, FELLOW_DREAMER_LOCATION, "N/A", "NA", "None", "Null", "Undefined", "Anonymous", "-", "--"].map(
    (name) => name.toLowerCase(),
  ),
);

export function isValidActivityCode(code: unknown): code is string {
  return typeof code === "string" && /^[A-Za-z]{2}$/.test(code) && !UNKNOWN_CODES.has(code.toUpperCase());
}

export function isPlaceholderCountry(name: unknown): boolean {
  if (typeof name !== "string") return true;
  const trimmed = name.trim().toLowerCase();
  return trimmed === "" || PLACEHOLDER_COUNTRIES.has(trimmed);
}

// Counts characters, not UTF-16 units, so an emoji is never cut in half.
export function previewLastWish(text: string): string {
  const characters = Array.from(text.trim());
  if (characters.length <= LIVE_LAST_WISH_PREVIEW) return characters.join("");
  return `${characters.slice(0, LIVE_LAST_WISH_PREVIEW).join("").trimEnd()}…`;
}

// The first entry for a code wins, so the server's ordering is kept.
export function dedupeByCode<T extends { countryCode: string }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const code = item.countryCode.toUpperCase();
    if (seen.has(code)) return false;
    seen.add(code);
    return true;
  });
}

export function displayableActivities<T extends { country?: string | null; countryCode?: string | null }>(
  list: readonly T[],
): (T & { countryCode: string })[] {
  const kept = list.filter(
    (item): item is T & { countryCode: string } =>
      isValidActivityCode(item.countryCode) && !isPlaceholderCountry(item.country),
  );
  return dedupeByCode(kept);
}

/** What the live strip shows of one country's activity. */
export interface LiveStripEntry {
  country: string;
  countryCode: string;
  flag: string;
  wishCount: number;
  isNew: boolean;
  /** The start of the country's latest wish, at most 50 characters. */
  preview: string;
  /** The country's name in the page's language, where it is not English. */
  label?: string;
}

/** A name without its accents and case: "Åland Islands" sorts as "aland islands". */
function sortKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The strip's country names in alphabetical order, for the wall's country filter. Compared by accent-free keys,
 * not `localeCompare`: a browser's first `localeCompare` sets up an ICU collator, 10–30 ms inside hydration
 * (ADR 0013), and country names need no more than this.
 */
export function stripCountriesByName(entries: readonly Pick<LiveStripEntry, "country">[]): string[] {
  return entries
    .map((entry) => ({ name: entry.country, key: sortKey(entry.country) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.name);
}

/** The strip's entries: the displayable activities, in the server's order, with only what the strip shows. */
export function liveStripEntries(list: readonly LiveActivity[]): LiveStripEntry[] {
  return displayableActivities(list).map(({ country, countryCode, flag, wishCount, isNew, lastWish }) => ({
    country,
    countryCode,
    flag,
    wishCount,
    isNew,
    preview: previewLastWish(lastWish),
  }));
}
