import { RING_BATCH_SIZE } from "./limits";
import type { PublicWish } from "./public-wish";
import { WISH_STATUS } from "./statuses";

/** A wish that waits for a ring (pending and not hidden), as the batch rule needs it. */
export interface BatchCandidate {
  id: string;
  /** When it was written, in milliseconds. */
  createdAt: number;
  /** Written by the device that rings (same device hash). */
  ringers?: boolean;
}

/** Oldest first, then by id: the order the claim's SQL sorts by (`ORDER BY created_at, id`) and qubits follow. */
export function oldestFirst(a: BatchCandidate, b: BatchCandidate): number {
  if (a.createdAt === b.createdAt) return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return a.createdAt - b.createdAt;
}

/**
 * The batch rule (docs/product.md#ringing, ADR 0033), written once: which waiting wishes one ring takes, oldest
 * first. Of the wishes the ring asks for, one the ringer wrote itself goes in, the one with the smallest id (ids are
 * time-ordered); the rest of the RING_BATCH_SIZE places are always the oldest other waiting wishes. With no own wish
 * asked for, it is the oldest RING_BATCH_SIZE. The BellRoom's claim (`claimRing`, app/server/rings/claim.server.ts) applies
 * this rule in SQL, and test/integration/ring-batch-sql.test.ts checks that the two choose alike (ADR 0066).
 */
export function ringBatch(waiting: readonly BatchCandidate[], requestedIds: readonly string[] = []): string[] {
  const requested = new Set(requestedIds);
  const own = waiting
    .filter((wish) => wish.ringers && requested.has(wish.id))
    .reduce<BatchCandidate | null>((min, wish) => (min === null || wish.id < min.id ? wish : min), null);
  const others = waiting
    .filter((wish) => wish.id !== own?.id)
    .sort(oldestFirst)
    .slice(0, RING_BATCH_SIZE - (own ? 1 : 0));
  return (own ? [own, ...others] : others).sort(oldestFirst).map((wish) => wish.id);
}

/** How many wishes the next ring takes of `waiting` ones, and how many wait after it. */
export function nextRing(waiting: number): { takes: number; left: number } {
  const count = Math.max(0, waiting);
  const takes = Math.min(count, RING_BATCH_SIZE);
  return { takes, left: count - takes };
}

/**
 * Where a waiting wish stands when rings take the oldest first (no ringer's own wish going ahead): with `ahead` older
 * waiting wishes of `waiting` in all, the ring (1 = the next) that takes it and how many others that ring takes.
 */
export function ringOf(ahead: number, waiting: number): { ring: number; companions: number } {
  const ring = Math.floor(ahead / RING_BATCH_SIZE) + 1;
  const batchStart = (ring - 1) * RING_BATCH_SIZE;
  const inBatch = Math.min(RING_BATCH_SIZE, Math.max(waiting, ahead + 1) - batchStart);
  return { ring, companions: inBatch - 1 };
}

type Pending = Pick<PublicWish, "id" | "timestamp" | "status">;

/**
 * The wishes the page asks a ring for (docs/product.md#ringing): the rule over the pending wishes it shows, with the
 * ringer's own wish when it still waits. The claim applies the rule again, to whatever still waits when the ring
 * lands, so no client can pick a batch against it.
 */
export function ringWishIds(pending: readonly Pending[], ownWishId: string | null = null): string[] {
  return ringBatch(
    pending
      .filter((wish) => wish.status === WISH_STATUS.pending)
      .map((wish) => ({ id: wish.id, createdAt: Date.parse(wish.timestamp), ringers: wish.id === ownWishId })),
    ownWishId === null ? [] : [ownWishId],
  );
}

/** Whose wishes the next ring takes, as the bell card says it before the press. */
export interface RingPreview {
  /** The ringer's own wish waits and goes in. */
  yours: boolean;
  /** The oldest other waiting wishes that ring with it. */
  others: number;
}

export function ringPreview(pending: readonly Pending[], ownWishId: string | null): RingPreview | null {
  const ids = ringWishIds(pending, ownWishId);
  if (ids.length === 0) return null;
  const yours = ownWishId !== null && ids.includes(ownWishId);
  return { yours, others: ids.length - (yours ? 1 : 0) };
}
