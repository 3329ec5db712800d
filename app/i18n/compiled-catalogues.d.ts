declare module "virtual:compiled-catalogues" {
  import type { Locale } from "~/domain/locale";

  /** Each language's compiled catalogue as JSON, by locale (scripts/compiled-catalogues.ts). */
  const catalogues: Record<Locale, string>;
  export default catalogues;
}

declare module "virtual:catalogue-hrefs" {
  import type { Locale } from "~/domain/locale";

  /** Where the browser loads each language's catalogue from: a content-hashed static file (ADR 0074). */
  const hrefs: Record<Locale, string>;
  export default hrefs;
}
