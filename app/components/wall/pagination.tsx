import { Link } from "@remix-run/react";
import { WISH_WALL_ID, wallSearch, type WallFilters } from "~/domain/wall-params";
import * as styles from "./wish-wall.css";
import { useI18n } from "~/i18n/i18n";

type PageItem = number | "gap-before" | "gap-after";

/** First, last, and the current page with its neighbours; gaps stand for the pages in between. */
function pageItems(current: number, last: number): PageItem[] {
  const pages = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((page) => page >= 1 && page <= last)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === "number" && page - previous > 1) items.push(page < current ? "gap-before" : "gap-after");
    items.push(page);
  }
  return items;
}

export function WallPagination({ filters, total, pageSize }: { filters: WallFilters; total: number; pageSize: number }) {
  const { t } = useI18n();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  const current = Math.min(filters.page, last);
  const to = (page: number) => ({ search: wallSearch({ ...filters, page }), hash: WISH_WALL_ID });

  return (
    <nav aria-label={t("Wish Wall pages")} className={styles.pagination}>
      <ul className={styles.pageList}>
        <li>
          {current > 1 ? (
            <Link to={to(current - 1)} preventScrollReset className={styles.pageLink} rel="prev">
              {t("← Previous")}
            </Link>
          ) : (
            <span className={styles.pageEdge}>{t("← Previous")}</span>
          )}
        </li>
        {pageItems(current, last).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <Link
                to={to(item)}
                preventScrollReset
                className={styles.pageLink}
                aria-current={item === current ? "page" : undefined}
                aria-label={t("Page {page}", { page: item })}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className={styles.pageGap}>
              …
            </li>
          ),
        )}
        <li>
          {current < last ? (
            <Link to={to(current + 1)} preventScrollReset className={styles.pageLink} rel="next">
              {t("Next →")}
            </Link>
          ) : (
            <span className={styles.pageEdge}>{t("Next →")}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
