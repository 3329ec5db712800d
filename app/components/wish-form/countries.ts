import { useCallback, useRef, useState } from "react";

/** The country list behind the country field's suggestions, fetched the first time it is needed. */
export function useCountryList(): { countries: readonly string[]; loadCountries: () => Promise<readonly string[]> } {
  const [countries, setCountries] = useState<readonly string[]>([]);
  const request = useRef<Promise<readonly string[]> | null>(null);

  const loadCountries = useCallback(() => {
    request.current ??= fetch("/api/countries", { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Countries answered ${response.status}`);
        const body = (await response.json()) as { countries?: unknown };
        const names = Array.isArray(body.countries) ? body.countries.filter((name): name is string => typeof name === "string") : [];
        const sorted = names.sort((a, b) => a.localeCompare(b));
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

/** The device's country, from its position and the reverse-geocode call; null when either is unavailable. */
export async function detectCountry(): Promise<DetectedPlace | null> {
  const { latitude, longitude } = (await currentPosition()).coords;
  const response = await fetch(`/api/reverse-geocode?lat=${latitude}&lon=${longitude}`, { headers: { Accept: "application/json" } });
  if (!response.ok) return null;
  const body = (await response.json()) as { address?: { country?: unknown } | null };
  const country = body.address?.country;
  return typeof country === "string" && country.trim() ? { country, lat: latitude, lon: longitude } : null;
}
