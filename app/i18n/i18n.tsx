import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LOCALE, LOCALE_INFO, localizePath, type Locale } from "~/domain/locale";
import { catalogueAt } from "./catalogue-store";
import { createTranslator, type CompiledCatalogue, type Translate } from "./translator";

export interface I18nValue {
  locale: Locale;
  dir: "ltr" | "rtl";
  /** BCP 47 tag for `lang` and `Intl`. */
  tag: string;
  t: Translate;
  /** A site path in the page's language ("/about" → "/es/about"). */
  path: (path: string) => string;
}

/**
 * Without the root's data (an error page whose root loader failed, e.g. a 404 for an unknown language) there is no
 * catalogue: messages read as their English source, with their simple `{name}` values filled in, so no raw
 * placeholder such as `{siteName}` reaches the page (docs/product.md#your-ring).
 */
function englishSource(source: string, values?: Record<string, string | number>): string {
  if (!values) return source;
  return source.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}

const ENGLISH: I18nValue = { locale: DEFAULT_LOCALE, dir: "ltr", tag: "en", t: englishSource, path: (path) => path };
const I18nContext = createContext<I18nValue>(ENGLISH);

export function I18nProvider({ locale, catalogue, children }: { locale: Locale; catalogue?: CompiledCatalogue; children?: ReactNode }) {
  const value = useMemo<I18nValue>(() => {
    if (!catalogue) return ENGLISH;
    return {
      locale,
      dir: LOCALE_INFO[locale].dir,
      tag: LOCALE_INFO[locale].tag,
      t: createTranslator(locale, catalogue),
      path: (path) => localizePath(path, locale),
    };
  }, [locale, catalogue]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

const translators = new WeakMap<object, Translate>();

/** The page's translator for a meta function, from the root's data among its matches. */
export function translatorOfMatches(matches: readonly { id: string; data?: unknown }[]): Translate {
  const root = matches.find((match) => match.id === "root")?.data as { locale?: Locale; catalogueHref?: string } | undefined;
  const catalogue = catalogueAt(root?.catalogueHref);
  if (!catalogue || !root?.locale) return ENGLISH.t;
  let translate = translators.get(catalogue);
  if (!translate) translators.set(catalogue, (translate = createTranslator(root.locale, catalogue)));
  return translate;
}

export function useI18n(): I18nValue {
  return useContext(I18nContext);
}
