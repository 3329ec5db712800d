import { useCallback, useEffect, useRef } from "react";

/** Returns a stable function that runs `callback` once, `delayMs` after the last of a burst of calls. */
export function useDebouncedCallback(callback: () => void, delayMs: number): () => void {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), delayMs);
  }, [delayMs]);
}
