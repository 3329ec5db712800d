import { useSyncExternalStore } from "react";
import { breakpoints } from "~/styles/theme.css";

function query(): MediaQueryList {
  return window.matchMedia(breakpoints.reducedMotion);
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** Read at the moment an animation would start, outside React. */
export function prefersReducedMotion(): boolean {
  return typeof window === "undefined" || query().matches;
}

/** Whether the visitor asked for less motion; the server render assumes they did, so nothing moves before we know. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => query().matches, () => true);
}
