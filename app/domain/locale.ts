/**
 * The languages the site speaks and how a request picks one (docs/product.md#languages, ADR 0027). English keeps the paths of docs/product.md#pages;
 * every other language lives under its own path prefix (/es/…), so each is shareable and indexable.
 */
export const LOCALES = ["en", "es", "fr", "ar", "hi", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export interface LocaleInfo {
  /** The language's own name, as the switcher shows it. */
  name: string;
  dir: "ltr" | "rtl";
  /** BCP 47 tag for `lang`, `hreflang` and `Intl`. */
  tag: string;
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { name: "English", dir: "ltr", tag: "en" },
  es: { name: "Español", dir: "ltr", tag: "es" },
  fr: { name: "Français", dir: "ltr", tag: "fr" },
  ar: { name: "العربية", dir: "rtl", tag: "ar" },
  hi: { name: "हिन्दी", dir: "ltr", tag: "hi" },
  zh: { name: "简体中文", dir: "ltr", tag: "zh-Hans" },
};

/** The cookie that keeps a visitor's own choice of language. */
export const LOCALE_COOKIE = "qb_lang";
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language a path names by its prefix, and the path without it: "/es/about" → es, "/about". */
export function splitLocalePath(pathname: string): { locale: Locale; path: string; prefixed: boolean } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1], path: match[2] || "/", prefixed: true };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || "/", prefixed: false };
}

/** A site path in a language: English keeps its path of docs/product.md#pages, others get their prefix ("/" → "/es"). */
export function localizePath(path: string, locale: Locale): string {
  const [, pathname = "/", suffix = ""] = /^([^?#]*)(.*)$/.exec(path) ?? [];
  const bare = splitLocalePath(pathname || "/").path;
  if (locale === DEFAULT_LOCALE) return `${bare}${suffix}`;
  return `${bare === "/" ? `/${locale}` : `/${locale}${bare}`}${suffix}`;
}

/** The supported language an Accept-Language header prefers most, or undefined when it names none of them. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      const quality = q === undefined ? 1 : Number(q);
      return { language: range.trim().toLowerCase().split("-")[0] ?? "", quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter(({ quality, language }) => quality > 0 && language !== "*")
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map(({ language }) => language).find(isLocale);
}

/**
 * Where a page request belongs. A visitor's own choice (the cookie) wins everywhere; without one, the English paths
 * follow the browser's languages and a prefixed path (a link someone shared) keeps its language.
 */
export function preferredLocaleFor(pathLocale: Locale, prefixed: boolean, chosen: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(chosen)) return chosen;
  if (prefixed) return pathLocale;
  return negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}
