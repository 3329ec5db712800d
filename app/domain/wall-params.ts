import {
  WALL_SORTS,
  WALL_THEME_FILTERS,
  WALL_TIME_FILTERS,
  type WallSort,
  type WallThemeFilter,
  type WallTimeFilter,
} from "./wish-rules";

/** The wall's anchor: page links and live-strip countries point at it. */
export const WISH_WALL_ID = "wish-wall";

/** The Wish Wall's state as it lives in the home page's address (`/?theme=&timeFilter=&sortBy=&country=&page=`). */
export interface WallFilters {
  theme: WallThemeFilter;
  timeFilter: WallTimeFilter;
  sortBy: WallSort;
  country: string;
  page: number;
}

export const WALL_PARAM_KEYS = ["theme", "timeFilter", "sortBy", "country", "page"] as const;

export const DEFAULT_WALL_FILTERS: WallFilters = {
  theme: WALL_THEME_FILTERS[0],
  timeFilter: WALL_TIME_FILTERS[0],
  sortBy: WALL_SORTS[0],
  country: "",
  page: 1,
};

/** Only what differs from the defaults goes into the address, so shared links stay short. */
export function wallSearch(filters: WallFilters): string {
  const params = new URLSearchParams();
  for (const key of WALL_PARAM_KEYS) {
    const value = String(filters[key]).trim();
    if (value && value !== String(DEFAULT_WALL_FILTERS[key])) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Keeps the wall's own parameters from any query string and drops everything else. */
export function wallParamsOnly(search: string): URLSearchParams {
  const source = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of WALL_PARAM_KEYS) {
    const value = source.get(key);
    if (value) kept.set(key, value);
  }
  return kept;
}
