import type { PublicWish } from "./public-wish";
import { ringOf } from "./ring-batch";
import { WISH_STATUS } from "./statuses";

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
