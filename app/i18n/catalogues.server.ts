import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import ar from "./catalogues/ar.json";
import en from "./catalogues/en.json";
import es from "./catalogues/es.json";
import fr from "./catalogues/fr.json";
import hi from "./catalogues/hi.json";
import zh from "./catalogues/zh.json";
import { createTranslator, type CompiledCatalogue, type Translate } from "./translator";

/** Every catalogue as written: English source → ICU message. Adding a language is adding its file here. */
export const CATALOGUES: Record<Locale, Record<string, string>> = { en, es, fr, ar, hi, zh };

const compiled = new Map<Locale, CompiledCatalogue>();
const translators = new Map<Locale, Translate>();

/** One language's messages, compiled once per isolate; a message it lacks falls back to English. */
export function compiledCatalogue(locale: Locale): CompiledCatalogue {
  let catalogue = compiled.get(locale);
  if (!catalogue) {
    catalogue = {};
    const own = CATALOGUES[locale];
    for (const [source, english] of Object.entries(CATALOGUES[DEFAULT_LOCALE])) {
      const message = compileMessage(own[source] || english);
      // Lingui treats a bare string as uncompiled; a one-part array is the compiled form of plain text.
      catalogue[source] = typeof message === "string" ? [message] : message;
    }
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
