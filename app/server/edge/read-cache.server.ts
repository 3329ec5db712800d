/**
 * A short-lived memo of the public reads (stats, live activity, wall pages, pending wishes, credits) shared by every
 * request this isolate serves: under load most requests answer from memory instead of D1 (ADR 0009).
 *
 * - An entry is fresh for READ_TTL_MS. Once it is older, the first request to ask reads again while the others keep
 *   getting the older value until that read lands (at most REFRESH_GIVE_UP_MS, should the reading request die), so
 *   an expiring entry under load costs one read, not one per waiting request. A write made in another isolate (the
 *   BellRoom's rings, another instance) therefore shows within READ_TTL_MS plus one read.
 * - Every write in this isolate calls readsChanged(), which moves the generation: entries (and reads in flight)
 *   from before it are never served again, so whoever just wrote sees their write on their next read.
 * - Only settled values are kept, never a promise: a promise from one request must not be awaited by another
 *   (workerd cancels the continuation when the first request ends).
 */

export const READ_TTL_MS = 1_000;
/** A refresh taking longer than this is presumed lost (its request ended), and the next request reads again. */
export const REFRESH_GIVE_UP_MS = 5_000;
/** Wall pages are keyed by their filters; this bounds how many distinct views stay in memory. */
const MAX_ENTRIES = 256;

interface Entry {
  value: unknown;
  expires: number;
  generation: number;
  /** When a request began reading a newer value, while this one is still served. */
  refreshingSince?: number;
}

interface Store {
  generation: number;
  entries: Map<string, Entry>;
}

// One per isolate: the Worker has one copy of this module (ADR 0017, test/integration/worker-bundle.test.ts), and the
// store lives on the global object, so a runtime that also loads this module from source (the workerd test lanes,
// where test/setup/fresh-state.ts calls readsChanged() between files) still has one.
const STORE = Symbol.for("quantum-bell.read-cache");
const store: Store = ((globalThis as { [STORE]?: Store })[STORE] ??= { generation: 0, entries: new Map() });

export interface CachedReadOptions<T> {
  now?: number;
  /** Whether this value may be shared; by default every value is. */
  keep?: (value: T) => boolean;
}

/** The value read under `key` less than READ_TTL_MS ago and since the last write, else a fresh read, remembered. */
export async function cachedRead<T>(key: string, read: () => Promise<T>, { now = Date.now(), keep }: CachedReadOptions<T> = {}): Promise<T> {
  const hit = store.entries.get(key);
  if (hit && hit.generation === store.generation) {
    if (hit.expires > now) return hit.value as T;
    if (hit.refreshingSince !== undefined && now - hit.refreshingSince < REFRESH_GIVE_UP_MS) return hit.value as T;
    hit.refreshingSince = now;
  }
  const generation = store.generation;
  let value: T;
  try {
    value = await read();
  } catch (error) {
    if (hit) hit.refreshingSince = undefined;
    throw error;
  }
  // A write that landed while this read was in flight makes its result unfit to share.
  if (generation === store.generation && (!keep || keep(value))) {
    store.entries.delete(key);
    if (store.entries.size >= MAX_ENTRIES) evict(now);
    store.entries.set(key, { value, expires: now + READ_TTL_MS, generation });
  } else if (hit) {
    hit.refreshingSince = undefined;
  }
  return value;
}

function evict(now: number) {
  for (const [key, entry] of store.entries) {
    if (entry.expires <= now || entry.generation !== store.generation) store.entries.delete(key);
  }
  // Still full: drop the oldest (a Map iterates in insertion order).
  while (store.entries.size >= MAX_ENTRIES) store.entries.delete(store.entries.keys().next().value!);
}

/** Called after every write to wishes, resonances, counters or rings: nothing read before it is served again. */
export function readsChanged(): void {
  store.generation += 1;
  store.entries.clear();
}
