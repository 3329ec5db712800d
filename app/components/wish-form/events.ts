/** Window events the home page's parts use to talk to each other without sharing state. */

/** Fired when a submitted wish's star reaches the bell: the bell glows, the pending sky plays its constellation. */
export const FIREWORKS_EVENT = "qb:fireworks";
export interface FireworksDetail {
  wishId: string;
}

/** Asks for one of the home page's dialogs; a listener that opens it calls preventDefault() on the event. */
export const OPEN_DIALOG_EVENT = "qb:open-dialog";
export type HomeDialog = "how-it-works" | "send-wish" | "mental-health";

/**
 * While a wish's encoding overlay plays, the page's data stays as it is: docs/product.md#submitting-a-wish refreshes stats, wishes and the wall
 * 1 s after the overlay completes, so a socket message meanwhile (the wish's own, most likely) must not refresh them
 * "at Step 1 of 3". The form marks the span; listeners that would reload the page's data ask first.
 */
let encodingWishes = 0;
export function markEncoding(active: boolean): void {
  encodingWishes = Math.max(0, encodingWishes + (active ? 1 : -1));
}
export function isEncoding(): boolean {
  return encodingWishes > 0;
}
