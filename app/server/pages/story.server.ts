import type { TemplateValues } from "~/domain/legal-template";
import type { Locale } from "~/domain/locale";
import { storyOf, storyValues } from "~/domain/provider-story";
import { VERSE_PAGE_VALUES } from "~/domain/verse/verse";
import { translatorFor } from "~/i18n/catalogues.server";
import { settingsOf } from "../edge/settings.server";

/**
 * The configured provider's sentences (`{{story.*}}`) for a Markdown page in this language, and the numbers of how a
 * ring's verse is written (`{{verse.*}}`, ADR 0091).
 */
export function storyPageValues(env: Env, locale: Locale): TemplateValues {
  return { ...storyValues(translatorFor(locale), storyOf(settingsOf(env).QUANTUM_PROVIDER)), ...VERSE_PAGE_VALUES };
}
