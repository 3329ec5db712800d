/**
 * Sockets are spread over relay Durable Objects (docs/scale.md, issue 23): the BellRoom publishes each message once
 * per relay and each relay sends it to its own sockets. These are the rules for how many relays there are and which
 * one a visitor's socket joins.
 */

export const DEFAULT_RELAYS = 2;
export const MAX_RELAYS = 64;

/** RELAY_COUNT from the configuration, within 1…64; anything else is the default. */
export function relayCount(configured: string | undefined): number {
  const count = Number(configured);
  return Number.isInteger(count) && count >= 1 && count <= MAX_RELAYS ? count : DEFAULT_RELAYS;
}

export const relayName = (index: number) => `relay-${index}`;

export function relayNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => relayName(index));
}

/**
 * Whether sockets are spread by data centre (RELAY_BY unset or "colo") or at random ("random"): an audience gathered
 * in one city shares one data centre, so one relay, unless spread at random.
 */
export function relaysByColo(configured: string | undefined): boolean {
  return configured?.trim().toLowerCase() !== "random";
}

/**
 * The relay a socket joins: by the data centre the request arrived at, when it says (visitors near each other share
 * a relay, which Cloudflare places near its first caller), else at random. FNV-1a spreads colo codes evenly.
 */
export function relayFor(colo: string | undefined, count: number, random: () => number = Math.random): string {
  if (!colo) return relayName(Math.floor(random() * count) % count);
  let hash = 0x811c9dc5;
  for (let i = 0; i < colo.length; i++) hash = Math.imul(hash ^ colo.charCodeAt(i), 0x01000193) >>> 0;
  return relayName(hash % count);
}
