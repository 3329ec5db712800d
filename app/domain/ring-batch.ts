import { RING_BATCH_SIZE } from "./limits";
import type { PublicWish } from "./public-wish";
import { WISH_STATUS } from "./statuses";

type Pending = Pick<PublicWish, "id" | "timestamp" | "status">;

function oldestFirst(pending: readonly Pending[]): string[] {
  return pending
    .filter((wish) => wish.status === WISH_STATUS.pending)
    .map((wish) => ({ id: wish.id, at: Date.parse(wish.timestamp) }))
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.at - b.at))
    .map((wish) => wish.id);
}

/**
 * Which wishes one ring takes (spec §4, issue 35): the ringer's own wish when it still waits, then the oldest other
 * pending wishes (then by id), at most RING_BATCH_SIZE in all. The page asks for these; the BellRoom's claim
 * (app/server/rings.server.ts, ADR 0033) applies the same rule in SQL to whatever is still pending when the ring
 * lands, so no client can pick a batch against it.
 */
export function ringWishIds(pending: readonly Pending[], ownWishId: string | null = null): string[] {
  const waiting = oldestFirst(pending);
  const own = ownWishId !== null && waiting.includes(ownWishId) ? ownWishId : null;
  const others = waiting.filter((id) => id !== own);
  return own ? [own, ...others.slice(0, RING_BATCH_SIZE - 1)] : others.slice(0, RING_BATCH_SIZE);
}

/** Whose wishes the next ring takes, as the bell card says it before the press. */
export interface RingPreview {
  /** The ringer's own wish waits and goes first. */
  yours: boolean;
  /** The oldest other waiting wishes that ring with it. */
  others: number;
}

export function ringPreview(pending: readonly Pending[], ownWishId: string | null): RingPreview | null {
  const ids = ringWishIds(pending, ownWishId);
  if (ids.length === 0) return null;
  const yours = ownWishId !== null && ids[0] === ownWishId;
  return { yours, others: ids.length - (yours ? 1 : 0) };
}
