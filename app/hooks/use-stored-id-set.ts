import { useCallback, useSyncExternalStore } from "react";
import { readStorage, writeStorage } from "./storage";

// Enough for years of resonating; the oldest ids fall off so the stored list never grows without bound.
const MAX_IDS = 1000;
const EMPTY: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; ids: ReadonlySet<string> }>();

function parse(raw: string | null): ReadonlySet<string> {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? new Set(value.filter((id): id is string => typeof id === "string")) : EMPTY;
  } catch {
    return EMPTY;
  }
}

// useSyncExternalStore needs the same object back while nothing changed, so each parse is cached by its raw text.
function snapshot(key: string): ReadonlySet<string> {
  const raw = readStorage(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.ids;
  const ids = parse(raw);
  snapshots.set(key, { raw, ids });
  return ids;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab changing the set updates this one too.
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

/**
 * A set of ids kept in localStorage under `key`, shared by every component that reads it. The server render and
 * hydration see an empty set; the stored ids arrive right after, so the markup never mismatches.
 */
export function useStoredIdSet(key: string): [ReadonlySet<string>, (id: string) => void] {
  const ids = useSyncExternalStore(
    subscribe,
    () => snapshot(key),
    () => EMPTY,
  );
  const add = useCallback(
    (id: string) => {
      const next = [...snapshot(key)].filter((existing) => existing !== id);
      next.push(id);
      writeStorage(key, JSON.stringify(next.slice(-MAX_IDS)));
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [ids, add];
}
