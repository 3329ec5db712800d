import CATALOGUE_HREFS from "virtual:catalogue-hrefs";
import COMPILED from "virtual:compiled-catalogues";
import type { Locale } from "~/domain/locale";
import ar from "./catalogues/ar.json";
import en from "./catalogues/en.json";
import es from "./catalogues/es.json";
import fr from "./catalogues/fr.json";
import hi from "./catalogues/hi.json";
import zh from "./catalogues/zh.json";
import { catalogueAt, keepCatalogue } from "./catalogue-store";
import { browserPartOf } from "./browser-part";
import { createTranslator, type CompiledCatalogue, type Translate } from "./translator";

/**
 * Every catalogue as written: English source → ICU message. Adding a language is adding its file here. The Worker
 * reads the compiled ones (`compiledCatalogue`); these are for the checks and tests.
 */
export const CATALOGUES: Record<Locale, Record<string, string>> = { en, es, fr, ar, hi, zh };

const compiled = new Map<Locale, CompiledCatalogue>();
const translators = new Map<Locale, Translate>();

/**
 * One language's messages, compiled at build time (scripts/compiled-catalogues.ts) and parsed from JSON on the
 * language's first use in an isolate; a message it lacks falls back to English.
 */
export function compiledCatalogue(locale: Locale): CompiledCatalogue {
  let catalogue = compiled.get(locale);
  if (!catalogue) {
    catalogue = JSON.parse(COMPILED[locale]) as CompiledCatalogue;
    compiled.set(locale, catalogue);
  }
  return catalogue;
}

const browserCatalogues = new Map<Locale, CompiledCatalogue>();

/** What the browser needs of a language's catalogue (`browserPartOf`): the content of its catalogue file. */
export function browserCatalogue(locale: Locale): CompiledCatalogue {
  let catalogue = browserCatalogues.get(locale);
  if (!catalogue) {
    catalogue = browserPartOf(locale, compiledCatalogue(locale));
    browserCatalogues.set(locale, catalogue);
  }
  return catalogue;
}

/**
 * Where the page's browser loads its language's catalogue from: a content-hashed static file the build writes, cached
 * for good (ADR 0074), instead of the catalogue inline in every page. The server renders the page from the same
 * messages, kept under that address.
 */
export function pageCatalogueHref(locale: Locale): string {
  const href = CATALOGUE_HREFS[locale];
  if (!catalogueAt(href)) keepCatalogue(href, browserCatalogue(locale));
  return href;
}

export function translatorFor(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    translate = createTranslator(locale, compiledCatalogue(locale));
    translators.set(locale, translate);
  }
  return translate;
}
