import { Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { OPEN_DIALOG_EVENT } from "~/components/wish-form/events";
import { isDialogName, type DialogName } from "./dialog-names";

type DialogComponent = ComponentType<{ onClose: () => void }>;

// Each dialog is its own chunk, fetched the first time a visitor asks for it.
const LOADERS = {
  "how-it-works": () => import("./how-it-works-dialog"),
  "send-wish": () => import("./send-wish-dialog"),
  donation: () => import("./donation-dialog"),
  "mental-health": () => import("./charity-dialog"),
} satisfies Record<DialogName, () => Promise<{ default: DialogComponent }>>;

const loaded = new Map<DialogName, DialogComponent>();

/**
 * Opens the dialog a `qb:open-dialog` window event names, one at a time. Its chunk is loaded before it is rendered,
 * not through React.lazy under a Suspense boundary: React holds back what a boundary reveals after a fallback by up
 * to 300 ms, so the dialog came 300–800 ms after the click though its chunk arrived in 25 (ADR 0087).
 */
export function DialogHost() {
  const [open, setOpen] = useState<{ name: DialogName; Dialog: DialogComponent } | null>(null);
  // The last dialog asked for wins when two chunks are on their way.
  const asked = useRef<DialogName | null>(null);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const name = (event as CustomEvent<unknown>).detail;
      if (!isDialogName(name)) return;
      event.preventDefault();
      asked.current = name;
      const ready = loaded.get(name);
      if (ready) {
        setOpen({ name, Dialog: ready });
        return;
      }
      LOADERS[name]().then(
        (module) => {
          loaded.set(name, module.default);
          if (asked.current === name) setOpen({ name, Dialog: module.default });
        },
        // A chunk that cannot be fetched (offline, a deploy replaced it) leaves the page as it was, not replaced by the
        // error page as a failed lazy component would.
        () => undefined,
      );
    };
    window.addEventListener(OPEN_DIALOG_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_DIALOG_EVENT, onOpen);
  }, []);

  if (!open) return null;
  // Nothing in a dialog suspends today; the boundary keeps one that someday does from suspending the whole page.
  return (
    <Suspense fallback={null}>
      <open.Dialog
        key={open.name}
        onClose={() => {
          asked.current = null;
          setOpen(null);
        }}
      />
    </Suspense>
  );
}
