import COMPILED from "virtual:compiled-catalogues";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import ar from "./catalogues/ar.json";
import en from "./catalogues/en.json";
import es from "./catalogues/es.json";
import fr from "./catalogues/fr.json";
import hi from "./catalogues/hi.json";
import zh from "./catalogues/zh.json";
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

/**
 * What the page sends the browser: its language's catalogue. English reads a message without arguments as its own
 * source (the translator's missing-message rule), so only English messages with arguments need to travel.
 */
export function browserCatalogue(locale: Locale): CompiledCatalogue {
  if (locale !== DEFAULT_LOCALE) return compiledCatalogue(locale);
  let catalogue = browserCatalogues.get(locale);
  if (!catalogue) {
    catalogue = Object.fromEntries(
      Object.entries(compiledCatalogue(locale)).filter(([, message]) => typeof message !== "string" && message.some((token) => typeof token !== "string")),
    );
    browserCatalogues.set(locale, catalogue);
  }
  return catalogue;
}

export function translatorFor(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    translate = createTranslator(locale, compiledCatalogue(locale));
    translators.set(locale, translate);
  }
  return translate;
}
