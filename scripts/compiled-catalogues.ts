import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { compileCatalogue } from "../app/i18n/compile-catalogue";
import { DEFAULT_LOCALE, LOCALES } from "../app/domain/locale";

const ID = "virtual:compiled-catalogues";
const RESOLVED_ID = `\0${ID}`;

/**
 * `virtual:compiled-catalogues`: each language's catalogue (app/i18n/catalogues) compiled when the code is built, as
 * a JSON string per language that the server parses on the language's first use. Lingui's ICU parser (and the lexer
 * it builds when imported) then never runs in the Worker (ADR 0039). Used by the build and every test lane that
 * imports the catalogues.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: "quantum-bell:compiled-catalogues",
    resolveId: (id) => (id === ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const read = (locale: string): Record<string, string> => {
        const file = fileURLToPath(new URL(`../app/i18n/catalogues/${locale}.json`, import.meta.url));
        this.addWatchFile(file);
        return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      };
      const english = read(DEFAULT_LOCALE);
      const compiled = Object.fromEntries(LOCALES.map((locale) => [locale, JSON.stringify(compileCatalogue(read(locale), english))]));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
