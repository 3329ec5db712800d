import { translatorFor } from "~/i18n/catalogues.server";

/** The English catalogue's translator: what the domain's message functions print on an English page. */
export const english = translatorFor("en");
