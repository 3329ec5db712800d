import { useSyncExternalStore } from "react";
import { readStorage, STORAGE_WRITTEN_EVENT } from "./storage";

function subscribe(onChange: () => void): () => void {
  window.addEventListener(STORAGE_WRITTEN_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(STORAGE_WRITTEN_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** One stored value, kept current as this tab or another writes it; null on the server and during hydration. */
export function useStoredString(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStorage(key),
    () => null,
  );
}
