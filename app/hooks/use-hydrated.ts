import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during the server render and the hydration pass, true afterwards. Controls that need JavaScript to work
 * are shown (or enabled) only once it is true, so a visitor without JavaScript never meets a dead button.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
