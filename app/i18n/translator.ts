import { setupI18n, type Messages } from "@lingui/core";
import { LOCALE_INFO, type Locale } from "~/domain/locale";

/** A compiled catalogue: the English source of each message → its compiled ICU form in one language. */
export type CompiledCatalogue = Messages;

export type MessageValues = Record<string, string | number>;

/** Renders one message, named by its English source, in the translator's language. */
export type Translate = (source: string, values?: MessageValues) => string;

/**
 * The one way a message becomes text, on the server and in the browser alike (ADR 0027). The catalogue arrives
 * compiled, so no ICU parser reaches the browser; a message the catalogue lacks reads as its English source.
 */
export function createTranslator(locale: Locale, catalogue: CompiledCatalogue): Translate {
  const i18n = setupI18n({ locale: LOCALE_INFO[locale].tag, messages: { [LOCALE_INFO[locale].tag]: catalogue }, missing: (_locale, id) => id });
  return (source, values) => i18n._(source, values);
}
