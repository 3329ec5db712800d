import { useCallback } from "react";
import { isPlaceholderCountry, isValidActivityCode } from "~/domain/live-activity";
import { FELLOW_DREAMER_LOCATION } from "~/domain/messages";
import type { PublicWish } from "~/domain/public-wish";
import { regionName } from "~/domain/region-name";
import { useI18n } from "./i18n";

type Place = Pick<PublicWish, "location" | "country" | "countryCode">;

/**
 * Where a wish comes from, in the page's language. A location the visitor typed stays as written; one that is just
 * the name of the wish's country (as picked from the list or detected, stored in English) is that country's name in
 * the language (Intl.DisplayNames). No location at all is "A fellow dreamer".
 */
export function placeOf(wish: Place, tag: string, translate: (message: string) => string): string {
  const location = wish.location?.trim() ?? "";
  if (isPlaceholderCountry(location)) return translate(FELLOW_DREAMER_LOCATION);
  const code = wish.countryCode?.toUpperCase();
  if (tag === "en" || !code || !isValidActivityCode(code) || location.toLowerCase() !== wish.country?.trim().toLowerCase()) return location;
  return regionName(code, tag) ?? location;
}

export { regionName };

/**
 * The page's `placeOf`. Intl's names can differ by a character between the server's ICU and the browser's, so the
 * element showing one carries suppressHydrationWarning.
 */
export function usePlace(): (wish: Place) => string {
  const { tag, t } = useI18n();
  return useCallback((wish: Place) => placeOf(wish, tag, t), [tag, t]);
}
