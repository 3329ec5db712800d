import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { browserPartOf } from "../app/i18n/browser-part";
import { compileCatalogue } from "../app/i18n/compile-catalogue";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../app/domain/locale";

const ID = "virtual:compiled-catalogues";
const RESOLVED_ID = `\0${ID}`;
const HREFS_ID = "virtual:catalogue-hrefs";
const RESOLVED_HREFS_ID = `\0${HREFS_ID}`;

const catalogueFile = (locale: Locale) => fileURLToPath(new URL(`../app/i18n/catalogues/${locale}.json`, import.meta.url));

/** Each language's compiled catalogue, and the file of it the browser loads, named by a hash of its content. */
export function buildCatalogues(): { compiled: Record<Locale, string>; files: { locale: Locale; fileName: string; source: string }[] } {
  const read = (locale: Locale): Record<string, string> => JSON.parse(readFileSync(catalogueFile(locale), "utf8")) as Record<string, string>;
  const english = read(DEFAULT_LOCALE);
  const compiled = {} as Record<Locale, string>;
  const files = LOCALES.map((locale) => {
    const catalogue = compileCatalogue(read(locale), english);
    compiled[locale] = JSON.stringify(catalogue);
    const source = JSON.stringify(browserPartOf(locale, catalogue));
    const hash = createHash("sha256").update(source).digest("hex").slice(0, 12);
    return { locale, fileName: `assets/catalogue-${locale}-${hash}.json`, source };
  });
  return { compiled, files };
}

/**
 * `virtual:compiled-catalogues`: each language's catalogue (app/i18n/catalogues) compiled when the code is built, as
 * a JSON string per language that the server parses on the language's first use. Lingui's ICU parser (and the lexer
 * it builds when imported) then never runs in the Worker (ADR 0039). Used by the build and every test lane that
 * imports the catalogues.
 *
 * `virtual:catalogue-hrefs`: where the browser loads each language's catalogue from. The client build writes each
 * as /assets/catalogue-<locale>-<content hash>.json, a static file cached for good (ADR 0074); `npm run dev` serves
 * the same paths from memory.
 */
export function compiledCatalogues(): Plugin {
  let serverBuild = false;
  return {
    name: "quantum-bell:compiled-catalogues",
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    resolveId: (id) => (id === ID ? RESOLVED_ID : id === HREFS_ID ? RESOLVED_HREFS_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID && id !== RESOLVED_HREFS_ID) return undefined;
      for (const locale of LOCALES) this.addWatchFile(catalogueFile(locale));
      const { compiled, files } = buildCatalogues();
      if (id === RESOLVED_ID) return `export default ${JSON.stringify(compiled)};`;
      return `export default ${JSON.stringify(Object.fromEntries(files.map(({ locale, fileName }) => [locale, `/${fileName}`])))};`;
    },
    generateBundle() {
      if (serverBuild) return;
      for (const { fileName, source } of buildCatalogues().files) this.emitFile({ type: "asset", fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!request.url?.startsWith("/assets/catalogue-")) return next();
        const file = buildCatalogues().files.find(({ fileName }) => request.url === `/${fileName}`);
        if (!file) return next();
        response.setHeader("Content-Type", "application/json");
        response.end(file.source);
      });
    },
  };
}
