import type { CompiledCatalogue } from "./translator";

/**
 * The page's catalogue by the address the browser loads it from (ADR 0074): a content-hashed file, so an address
 * names one catalogue for good. The server keeps the one it renders a page with under the same address; the browser
 * loads it before hydrating, so both render from the same messages.
 */
const kept = new Map<string, CompiledCatalogue>();
const loading = new Map<string, Promise<CompiledCatalogue>>();

export function keepCatalogue(href: string, catalogue: CompiledCatalogue): void {
  kept.set(href, catalogue);
}

export function catalogueAt(href: string | undefined): CompiledCatalogue | undefined {
  return href === undefined ? undefined : kept.get(href);
}

/** The catalogue at `href`, fetched once (the page's preload has usually brought it already). */
export function loadCatalogue(href: string): Promise<CompiledCatalogue> {
  const catalogue = kept.get(href);
  if (catalogue) return Promise.resolve(catalogue);
  let pending = loading.get(href);
  if (!pending) {
    pending = fetch(href, { credentials: "same-origin" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The catalogue at ${href} answered ${response.status}.`);
        const loaded = (await response.json()) as unknown;
        if (typeof loaded !== "object" || loaded === null || Array.isArray(loaded)) throw new Error(`The catalogue at ${href} is not a catalogue.`);
        kept.set(href, loaded as CompiledCatalogue);
        return loaded as CompiledCatalogue;
      })
      .finally(() => loading.delete(href));
    loading.set(href, pending);
  }
  return pending;
}
