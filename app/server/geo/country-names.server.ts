import { DEFAULT_LOCALE, isLocale, LOCALE_INFO, type Locale } from "~/domain/locale";

/**
 * Country names in the page's language, from the runtime's own CLDR data (Intl.DisplayNames), written on the server
 * so the hydrating browser shows the same text (ADR 0027). English keeps the names the wishes were stored with.
 */
const displayNames = new Map<Locale, Intl.DisplayNames>();
const collators = new Map<Locale, Intl.Collator>();

export function countryLabel(code: string | null | undefined, locale: Locale): string | undefined {
  if (locale === DEFAULT_LOCALE || !code || !/^[A-Z]{2}$/.test(code)) return undefined;
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([LOCALE_INFO[locale].tag], { type: "region", fallback: "none" })));
  return names.of(code) ?? undefined;
}

/** Each item with its country's name in the language (as `label`), when the language is not English. */
export function withCountryLabels<T extends { countryCode: string }>(items: readonly T[], locale: Locale): (T & { label?: string })[] {
  if (locale === DEFAULT_LOCALE) return [...items];
  return items.map((item) => {
    const label = countryLabel(item.countryCode, locale);
    return label ? { ...item, label } : item;
  });
}

export interface CountryOption {
  /** The stored name, which the wall filters by. */
  value: string;
  label: string;
}

/** The wall's country filter: every country once, named and sorted as the language names and sorts them. */
export function countryOptions(entries: readonly { country: string; countryCode: string }[], locale: Locale): CountryOption[] {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(LOCALE_INFO[locale].tag, { sensitivity: "base" })));
  return entries
    .map((entry) => ({ value: entry.country, label: countryLabel(entry.countryCode, locale) ?? entry.country }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The language an API request asks for with `?lang=` (the site's own calls say their page's). */
export function queryLocale(url: URL): Locale {
  const lang = url.searchParams.get("lang");
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}
