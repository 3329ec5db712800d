import { useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import type { MapCountry } from "~/domain/map-country";
import { useHydrated } from "~/hooks/use-hydrated";
import * as styles from "./map.css";
import { useI18n } from "~/i18n/i18n";
import { msg } from "~/domain/messages";

const WorldMap = lazy(() => import("./world-map.client"));

/** Starts fetching the map this far before it scrolls into view, so it is usually ready when it arrives. */
const PRELOAD_MARGIN = "300px";

export interface LazyWorldMapProps {
  /** The countries to show; the page keeps them live. Without them the map fetches and follows them itself. */
  countries?: MapCountry[];
  /** Load the map straight away instead of when it nears the viewport (a page that is the map). */
  eager?: boolean;
  /** The map region's accessible name. */
  label?: string;
  /** The country of the visitor's own latest wish, ringed in gold on the map. */
  yourCountryCode?: string | null;
}

/** True once the map should load: at once after hydration when `eager`, else when it nears the viewport. */
function useShouldLoad(eager: boolean) {
  const target = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [near, setNear] = useState(false);
  const observable = hydrated && typeof IntersectionObserver !== "undefined";
  const load = hydrated && (eager || near || !observable);

  useEffect(() => {
    const element = target.current;
    if (load || !observable || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [load, observable]);

  return { target, hydrated, load };
}

/**
 * The world map, kept out of the page's first load: Leaflet, its CSS and the country shapes are fetched only when
 * the map nears the viewport (or at once with `eager`), and never on the server. Until then a box of the same
 * size holds its place, so nothing shifts when it arrives.
 */
export function LazyWorldMap({ countries, eager = false, label = msg("World map of wishes"), yourCountryCode = null }: LazyWorldMapProps) {
  const { t } = useI18n();
  // The operator's tile service (MAP_TILE_URL), or null: the map is then drawn from the site's own country shapes.
  const tiles = useRouteLoaderData<{ tiles?: { url: string; attribution: string } | null }>("root")?.tiles ?? null;
  const { target, hydrated, load } = useShouldLoad(eager);
  const placeholder = <p className={styles.placeholder}>{hydrated ? t("Loading the world map…") : ""}</p>;
  const afterMap = `after-map-${useId().replace(/:/g, "")}`;
  return (
    <>
      <div ref={target} className={styles.frame} role="region" aria-label={t(label)}>
        {/* Every country's badge is a tab stop: one link lets a keyboard visitor pass them all. */}
        <a href={`#${afterMap}`} className={styles.skipMap}>
          {t("Skip the map")}
        </a>
        {load ? (
          <Suspense fallback={placeholder}>
            <WorldMap countries={countries} tiles={tiles} yourCountryCode={yourCountryCode} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      <span id={afterMap} tabIndex={-1} className={styles.afterMap} />
    </>
  );
}
