import { useNavigate } from "@remix-run/react";
import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import {
  WALL_SORTS,
  WALL_THEME_FILTERS,
  WALL_TIME_FILTERS,
  type WallSort,
  type WallThemeFilter,
  type WallTimeFilter,
} from "~/domain/wish-rules";
import { WISH_WALL_ID, wallSearch, type WallFilters } from "./wall-params";
import * as styles from "./wish-wall.css";

const TIME_LABELS: Record<WallTimeFilter, string> = {
  all: "All time",
  today: "Today",
  week: "Past week",
  month: "Past month",
};

function themeLabel(value: WallThemeFilter): string {
  return value === "all" ? "All themes" : value;
}

const SORT_LABELS: Record<WallSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  mostResonated: "Most resonated",
  leastResonated: "Least resonated",
};

function pick<T extends string>(allowed: readonly T[], value: FormDataEntryValue | null, fallback: T): T {
  return allowed.find((option) => option === value) ?? fallback;
}

/**
 * The wall's filters as a GET form on the page's own address: without JavaScript "Apply filters" reloads the page
 * filtered; with it every change applies at once, in place, without a reload. Any change goes back to page 1.
 */
export function WallFilterForm({ filters, countries }: { filters: WallFilters; countries: readonly string[] }) {
  const navigate = useNavigate();
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(wallSearch(filters));
  // The address is the source of truth: back/forward or a country picked in the live strip re-seed the form.
  if (shown !== wallSearch(filters)) {
    setShown(wallSearch(filters));
    setDraft(filters);
  }
  const countryOptions = draft.country && !countries.includes(draft.country) ? [draft.country, ...countries] : countries;

  function apply(form: HTMLFormElement) {
    const data = new FormData(form);
    const next: WallFilters = {
      theme: pick(WALL_THEME_FILTERS, data.get("theme"), "all"),
      timeFilter: pick(WALL_TIME_FILTERS, data.get("timeFilter"), "all"),
      sortBy: pick(WALL_SORTS, data.get("sortBy"), "newest"),
      country: String(data.get("country") ?? ""),
      page: 1,
    };
    setDraft(next);
    navigate({ search: wallSearch(next) }, { preventScrollReset: true });
  }

  function onSelect(event: ChangeEvent<HTMLSelectElement>) {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  return (
    <form
      method="get"
      action={`/#${WISH_WALL_ID}`}
      className={styles.filters}
      onSubmit={onSubmit}
      aria-label="Filter the Wish Wall"
    >
      <div className={styles.filter}>
        <label htmlFor={`${id}-time`}>Time Period</label>
        <select id={`${id}-time`} name="timeFilter" value={draft.timeFilter} onChange={onSelect} className={styles.select}>
          {WALL_TIME_FILTERS.map((value) => (
            <option key={value} value={value}>
              {TIME_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-theme`}>Theme</label>
        <select id={`${id}-theme`} name="theme" value={draft.theme} onChange={onSelect} className={styles.select}>
          {WALL_THEME_FILTERS.map((value) => (
            <option key={value} value={value}>
              {themeLabel(value)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-sort`}>Sort By</label>
        <select id={`${id}-sort`} name="sortBy" value={draft.sortBy} onChange={onSelect} className={styles.select}>
          {WALL_SORTS.map((value) => (
            <option key={value} value={value}>
              {SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-country`}>Filter by Country</label>
        <select id={`${id}-country`} name="country" value={draft.country} onChange={onSelect} className={styles.select}>
          <option value="">All countries</option>
          {countryOptions.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className={styles.apply}>
          Apply filters
        </button>
      </noscript>
    </form>
  );
}
