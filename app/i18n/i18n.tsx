import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LOCALE, LOCALE_INFO, localizePath, type Locale } from "~/domain/locale";
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

const ENGLISH: I18nValue = { locale: DEFAULT_LOCALE, dir: "ltr", tag: "en", t: (source) => source, path: (path) => path };
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
  const root = matches.find((match) => match.id === "root")?.data as { locale?: Locale; catalogue?: CompiledCatalogue } | undefined;
  if (!root?.catalogue || !root.locale) return ENGLISH.t;
  let translate = translators.get(root.catalogue);
  if (!translate) translators.set(root.catalogue, (translate = createTranslator(root.locale, root.catalogue)));
  return translate;
}

export function useI18n(): I18nValue {
  return useContext(I18nContext);
}
