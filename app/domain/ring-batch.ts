import { RING_BATCH_SIZE } from "./limits";
import type { PublicWish } from "./public-wish";
import { WISH_STATUS } from "./statuses";

/**
 * Which wishes one ring takes (spec §4): pending ones only, oldest first (then by id), at most RING_BATCH_SIZE.
 * The page asks for these; the BellRoom's claim (app/server/rings.server.ts) applies the rule in SQL to whatever is
 * still pending when the ring lands, and fairly (issue 31): of the wishes asked for, only one the ringer wrote itself
 * goes first; the rest of the batch is always the oldest others, so no ring serves its ringer alone while others wait.
 */
export function ringWishIds(pending: readonly Pick<PublicWish, "id" | "timestamp" | "status">[]): string[] {
  return pending
    .filter((wish) => wish.status === WISH_STATUS.pending)
    .map((wish) => ({ id: wish.id, at: Date.parse(wish.timestamp) }))
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.at - b.at))
    .slice(0, RING_BATCH_SIZE)
    .map((wish) => wish.id);
}
