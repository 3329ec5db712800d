// What one network shows to everyone is bounded (docs/product.md#one-person-one-share): the home wall's newest cards, the live strip's previews
// and the waiting strip's lines come from distinct networks, so a network that writes a hundred wishes still holds one
// card, one preview and one line.

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

/** How many waiting wishes the home page's waiting strip lists in words, newest first. */
export const WAITING_STRIP_SIZE = 5;

/**
 * The waiting strip's lines, newest first. `strip` is what the server listed when the page was read (the newest
 * waiting wishes, one per network: `firstPerNetwork`); wishes that arrived on the socket since (newer ids than
 * anything listed: ids are time-ordered ULIDs) come first, as they are told. Only wishes still waiting are listed.
 * Without a server list, the newest waiting wishes.
 */
export function waitingStripLines<T extends { id: string }>(waiting: readonly T[], strip: readonly T[] | undefined, size = WAITING_STRIP_SIZE): T[] {
  const newestFirst = [...waiting].reverse();
  if (!strip) return newestFirst.slice(0, size);
  const listedNewest = strip.reduce((newest, wish) => (wish.id > newest ? wish.id : newest), "");
  const waitingIds = new Set(waiting.map((wish) => wish.id));
  const arrived = newestFirst.filter((wish) => wish.id > listedNewest);
  return [...arrived, ...strip.filter((wish) => waitingIds.has(wish.id))].slice(0, size);
}
