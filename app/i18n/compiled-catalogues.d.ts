declare module "virtual:compiled-catalogues" {
  import type { Locale } from "~/domain/locale";

  /** Each language's compiled catalogue as JSON, by locale (scripts/compiled-catalogues.ts). */
  const catalogues: Record<Locale, string>;
  export default catalogues;
}
