import type { ReadingKind } from "~/domain/poem";
import type { WallTheme } from "~/domain/theme";
import type { VerseMeasurement } from "./facts";

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Numbers for one language: digits and the language's plural rules (Intl.PluralRules). */
export interface Counting {
  /** The number in Latin digits, the same on every device (a browser may default Arabic to other digits than workerd). */
  number: (value: number) => string;
  /** The form of `forms` the language's plural rules pick for `value`, with `#` as the number. */
  plural: (value: number, forms: PluralForms) => string;
}

/** A ring's wishes as a language writes them: country names already in that language, from `regionName`. */
export interface WishesInLanguage {
  count: number;
  themes: readonly WallTheme[];
  /** The first countries, named; `more` counts those not named, so a line stays a heading's length. */
  countries: readonly string[];
  more: number;
}

/**
 * One language's verse: its own first lines, and its own sentences for the measurement and the wishes (word order,
 * agreement, plural forms and lists are each language's; nothing is joined across languages).
 */
export interface VerseLanguage {
  firstLines: Record<ReadingKind, readonly string[]>;
  measurement: (facts: VerseMeasurement, counting: Counting) => string;
  wishes: (wishes: WishesInLanguage, counting: Counting) => string;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function countingFor(tag: string): Counting {
  let rules = pluralRules.get(tag);
  if (!rules) pluralRules.set(tag, (rules = new Intl.PluralRules(tag)));
  let format = numberFormats.get(tag);
  if (!format) numberFormats.set(tag, (format = new Intl.NumberFormat(tag, { numberingSystem: "latn", maximumFractionDigits: 0 })));
  const number = (value: number) => format.format(value);
  return {
    number,
    plural: (value, forms) => (forms[rules.select(value)] ?? forms.other).replaceAll("#", number(value)),
  };
}

/** "a, b and c" with the language's own last joiner; the comma between the others is the caller's. */
export function joinList(items: readonly string[], comma: string, last: (item: string) => string): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(comma)}${last(items[items.length - 1])}`;
}
