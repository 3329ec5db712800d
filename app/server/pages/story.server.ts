import type { TemplateValues } from "~/domain/legal-template";
import type { Locale } from "~/domain/locale";
import { storyOf, storyValues } from "~/domain/provider-story";
import { translatorFor } from "~/i18n/catalogues.server";
import { settingsOf } from "../edge/settings.server";

/** The configured provider's sentences (`{{story.*}}`) for a Markdown page in this language. */
export function storyPageValues(env: Env, locale: Locale): TemplateValues {
  return storyValues(translatorFor(locale), storyOf(settingsOf(env).QUANTUM_PROVIDER));
}
