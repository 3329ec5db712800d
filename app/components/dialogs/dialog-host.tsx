import { lazy, Suspense, useEffect, useState } from "react";
import { OPEN_DIALOG_EVENT } from "~/components/wish-form/events";
import { isDialogName, type DialogName } from "./dialog-names";

// Each dialog is its own chunk, fetched the first time a visitor asks for it.
const DIALOGS = {
  "how-it-works": lazy(() => import("./how-it-works-dialog")),
  "send-wish": lazy(() => import("./send-wish-dialog")),
  donation: lazy(() => import("./donation-dialog")),
  "mental-health": lazy(() => import("./charity-dialog")),
} satisfies Record<DialogName, unknown>;

/** Opens the dialog a `qb:open-dialog` window event names, one at a time. */
export function DialogHost() {
  const [open, setOpen] = useState<DialogName | null>(null);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const name = (event as CustomEvent<unknown>).detail;
      if (!isDialogName(name)) return;
      event.preventDefault();
      setOpen(name);
    };
    window.addEventListener(OPEN_DIALOG_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_DIALOG_EVENT, onOpen);
  }, []);

  if (!open) return null;
  const Dialog = DIALOGS[open];
  return (
    <Suspense fallback={null}>
      <Dialog key={open} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
