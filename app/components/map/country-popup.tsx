import { useCallback, useEffect, useRef, useState } from "react";
import { MAP_POPUP_PAGE_SIZE } from "~/domain/limits";
import type { MapCountry } from "~/domain/map-country";
import { MAP_POPUP_EMPTY, mapPopupShowing, writerName } from "~/domain/messages";
import type { PublicWish } from "~/domain/public-wish";
import { WishTime } from "~/components/wall/wish-time";
import { callApi } from "~/lib/api-client";
import { FlagImage } from "./flag-image";
import * as styles from "./map.css";
import { useI18n } from "~/i18n/i18n";
import { useBidiT } from "~/components/text/bidi-text";

type PopupState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "loaded"; wishes: PublicWish[]; total: number };

async function fetchNewestWishes(countryCode: string, signal: AbortSignal): Promise<PopupState> {
  const result = await callApi("wall", { query: { country: countryCode, pageSize: MAP_POPUP_PAGE_SIZE, sortBy: "newest" }, signal });
  return result.ok ? { status: "loaded", wishes: result.data.wishes, total: result.data.total } : { status: "failed" };
}

interface CountryPopupProps {
  country: MapCountry;
  /** How many times the popup has been opened; every opening reloads the newest wishes. */
  openings: number;
  /** Move focus into the popup on opening (it was opened from the keyboard). */
  focusOnOpen: boolean;
  onClose: () => void;
  /** The content changed size (the wishes arrived): the popup lays itself out again and pans fully into view. */
  onResize: () => void;
}

/** The newest wishes of one country (docs/product.md#pages): up to 10, with how many there are in all. */
export function CountryPopup({ country, openings, focusOnOpen, onClose, onResize }: CountryPopupProps) {
  const { t, path } = useI18n();
  const bt = useBidiT();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ request: string; state: PopupState } | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const headingId = `map-popup-${country.countryCode}`;
  const code = country.countryCode;
  const request = `${code}:${openings}:${attempt}`;
  const state: PopupState = result?.request === request ? result.state : { status: "loading" };

  useEffect(() => {
    if (openings === 0) return;
    const controller = new AbortController();
    void fetchNewestWishes(code, controller.signal).then((next) => {
      if (!controller.signal.aborted) setResult({ request: `${code}:${openings}:${attempt}`, state: next });
    });
    return () => controller.abort();
  }, [code, openings, attempt]);

  useEffect(() => {
    if (openings > 0 && focusOnOpen) title.current?.focus();
  }, [openings, focusOnOpen]);

  useEffect(() => {
    if (openings > 0) onResize();
    // Only a change of what is shown resizes the popup; a new onResize function each render does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status, openings]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const wallLink = `${path("/")}?${new URLSearchParams({ country: country.country })}#wish-wall-title`;

  return (
    <section
      className={styles.popup}
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <h3 id={headingId} ref={title} tabIndex={-1} className={styles.popupTitle}>
        <FlagImage sources={country.flagImages} emoji={country.flag} />
        {country.label ?? country.country}
      </h3>
      <div aria-live="polite">
        {state.status === "loading" && <p className={styles.popupSummary}>{t("Loading the newest wishes…")}</p>}
        {state.status === "failed" && (
          <>
            <p className={styles.popupSummary}>{bt("The wishes from {country} could not be loaded just now.", { country: country.label ?? country.country })}</p>
            <button type="button" className={styles.popupRetry} onClick={retry}>
              {t("Try again")}
            </button>
          </>
        )}
        {state.status === "loaded" && state.wishes.length === 0 && <p className={styles.popupSummary}>{t(MAP_POPUP_EMPTY)}</p>}
        {state.status === "loaded" && state.wishes.length > 0 && (
          <>
            <ul className={styles.popupList} tabIndex={0} aria-label={t("Newest wishes from {country}", { country: country.label ?? country.country })}>
              {state.wishes.map((wish) => (
                <li key={wish.id} className={styles.popupWish}>
                  <p className={styles.popupWishText} dir="auto">
                    {wish.wish}
                  </p>
                  <p className={styles.popupMeta}>
                    <bdi>{writerName(t, wish.name)}</bdi> · <WishTime timestamp={wish.timestamp} />
                  </p>
                </li>
              ))}
            </ul>
            <p className={styles.popupSummary}>{mapPopupShowing(t, state.wishes.length, state.total)}</p>
            <a href={wallLink}>{t("Visit the Wish Wall")}</a>
          </>
        )}
      </div>
    </section>
  );
}
