// What one network shows to everyone is bounded (docs/product.md#one-person-one-share): the home wall's newest cards and the live strip's previews
// come from distinct networks, so a network that writes a hundred wishes still holds one card and one preview.

/** How many of the newest visible wishes the front page and the live strip look through for distinct networks. */
export const DISTINCT_NETWORK_LOOKBACK = 200;

/** The first `limit` items in order, at most one per network (an item with no network is its own). */
export function firstPerNetwork<T>(items: readonly T[], networkOf: (item: T) => string | null, limit: number): T[] {
  const seen = new Set<string>();
  const picked: T[] = [];
  for (const item of items) {
    if (picked.length >= limit) break;
    const network = networkOf(item);
    if (network !== null) {
      if (seen.has(network)) continue;
      seen.add(network);
    }
    picked.push(item);
  }
  return picked;
}

/**
 * The live strip's preview for each country, in the strip's order (most recent activity first): the country's newest
 * wish from a network no earlier country's preview came from. A country whose recent wishes all come from networks
 * already shown gets no preview.
 */
export function previewsByCountry(
  countryCodes: readonly string[],
  recent: readonly { countryCode: string; network: string | null; text: string }[],
): Map<string, string> {
  const used = new Set<string>();
  const previews = new Map<string, string>();
  for (const code of countryCodes) {
    const wish = recent.find((candidate) => candidate.countryCode === code && (candidate.network === null || !used.has(candidate.network)));
    if (!wish) continue;
    if (wish.network !== null) used.add(wish.network);
    previews.set(code, wish.text);
  }
  return previews;
}
