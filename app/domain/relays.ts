/**
 * Sockets are spread over relay Durable Objects (docs/scale.md, docs/realtime.md#pages-follow-the-socket): the BellRoom publishes each message once
 * per relay and each relay sends it to its own sockets. These are the rules for how many relays there are and which
 * one a visitor's socket joins.
 */

/** RELAY_COUNT's default and bound (app/server/edge/settings.server.ts). */
export const DEFAULT_RELAYS = 2;
export const MAX_RELAYS = 64;

export const relayName = (index: number) => `relay-${index}`;

export function relayNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => relayName(index));
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
