/** Window events the home page's parts use to talk to each other without sharing state. */

/** Fired when a submitted wish's star reaches the bell: the bell glows, the pending sky plays its constellation. */
export const FIREWORKS_EVENT = "qb:fireworks";
export interface FireworksDetail {
  wishId: string;
}

/** Asks for one of the home page's dialogs; a listener that opens it calls preventDefault() on the event. */
export const OPEN_DIALOG_EVENT = "qb:open-dialog";
export type HomeDialog = "how-it-works" | "send-wish" | "mental-health";
