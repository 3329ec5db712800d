/** The keys this site keeps in localStorage besides the device fingerprint (app/domain/fingerprint.ts). */
export const LAST_WISH_ID_STORAGE_KEY = "quantum-bell.last-wish-id";
export const RESONATED_STORAGE_KEY = "quantum-bell.resonated";

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

export function writeStorage(key: string, value: string): void {
  memory.set(key, value);
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Kept in memory only; see above.
  }
}
