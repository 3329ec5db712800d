import { useMemo } from "react";
import { formatLongDate, formatLongUtcDateTime, formatShortDateTime, groupThousands, type Clock } from "~/domain/format";
import { useI18n } from "./i18n";

export interface Formats {
  /** A medium date and short time: "22 Nov 2026, 15:23", "22 nov 2026, 15:23", "2026年11月22日 15:23". */
  dateTime: (date: Date, clock: Clock) => string;
  /** A long date and time in UTC, for a ring's page. */
  longUtc: (iso: string) => string;
  /** A calendar day ("2026-10-12") written out: "12 October 2026". */
  date: (day: string) => string;
  /** A whole number grouped as the language groups it. */
  number: (value: number) => string;
  /** Items joined as the language lists them: "a, b and c", "a, b y c", "a、b和c". */
  list: (items: readonly string[]) => string;
}

function englishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** English keeps the hand-written forms of ADR 0013 (no ICU set-up on its first load); other languages use Intl. */
const ENGLISH: Formats = {
  dateTime: (date, clock) => (clock === "utc" ? `${formatShortDateTime(date, clock)} UTC` : formatShortDateTime(date, clock)),
  longUtc: formatLongUtcDateTime,
  date: (day) => formatLongDate(day),
  number: groupThousands,
  list: englishList,
};

export function formatsFor(tag: string): Formats {
  if (tag === "en") return ENGLISH;
  const made = new Map<string, Intl.DateTimeFormat>();
  const dateFormat = (key: string, options: Intl.DateTimeFormatOptions) => {
    let format = made.get(key);
    if (!format) made.set(key, (format = new Intl.DateTimeFormat(tag, options)));
    return format;
  };
  let numbers: Intl.NumberFormat | undefined;
  let lists: Intl.ListFormat | undefined;
  return {
    dateTime: (date, clock) =>
      clock === "utc"
        ? dateFormat("utc", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(date) + " UTC"
        : dateFormat("local", { dateStyle: "medium", timeStyle: "short" }).format(date),
    longUtc: (iso) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return "";
      return `${dateFormat("long", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date)} UTC`;
    },
    date: (day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? day : dateFormat("day", { dateStyle: "long", timeZone: "UTC" }).format(date);
    },
    number: (value) => (numbers ??= new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })).format(value),
    list: (items) => (lists ??= new Intl.ListFormat(tag, { style: "long", type: "conjunction" })).format(items),
  };
}

/**
 * The page's formats. Intl output can differ by a character between the server's ICU and the browser's, so text
 * printed with them sits in an element with suppressHydrationWarning (see WishTime).
 */
export function useFormats(): Formats {
  const { tag } = useI18n();
  return useMemo(() => formatsFor(tag), [tag]);
}
