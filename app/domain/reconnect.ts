import { RECONNECT } from "./limits";

// docs/realtime.md#reconnecting stops on these close codes (going away, abnormal closure).
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

/** Where a page's socket stands between connections: attempts made since it last stayed open, and when it opened. */
export interface ReconnectState {
  attempt: number;
  openedAt: number | null;
}
export const INITIAL_RECONNECT: ReconnectState = { attempt: 0, openedAt: null };

export function socketOpened(state: ReconnectState, now: number): ReconnectState {
  return { ...state, openedAt: now };
}

/**
 * After a close: the next state and how long to wait before trying again, or null to stop. The attempts start again
 * only after a socket stayed open RECONNECT.stableMs; a server that accepts and closes at once still meets the
 * five attempts of docs/realtime.md#reconnecting, instead of a reconnect every 3 s forever.
 */
export function socketClosed(
  state: ReconnectState,
  closeCode: number,
  now: number,
  random: () => number = Math.random,
): { state: ReconnectState; delayMs: number | null } {
  const recovered = state.openedAt !== null && now - state.openedAt >= RECONNECT.stableMs;
  const attempt = recovered ? 0 : state.attempt;
  if (!shouldReconnect(closeCode, attempt)) return { state: { attempt, openedAt: null }, delayMs: null };
  return { state: { attempt: attempt + 1, openedAt: null }, delayMs: reconnectDelay(attempt, random) };
}
