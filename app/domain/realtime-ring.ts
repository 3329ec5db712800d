import type { RoomMessage } from "./room-messages";

/**
 * What a page does when the room says the bell rang (ADR 0023). docs/product.md#what-happens-step-by-step sends every open page to the ring after 3 s;
 * sending everyone away whenever anyone rings would be hostile, so only a visitor whose latest wish is in that ring
 * is taken there (the fellow-dreamer case). Every other page offers a link for the length of a toast. Nothing happens
 * on the page that rang (it has its own sequence) or on the ring's own page.
 */
export type RingNotice = { kind: "follow"; ringId: string } | { kind: "notice"; ringId: string; wishes: number };

export function ringNotice(
  message: RoomMessage,
  context: { lastWishId: string | null; ringingHere: boolean; pathname: string; seen: ReadonlySet<string> },
): RingNotice | null {
  if (message.type !== "bell-rung" || context.ringingHere || context.seen.has(message.ringId)) return null;
  if (context.pathname === `/bell/${encodeURIComponent(message.ringId)}` || message.wishIds.length === 0) return null;
  if (context.lastWishId && message.wishIds.includes(context.lastWishId)) return { kind: "follow", ringId: message.ringId };
  return { kind: "notice", ringId: message.ringId, wishes: message.wishIds.length };
}
