/** The keys this site keeps in localStorage besides the device fingerprint (app/domain/fingerprint.ts). */
export const LAST_WISH_ID_STORAGE_KEY = "quantum-bell.last-wish-id";
export const RESONATED_STORAGE_KEY = "quantum-bell.resonated";
/** Rings this device already rang or was sent to (app/components/bell/bell-ringer.tsx). */
export const KNOWN_RINGS_STORAGE_KEY = "quantum-bell.known-rings";
/** The last wish whose card the visitor closed, so it stays closed; a new wish brings the card back. */
export const YOUR_WISH_HIDDEN_STORAGE_KEY = "quantum-bell.your-wish-hidden";
/** The wish this browser last asked to be told about by Web Push, so the card says so instead of asking again. */
export const PUSH_WISH_STORAGE_KEY = "quantum-bell.push-wish";

// Storage can be disabled or full (private windows, strict settings); the page then keeps values for its own
// lifetime so the visitor still sees a consistent state until they leave.
const memory = new Map<string, string>();

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

/** Fired on window when this page writes a key (the browser's own "storage" event only reaches other tabs). */
export const STORAGE_WRITTEN_EVENT = "quantum-bell:storage-written";

export function writeStorage(key: string, value: string): void {
  memory.set(key, value);
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Kept in memory only; see above.
  }
  window.dispatchEvent(new CustomEvent(STORAGE_WRITTEN_EVENT, { detail: key }));
}
