import { useEffect, useState } from "react";
import { REFRESH_DEBOUNCE_MS } from "~/domain/limits";
import type { MapCountry } from "~/domain/map-country";
import { useDebouncedCallback } from "~/hooks/use-debounced-callback";
import { useBellMessages } from "~/realtime/bell-socket";
import { useI18n } from "~/i18n/i18n";

const MAP_COUNTRIES_PATH = "/api/map/countries";

async function fetchMapCountries(locale: string, signal?: AbortSignal): Promise<MapCountry[] | null> {
  try {
    const response = await fetch(`${MAP_COUNTRIES_PATH}?lang=${locale}`, { signal, headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const body = (await response.json()) as { countries?: unknown };
    return Array.isArray(body.countries) ? (body.countries as MapCountry[]) : null;
  } catch {
    return null;
  }
}

/**
 * The countries on the map, kept live: a submitted wish or a rung bell refetches them (debounced, so a burst of
 * messages costs one request). Starts from `initial` when the page already has them, else fetches on mount.
 * A failed refresh keeps what is shown.
 */
export function useLiveMapCountries(initial: MapCountry[] | undefined, enabled = true): MapCountry[] {
  const { locale } = useI18n();
  const [countries, setCountries] = useState<MapCountry[]>(initial ?? []);
  const [lastInitial, setLastInitial] = useState(initial);
  if (initial !== lastInitial) {
    setLastInitial(initial);
    if (initial) setCountries(initial);
  }

  const refresh = useDebouncedCallback(() => {
    void fetchMapCountries(locale).then((fresh) => fresh && setCountries(fresh));
  }, REFRESH_DEBOUNCE_MS);

  const needsFirstFetch = enabled && initial === undefined;
  useEffect(() => {
    if (!needsFirstFetch) return;
    const controller = new AbortController();
    void fetchMapCountries(locale, controller.signal).then((fresh) => fresh && setCountries(fresh));
    return () => controller.abort();
  }, [needsFirstFetch, locale]);

  useBellMessages((message) => {
    if (enabled && (message.type === "wish-submitted" || message.type === "bell-rung")) refresh();
  });

  return countries;
}
