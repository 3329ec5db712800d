import { useNavigate } from "@remix-run/react";
import { useEffect, useEffectEvent, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import {
  WALL_SORTS,
  WALL_THEME_FILTERS,
  WALL_TIME_FILTERS,
  type WallSort,
  type WallThemeFilter,
  type WallTimeFilter,
} from "~/domain/wish-rules";
import { WISH_WALL_ID, wallSearch, type WallFilters } from "~/domain/wall-params";
import * as styles from "./wish-wall.css";
import { msg } from "~/domain/messages";
import { THEME_LABELS } from "~/domain/theme";
import { useI18n } from "~/i18n/i18n";

const TIME_LABELS: Record<WallTimeFilter, string> = {
  all: msg("All time"),
  today: msg("Today"),
  week: msg("Past week"),
  month: msg("Past month"),
};

function themeLabel(value: WallThemeFilter): string {
  return value === "all" ? msg("All themes") : THEME_LABELS[value];
}

const SORT_LABELS: Record<WallSort, string> = {
  newest: msg("Newest first"),
  oldest: msg("Oldest first"),
  mostResonated: msg("Most resonated"),
  leastResonated: msg("Least resonated"),
};

function pick<T extends string>(allowed: readonly T[], value: FormDataEntryValue | null, fallback: T): T {
  return allowed.find((option) => option === value) ?? fallback;
}

function filtersOf(form: HTMLFormElement): WallFilters {
  const data = new FormData(form);
  return {
    theme: pick(WALL_THEME_FILTERS, data.get("theme"), "all"),
    timeFilter: pick(WALL_TIME_FILTERS, data.get("timeFilter"), "all"),
    sortBy: pick(WALL_SORTS, data.get("sortBy"), "newest"),
    country: String(data.get("country") ?? ""),
    page: 1,
  };
}

/**
 * The wall's filters as a GET form on the page's own address: without JavaScript "Apply filters" reloads the page
 * filtered; with it every change applies at once, in place, without a reload. Any change goes back to page 1.
 */
/** A country the wall can be filtered by: the stored name it filters on, and the name shown in the page's language. */
export interface CountryOption {
  value: string;
  label: string;
}

export function WallFilterForm({ filters, countries }: { filters: WallFilters; countries: readonly CountryOption[] }) {
  const { t, path } = useI18n();
  const navigate = useNavigate();
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(wallSearch(filters));
  // The address is the source of truth: back/forward or a country picked in the live strip re-seed the form.
  if (shown !== wallSearch(filters)) {
    setShown(wallSearch(filters));
    setDraft(filters);
  }
  const countryOptions =
    draft.country && !countries.some((option) => option.value === draft.country) ? [{ value: draft.country, label: draft.country }, ...countries] : countries;

  function apply(form: HTMLFormElement) {
    const next = filtersOf(form);
    setDraft(next);
    navigate({ search: wallSearch(next) }, { preventScrollReset: true });
  }

  // The wall hydrates when the browser is idle (ADR 0010): a filter changed before then changed only the page's HTML,
  // and React would put the select back to the address's value. It applies now, as it would have then.
  const formRef = useRef<HTMLFormElement>(null);
  const applyEarlyChoice = useEffectEvent(() => {
    const form = formRef.current;
    if (form && wallSearch(filtersOf(form)) !== wallSearch({ ...filters, page: 1 })) apply(form);
  });
  // Once, on hydration (the filters it rendered with are the server's); later changes arrive through onSelect.
  useEffect(() => applyEarlyChoice(), []);

  function onSelect(event: ChangeEvent<HTMLSelectElement>) {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  return (
    <form
      ref={formRef}
      method="get"
      action={`${path("/")}#${WISH_WALL_ID}`}
      className={styles.filters}
      onSubmit={onSubmit}
      aria-label={t("Filter the Wish Wall")}
    >
      <div className={styles.filter}>
        <label htmlFor={`${id}-time`}>{t("Time Period")}</label>
        <select id={`${id}-time`} name="timeFilter" value={draft.timeFilter} onChange={onSelect} className={styles.select}>
          {WALL_TIME_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(TIME_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-theme`}>{t("Theme")}</label>
        <select id={`${id}-theme`} name="theme" value={draft.theme} onChange={onSelect} className={styles.select}>
          {WALL_THEME_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(themeLabel(value))}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-sort`}>{t("Sort By")}</label>
        <select id={`${id}-sort`} name="sortBy" value={draft.sortBy} onChange={onSelect} className={styles.select}>
          {WALL_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(SORT_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-country`}>{t("Filter by Country")}</label>
        <select id={`${id}-country`} name="country" value={draft.country} onChange={onSelect} className={styles.select}>
          <option value="">{t("All countries")}</option>
          {countryOptions.map((country) => (
            <option key={country.value} value={country.value}>
              {country.label}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className={styles.apply}>
          {t("Apply filters")}
        </button>
      </noscript>
    </form>
  );
}
