// The moment the shared cooldown ends (ADR 0101): presses that arrive within a short window after it are drawn
// together, so a script pressing at the exact millisecond has no edge over a person pressing a second later.
import { cooldownLeftMs, HOUR_MS } from "./limits";

/** Presses arriving this long after the shared cooldown ends compete in one draw. */
export const RING_DRAW_WINDOW_MS = 2_000;

/** The draw window for a cooldown: 2 s, or half of a shorter cooldown (test servers ring every 2 s). */
export function drawWindowMs(cooldownSeconds: number): number {
  return Math.max(0, Math.min(RING_DRAW_WINDOW_MS, cooldownSeconds * 500));
}

/** Where the bell stands for a press arriving at `now`: still cooling, inside the draw window, or free to ring. */
export type BellMoment = { kind: "cooling"; waitMs: number } | { kind: "drawing"; closesAt: number } | { kind: "free" };

export function bellMoment(lastRingAt: number | null, cooldownSeconds: number, now: number): BellMoment {
  if (lastRingAt === null || lastRingAt <= 0) return { kind: "free" };
  const endsAt = lastRingAt + cooldownSeconds * 1000;
  if (now < endsAt) return { kind: "cooling", waitMs: endsAt - now };
  const closesAt = endsAt + drawWindowMs(cooldownSeconds);
  return now < closesAt ? { kind: "drawing", closesAt } : { kind: "free" };
}

/**
 * The `retryAfter` of a press refused in the cooldown, counted from `answeredAt`, when the refusal leaves. A press
 * is placed by its arrival, but one that arrived while the bell was free and waited behind the ring that took it
 * must not be told to wait longer than the cooldown: 1 to `cooldownSeconds` whole seconds.
 */
export function cooldownRetrySeconds(lastRingAt: number, cooldownSeconds: number, answeredAt: number): number {
  return Math.min(cooldownSeconds, Math.max(1, Math.ceil(cooldownLeftMs(lastRingAt, cooldownSeconds, answeredAt) / 1000)));
}

/**
 * A network whose last ring is this old ranks with one that never rang: the hour over which a network's rings are
 * counted (RING_NETWORK_RINGS_PER_HOUR), and all the claim reads.
 */
export const RESTED_AFTER_MS = HOUR_MS;

/** How long a network has waited since its last ring, capped at RESTED_AFTER_MS (never rung: rested). */
export function restedFor(lastRingAt: number | undefined, now: number): number {
  return lastRingAt === undefined ? RESTED_AFTER_MS : Math.min(RESTED_AFTER_MS, Math.max(0, now - lastRingAt));
}

/**
 * The order in which a window's presses are tried: one ticket per network, the network that has waited longest
 * since its last ring first, networks that waited equally (every network rested an hour or more) in a random
 * order; inside a network, its presses in a random order. A press without a network is a network of its own. The
 * first press in the order whose ring the claim accepts rings; a network however many presses it sends has one place.
 */
export function drawOrder<T>(
  presses: readonly T[],
  networkOf: (press: T) => string | null | undefined,
  lastRingAt: ReadonlyMap<string, number>,
  now: number,
  random: () => number = Math.random,
): T[] {
  const groups = new Map<string, { rested: number; tie: number; presses: { press: T; tie: number }[] }>();
  presses.forEach((press, index) => {
    const network = networkOf(press);
    const key = network ? `n:${network}` : `p:${index}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { rested: restedFor(network ? lastRingAt.get(network) : undefined, now), tie: random(), presses: [] }));
    group.presses.push({ press, tie: random() });
  });
  return [...groups.values()]
    .sort((a, b) => b.rested - a.rested || a.tie - b.tie)
    .flatMap((group) => group.presses.sort((a, b) => a.tie - b.tie).map(({ press }) => press));
}
