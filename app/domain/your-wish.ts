import type { PublicWish } from "./public-wish";
import { ringOf } from "./ring-batch";
import { WISH_STATUS, WISH_STATUSES } from "./statuses";

/** Where the visitor's own wish stands, for the card that follows it from the home page. */
export type YourWishState =
  | { kind: "waiting"; wish: PublicWish; ahead: number; ring: number; companions: number }
  | { kind: "rung"; wish: PublicWish; ringId: string }
  | { kind: "ringing"; wish: PublicWish };

/** Where the visitor's wish stands among the pending ones, oldest first, by the batch rule (`ringOf`). */
export function yourWishState(wish: PublicWish, pendingOldestFirst: readonly Pick<PublicWish, "id">[]): YourWishState {
  if (wish.status !== WISH_STATUS.pending) {
    return wish.bellRingId ? { kind: "rung", wish, ringId: wish.bellRingId } : { kind: "ringing", wish };
  }
  const index = pendingOldestFirst.findIndex((pending) => pending.id === wish.id);
  const ahead = index < 0 ? pendingOldestFirst.length : index;
  return { kind: "waiting", wish, ahead, ...ringOf(ahead, pendingOldestFirst.length) };
}

/** The wish in an answer of GET /api/wishes/{id}, or null for anything else (an error body, a changed shape). */
export function readPublicWish(json: unknown): PublicWish | null {
  if (typeof json !== "object" || json === null) return null;
  const wish = json as Record<string, unknown>;
  const text = (key: string) => typeof wish[key] === "string";
  const textOrNull = (key: string) => wish[key] === null || text(key);
  const valid =
    text("id") &&
    text("wish") &&
    (WISH_STATUSES as readonly unknown[]).includes(wish.status) &&
    textOrNull("bellRingId") &&
    textOrNull("country") &&
    textOrNull("countryCode");
  return valid ? (wish as unknown as PublicWish) : null;
}
