import { displayableActivities } from "~/domain/live-activity";
import type { MapCountry } from "~/domain/map-country";
import type { LiveActivity } from "~/domain/public-wish";
import { centroid, flagImageSources } from "./countries.server";
import { liveActivity } from "../wishes/wishes.server";

export interface CountryPlacement {
  centroid(code: string): [lat: number, lon: number] | undefined;
  flagImageSources(code: string): string[];
}

const countryData: CountryPlacement = { centroid, flagImageSources };

/**
 * Places each country's live activity at its centroid with its flag images. Entries without a real country or code
 * are skipped (docs/product.md#pages), and so is a code with no known centroid: it would have nowhere to stand on the map.
 */
export function joinMapCountries(activities: readonly LiveActivity[], places: CountryPlacement = countryData): MapCountry[] {
  return displayableActivities(activities).flatMap((activity) => {
    const code = activity.countryCode.toUpperCase();
    const position = places.centroid(code);
    if (!position) return [];
    const [lat, lon] = position;
    return [
      {
        countryCode: code,
        country: activity.country,
        flag: activity.flag,
        lat,
        lon,
        wishCount: activity.wishCount,
        pendingWishCount: activity.pendingWishCount,
        hasEntangledWishes: activity.hasEntangledWishes,
        isNew: activity.isNew,
        flagImages: places.flagImageSources(code),
      },
    ];
  });
}

/**
 * The code a wish's country stands under on the map, by the rules above (a real country with a known centroid), or
 * null. A finished ring names only these, so no page asks for the map over a country it can never show.
 */
export function mapCodeOf(wish: { country: string | null; countryCode: string | null }, places: CountryPlacement = countryData): string | null {
  const [shown] = displayableActivities([wish]);
  return shown && places.centroid(shown.countryCode.toUpperCase()) ? shown.countryCode.toUpperCase() : null;
}

export async function mapCountries(env: Env, now = Date.now()): Promise<MapCountry[]> {
  return joinMapCountries(await liveActivity(env, now));
}
