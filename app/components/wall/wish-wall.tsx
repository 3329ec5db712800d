import { useLocation, useNavigation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { WALL_EMPTY_HINT, WALL_EMPTY_TITLE, wallShowing, wallTotal } from "~/domain/messages";
import type { WallPage } from "~/domain/public-wish";
import { prefersReducedMotion } from "~/hooks/use-reduced-motion";
import { WallPagination } from "./pagination";
import { WallFilterForm } from "./wall-filters";
import { WISH_WALL_ID, type WallFilters } from "~/domain/wall-params";
import { WishCard } from "./wish-card";
import * as styles from "./wish-wall.css";
import { useI18n } from "~/i18n/i18n";
import type { CountryOption } from "./wall-filters";

interface WishWallProps {
  wall: WallPage;
  filters: WallFilters;
  /** Every wish on the site, for the "Total" line; the filtered count stands in when the stats are missing. */
  totalWishes: number | undefined;
  countries: readonly CountryOption[];
  origin: string;
}

export function WishWall({ wall, filters, totalWishes, countries, origin }: WishWallProps) {
  const { t } = useI18n();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const updating = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  // Page links and live-strip countries point at #wish-wall: after such a navigation bring the wall into view and
  // put focus at its top, where the new wishes start (page loads get the same from the browser itself).
  useEffect(() => {
    if (navigationType !== "PUSH" || location.hash !== `#${WISH_WALL_ID}`) return;
    section.current?.scrollIntoView({ block: "start", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    heading.current?.focus({ preventScroll: true });
  }, [location.key, location.hash, navigationType]);

  return (
    <section id={WISH_WALL_ID} ref={section} aria-labelledby="wish-wall-title" className={styles.wall}>
      <div className={styles.header}>
        <h2 id="wish-wall-title" ref={heading} tabIndex={-1} className={styles.title}>
          {t("Wish Wall")}
        </h2>
        <div role="status" className={styles.summary}>
          <p className={styles.summaryLine}>{wallShowing(t, wall.total, wall.countryCount)}</p>
          <p className={styles.summaryLine}>{wallTotal(t, totalWishes ?? wall.total)}</p>
        </div>
      </div>
      <WallFilterForm filters={filters} countries={countries} />
      <div aria-busy={updating} className={updating ? styles.updating : undefined}>
        {wall.wishes.length === 0 ? (
          <div className={styles.empty}>
            <h3 className={styles.emptyTitle}>{t(WALL_EMPTY_TITLE)}</h3>
            <p>{t(WALL_EMPTY_HINT)}</p>
          </div>
        ) : (
          <ul className={styles.grid}>
            {wall.wishes.map((wish) => (
              <li key={wish.id}>
                <WishCard wish={wish} origin={origin} returnTo={location.search} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <WallPagination filters={filters} total={wall.total} pageSize={wall.pageSize} />
    </section>
  );
}
