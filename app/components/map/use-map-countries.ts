import { useEffect, useRef, useState } from "react";
import { REFRESH_DEBOUNCE_MS } from "~/domain/limits";
import { withEntangledWishes, withSubmittedWish, type MapCountry } from "~/domain/map-country";
import { useDebouncedCallback } from "~/hooks/use-debounced-callback";
import { callApi } from "~/lib/api-client";
import { useBellMessages, useSocketReopened } from "~/realtime/bell-socket";
import { useI18n } from "~/i18n/i18n";

async function fetchMapCountries(locale: string, signal?: AbortSignal): Promise<MapCountry[] | null> {
  const result = await callApi("mapCountries", { query: { lang: locale }, signal });
  return result.ok ? result.data.countries : null;
}

/**
 * The countries on the map, kept live from the room's messages (docs/realtime.md#pages-follow-the-socket): a submitted wish counts in its country,
 * a finished ring moves its wishes to entangled; a country not on the map yet refetches them (debounced, so a burst
 * costs one request). Starts from `initial` when the page already has them, else fetches on mount.
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

  // What is on screen, for messages that arrive between two renders.
  const shown = useRef(countries);
  useEffect(() => {
    shown.current = countries;
  }, [countries]);

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

  // Messages missed while the socket was down: the map is read once when it is back.
  useSocketReopened(() => {
    if (enabled) refresh();
  });

  useBellMessages((message) => {
    if (!enabled) return;
    if (message.type === "wish-submitted" && message.wish) {
      const next = withSubmittedWish(shown.current, message.wish);
      if (next === null) refresh();
      else setCountries((shown.current = next));
    } else if (message.type === "batch-update" && message.subType === "completed") {
      // A finished ring moves its wishes from waiting to entangled in the countries it names. A ring's claim and a
      // failed ring change no count (waiting includes being rung); a message that names no countries is asked once.
      const next = message.data.countryCodes ? withEntangledWishes(shown.current, message.data.countryCodes) : null;
      if (next === null) refresh();
      else setCountries((shown.current = next));
    } else if (message.type === "wish-submitted") {
      refresh();
    }
  });

  return countries;
}
