import { useCallback, useRef, useState } from "react";
import { coarseCoordinate } from "~/domain/position";
import { callApi } from "~/lib/api-client";

/** The country list behind the country field's suggestions, fetched the first time it is needed. */
export function useCountryList(): { countries: readonly string[]; loadCountries: () => Promise<readonly string[]> } {
  const [countries, setCountries] = useState<readonly string[]>([]);
  const request = useRef<Promise<readonly string[]> | null>(null);

  const loadCountries = useCallback(() => {
    request.current ??= callApi("countries")
      .then((result) => {
        if (!result.ok) throw new Error(`Countries answered ${result.status}`);
        const sorted = [...result.data.countries].sort((a, b) => a.localeCompare(b));
        setCountries(sorted);
        return sorted;
      })
      .catch(() => {
        // Suggestions are a convenience: without them the field still takes any country. The next focus retries.
        request.current = null;
        return [];
      });
    return request.current;
  }, []);

  return { countries, loadCountries };
}

/** A detected country takes the list's spelling when it matches case-insensitively, else stays as detected (docs/product.md#validation). */
export function matchCountry(detected: string, countries: readonly string[]): string {
  const wanted = detected.trim().toLocaleLowerCase();
  return countries.find((name) => name.toLocaleLowerCase() === wanted) ?? detected.trim();
}

export interface DetectedPlace {
  country: string;
  lat: number;
  lon: number;
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 }),
  );
}

/**
 * The device's country, from its position and the reverse-geocode call; null when either is unavailable. The position
 * is rounded to the kept precision here, before the look-up's URL (which request logs keep) or the wish carries it
 * (ADR 0040).
 */
export async function detectCountry(): Promise<DetectedPlace | null> {
  const { latitude, longitude } = (await currentPosition()).coords;
  const lat = coarseCoordinate(latitude);
  const lon = coarseCoordinate(longitude);
  if (lat === null || lon === null) return null;
  const result = await callApi("reverseGeocode", { query: { lat, lon } });
  const country = result.ok ? result.data.address?.country : undefined;
  return country?.trim() ? { country, lat, lon } : null;
}
