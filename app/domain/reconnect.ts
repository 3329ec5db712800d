import { RECONNECT } from "./limits";

// The spec stops reconnecting on these close codes (going away, abnormal closure).
export const NON_RECONNECTING_CLOSE_CODES: readonly number[] = [1001, 1006];

// Exponential backoff with ±20 % jitter so that a thousand sockets dropped
// together do not all come back in the same instant.
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.floor(attempt));
  const base = Math.min(RECONNECT.capMs, RECONNECT.baseMs * 2 ** exponent);
  const jitter = (random() * 2 - 1) * RECONNECT.jitterRatio;
  return Math.round(Math.min(RECONNECT.capMs, base * (1 + jitter)));
}

export function shouldReconnect(closeCode: number, attempt: number): boolean {
  return !NON_RECONNECTING_CLOSE_CODES.includes(closeCode) && attempt < RECONNECT.attempts;
}
