import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { LIVE_STRIP_SCROLL } from "~/domain/limits";
import type { LiveStripEntry } from "~/domain/live-activity";
import { countWishes } from "~/domain/messages";
import { WISH_WALL_ID } from "~/domain/wall-params";
import { useReducedMotion } from "~/hooks/use-reduced-motion";
import * as styles from "./live-strip.css";
import { FlagImage } from "~/components/map/flag-image";
import { ownFlagSources } from "~/domain/flags";
import { useI18n } from "~/i18n/i18n";
import { regionName } from "~/i18n/place";

/** Scrolls the strip sideways about a pixel every 30 ms while it is on screen, wrapping at the end, unless `paused`. */
function useAutoScroll(paused: boolean) {
  const track = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = track.current;
    if (paused || !element) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      timer ??= setInterval(() => {
        if (document.hidden) return;
        const end = element.scrollWidth - element.clientWidth;
        if (end <= 0) return;
        element.scrollLeft = element.scrollLeft >= end - 1 ? 0 : element.scrollLeft + LIVE_STRIP_SCROLL.pixels;
      }, LIVE_STRIP_SCROLL.everyMs);
    };
    if (typeof IntersectionObserver === "undefined") {
      start();
      return stop;
    }
    const visibility = new IntersectionObserver(([entry]) => (entry?.isIntersecting ? start() : stop()));
    visibility.observe(element);
    return () => {
      visibility.disconnect();
      stop();
    };
  }, [paused]);
  return track;
}

/**
 * The live-activity strip (docs/product.md#pages): one entry per country with its flag, name and count; hovering or focusing an
 * entry shows the start of the country's latest wish (the title, which screen readers announce as the link's
 * description). It moves on its own, stops while the pointer or focus is
 * in it, has a pause button (WCAG 2.2.2) and never moves for visitors who prefer less motion. A wish submitted
 * anywhere reaches it through the page's live data (useLiveHome), without a request.
 */
export function LiveStrip({ entries }: { entries: readonly LiveStripEntry[] }) {
  const { t, tag } = useI18n();
  const reducedMotion = useReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [focusedCode, setFocusedCode] = useState<string | null>(null);
  const track = useAutoScroll(reducedMotion || stopped || hovered || focusedCode !== null);

  if (entries.length === 0) return null;
  const focused = entries.find((entry) => entry.countryCode === focusedCode && entry.preview);

  return (
    <section aria-labelledby="live-strip-title" className={styles.strip}>
      <div className={styles.header}>
        <h2 id="live-strip-title" className={styles.title}>
          <span aria-hidden="true" className={styles.pulse} />
          {t("Live from around the world")}
        </h2>
        {reducedMotion ? null : (
          <button type="button" className={styles.toggle} aria-pressed={stopped} onClick={() => setStopped(!stopped)}>
            {stopped ? t("Resume scrolling") : t("Pause scrolling")}
          </button>
        )}
      </div>
      <div
        ref={track}
        className={styles.track}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusedCode(null);
        }}
      >
        <ul className={styles.list}>
          {entries.map((entry) => {
            const { preview } = entry;
            return (
              <li key={entry.countryCode}>
                <Link
                  to={{ search: `?country=${encodeURIComponent(entry.country)}`, hash: WISH_WALL_ID }}
                  // The home route's own filter: nothing to discover.
                  discover="none"
                  preventScrollReset
                  className={styles.entry}
                  title={preview ? t("Latest wish: {preview}", { preview }) : undefined}
                  onFocus={() => setFocusedCode(entry.countryCode)}
                >
                  <FlagImage sources={ownFlagSources(entry.countryCode)} emoji={entry.flag} />
                  {/* A country new to the strip since the page was served arrives from the socket without its name in the
                      language; the browser's Intl names it, which may differ by a character from the server's. */}
                  <span className={styles.country} suppressHydrationWarning>{entry.label ?? (tag === "en" ? undefined : regionName(entry.countryCode, tag)) ?? entry.country}</span>
                  <span className={styles.count}>{countWishes(t, entry.wishCount)}</span>
                  {entry.isNew ? <span className={styles.fresh}>{t("new")}</span> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      {/* The hover tooltip is the title; keyboard users see the same words here (screen readers get the title). */}
      <p aria-hidden="true" className={styles.caption}>
        {focused ? (
          <>
            <bdi>{focused.country}</bdi>: <bdi>{focused.preview}</bdi>
          </>
        ) : null}
      </p>
    </section>
  );
}
