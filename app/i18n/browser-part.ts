// Imported by vite.config.ts (scripts/compiled-catalogues.ts), where the ~ alias does not exist: relative imports only.
import { DEFAULT_LOCALE, type Locale } from "../domain/locale";
import type { CompiledCatalogue } from "./translator";

/**
 * What the browser needs of a language's compiled catalogue: all of it, except in English, which reads a message
 * without arguments as its own source (the translator's missing-message rule), so only its messages with arguments
 * travel. The build writes this as the language's catalogue file; the server renders pages from the same messages.
 */
export function browserPartOf(locale: Locale, compiled: CompiledCatalogue): CompiledCatalogue {
  if (locale !== DEFAULT_LOCALE) return compiled;
  return Object.fromEntries(Object.entries(compiled).filter(([, message]) => typeof message !== "string" && message.some((token) => typeof token !== "string")));
}
