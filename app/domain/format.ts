/**
 * Dates and numbers as the site prints them, written by hand instead of with `Intl`:
 * - the server (workerd's ICU) and the hydrating browser (its own ICU) must print the same characters, and ICU
 *   versions disagree ("Sep" or "Sept");
 * - the first `Intl` formatter a page creates costs 20–40 ms of ICU set-up on a phone, inside hydration (ADR 0013).
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** en-GB's short month names (CLDR's, hence "Sept"). */
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** Where a moment is read: UTC (what the server can know) or the device's own time zone. */
export type Clock = "utc" | "local";

interface Parts {
  day: number;
  month: number;
  year: number;
  hours: number;
  minutes: number;
}

function partsOf(date: Date, clock: Clock): Parts {
  return clock === "utc"
    ? { day: date.getUTCDate(), month: date.getUTCMonth(), year: date.getUTCFullYear(), hours: date.getUTCHours(), minutes: date.getUTCMinutes() }
    : { day: date.getDate(), month: date.getMonth(), year: date.getFullYear(), hours: date.getHours(), minutes: date.getMinutes() };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** "22 Nov 2026, 15:23": en-GB's medium date and short time, as `Intl.DateTimeFormat("en-GB")` prints them. */
export function formatShortDateTime(date: Date, clock: Clock): string {
  const { day, month, year, hours, minutes } = partsOf(date, clock);
  return `${day} ${SHORT_MONTHS[month]} ${year}, ${twoDigits(hours)}:${twoDigits(minutes)}`;
}

/** "22 November 2026, 06:40 UTC" for an ISO timestamp; "" when it is not a date. */
export function formatLongUtcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const { day, month, year, hours, minutes } = partsOf(date, "utc");
  return `${day} ${MONTHS[month]} ${year}, ${twoDigits(hours)}:${twoDigits(minutes)} UTC`;
}

/** "1,234,567": whole numbers grouped by thousands, as `Intl.NumberFormat("en-US")` prints them. */
export function groupThousands(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return whole < 0 ? `-${digits}` : digits;
}

/** "12 October 2026" for a calendar day written "2026-10-12" (en-GB's long date); the input itself when it is not one. */
export function formatLongDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const { day: dayOfMonth, month, year } = partsOf(date, "utc");
  return `${dayOfMonth} ${MONTHS[month]} ${year}`;
}
