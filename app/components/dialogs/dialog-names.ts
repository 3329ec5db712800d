import { OPEN_DIALOG_EVENT } from "~/components/wish-form/events";

export const DIALOG_NAMES = ["how-it-works", "send-wish", "donation", "mental-health"] as const;
export type DialogName = (typeof DIALOG_NAMES)[number];

export function isDialogName(value: unknown): value is DialogName {
  return DIALOG_NAMES.some((name) => name === value);
}

/** Asks the DialogHost to open a dialog; any part of any page may call it. */
export function openDialog(name: DialogName): void {
  window.dispatchEvent(new CustomEvent(OPEN_DIALOG_EVENT, { detail: name, cancelable: true }));
}
