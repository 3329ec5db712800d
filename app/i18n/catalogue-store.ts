import type { CompiledCatalogue } from "./translator";

/**
 * The page's catalogue by the address the browser loads it from (ADR 0074): a content-hashed file, so an address
 * names one catalogue for good. The server keeps the one it renders a page with under the same address; the browser
 * loads it before hydrating, so both render from the same messages.
 */
const kept = new Map<string, CompiledCatalogue | Promise<CompiledCatalogue>>();

export function keepCatalogue(href: string, catalogue: CompiledCatalogue): void {
  kept.set(href, catalogue);
}

export function catalogueAt(href: string | undefined): CompiledCatalogue | undefined {
  const catalogue = href && kept.get(href);
  return catalogue instanceof Promise ? undefined : catalogue || undefined;
}

/**
 * The catalogue at `href`, fetched once however many ask (the page's preload has usually brought it already). A page
 * without one (an error page whose root data failed) reads its messages as their English source.
 */
export async function loadCatalogue(href: string | null | undefined): Promise<CompiledCatalogue | undefined> {
  if (!href) return undefined;
  let catalogue = kept.get(href);
  if (!catalogue) {
    catalogue = fetch(href).then(async (response) => {
      if (!response.ok) throw new Error(`${href}: ${response.status}`);
      const loaded = (await response.json()) as CompiledCatalogue;
      kept.set(href, loaded);
      return loaded;
    });
    // A failed load is asked for again next time.
    catalogue.catch(() => kept.delete(href));
    kept.set(href, catalogue);
  }
  return catalogue;
}
