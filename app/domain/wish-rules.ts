// The wish rules the browser needs without the schemas: importing these does not ship zod to the page.
import { WISH_COUNTER_WARNING, WISH_MIN_LENGTH } from "./limits";
import { charactersToGo, WISH_PROMPT, type Translate } from "./messages";
import { THEMES } from "./theme";

export { WISH_STATUSES, type WishStatus } from "./statuses";

export const WALL_THEME_FILTERS = ["all", ...THEMES] as const;
export const WALL_TIME_FILTERS = ["all", "today", "week", "month"] as const;
export const WALL_SORTS = ["newest", "oldest", "mostResonated", "leastResonated"] as const;
export type WallThemeFilter = (typeof WALL_THEME_FILTERS)[number];
export type WallTimeFilter = (typeof WALL_TIME_FILTERS)[number];
export type WallSort = (typeof WALL_SORTS)[number];

// Takes the trimmed length, the same length the schema judges.
export function wishCharacterHint(t: Translate, length: number): string {
  return length >= 1 && length < WISH_MIN_LENGTH ? charactersToGo(t, WISH_MIN_LENGTH - length) : t(WISH_PROMPT);
}

export function isCounterWarning(length: number): boolean {
  return length > WISH_COUNTER_WARNING;
}

/** docs/product.md#validation: the form's ring visual is active only while the wish has text and is not being sent. */
export function isRingVisualActive(wish: string, submitting: boolean): boolean {
  return wish.trim().length > 0 && !submitting;
}
