import { describe, expect, it } from "vitest";
import { bellMoment, cooldownRetrySeconds, drawOrder, drawWindowMs, RESTED_AFTER_MS, RING_DRAW_WINDOW_MS } from "../../../app/domain/fair-bell";
import { RING_COOLDOWN_SECONDS } from "../../../app/domain/limits";

/** A small seeded generator (mulberry32), so the shares below are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Press {
  id: string;
  network: string | null;
}

const NOW = 1_800_000_000_000;
const networkOf = (press: Press) => press.network;

describe("bellMoment", () => {
  const cooldown = RING_COOLDOWN_SECONDS;
  const rang = NOW - cooldown * 1000;

  it("is cooling before the cooldown ends, drawing for the window after it, then free", () => {
    expect(bellMoment(rang, cooldown, NOW - 300)).toEqual({ kind: "cooling", waitMs: 300 });
    expect(bellMoment(rang, cooldown, NOW)).toEqual({ kind: "drawing", closesAt: NOW + RING_DRAW_WINDOW_MS });
    expect(bellMoment(rang, cooldown, NOW + RING_DRAW_WINDOW_MS - 1)).toEqual({ kind: "drawing", closesAt: NOW + RING_DRAW_WINDOW_MS });
    expect(bellMoment(rang, cooldown, NOW + RING_DRAW_WINDOW_MS)).toEqual({ kind: "free" });
    expect(bellMoment(null, cooldown, NOW)).toEqual({ kind: "free" });
  });

  it("keeps the spec's 20 s cooldown and a 2 s window; a shorter cooldown gets half its length", () => {
    expect(drawWindowMs(20)).toBe(2_000);
    expect(drawWindowMs(2)).toBe(1_000);
  });
});

describe("cooldownRetrySeconds", () => {
  const cooldown = RING_COOLDOWN_SECONDS;

  it("counts the wait from the answer, whole seconds up, never more than the cooldown nor less than one", () => {
    expect(cooldownRetrySeconds(NOW, cooldown, NOW)).toBe(cooldown);
    expect(cooldownRetrySeconds(NOW, cooldown, NOW + 1)).toBe(cooldown);
    expect(cooldownRetrySeconds(NOW, cooldown, NOW + 5_500)).toBe(cooldown - 5);
    // Placed by its arrival the press was cooling, but by its answer the cooldown has run out: try again in a second.
    expect(cooldownRetrySeconds(NOW, cooldown, NOW + cooldown * 1000 + 300)).toBe(1);
  });

  it("tells a press that arrived before the ring that took the bell no more than the cooldown", () => {
    // A press that arrived 40 ms before the ring, answered after it: measured from its arrival it would read 21 s.
    const arrived = NOW - 40;
    expect(bellMoment(NOW, cooldown, arrived)).toEqual({ kind: "cooling", waitMs: cooldown * 1000 + 40 });
    expect(cooldownRetrySeconds(NOW, cooldown, NOW + 3)).toBe(cooldown);
  });
});

describe("drawOrder", () => {
  const scripts = (count: number, rangAgoMs: number | null) => {
    const presses: Press[] = [];
    const last = new Map<string, number>();
    for (let i = 0; i < count; i += 1) {
      presses.push({ id: `script-${i}`, network: `script-net-${i}` });
      if (rangAgoMs !== null) last.set(`script-net-${i}`, NOW - rangAgoMs - i * 20_000);
    }
    return { presses, last };
  };

  it("puts a network that has not rung for an hour ahead of every network that rang since, whatever the dice say", () => {
    const { presses, last } = scripts(30, 3 * 60_000);
    const visitor = { id: "visitor", network: "visitor-net" };
    for (let seed = 1; seed <= 50; seed += 1) {
      // The visitor pressed last (a second after the scripts) and is still tried first.
      expect(drawOrder([...presses, visitor], networkOf, last, NOW, seeded(seed))[0]).toBe(visitor);
    }
  });

  it("orders networks by how long they have waited, and an hour or more counts as rested", () => {
    const last = new Map([
      ["a", NOW - 5 * 60_000],
      ["b", NOW - 30 * 60_000],
      ["c", NOW - 10 * 60_000],
    ]);
    const order = drawOrder(["a", "b", "c"].map((network) => ({ id: network, network })), networkOf, last, NOW, seeded(3));
    expect(order.map((press) => press.id)).toEqual(["b", "c", "a"]);
    // Rang two hours ago or never: the same rank, decided by the draw.
    const firsts = new Set<string>();
    const rested = new Map([["old", NOW - 2 * RESTED_AFTER_MS]]);
    for (let seed = 1; seed <= 40; seed += 1) {
      firsts.add(drawOrder([{ id: "old", network: "old" }, { id: "never", network: "never" }], networkOf, rested, NOW, seeded(seed))[0]!.id);
    }
    expect(firsts).toEqual(new Set(["old", "never"]));
  });

  it("gives a visitor among equally rested scripted networks an equal share, however many presses each sends", () => {
    const draws = 3_000;
    const random = seeded(46);
    for (const count of [3, 6, 30]) {
      const presses: Press[] = [];
      // Each scripted network presses five times in the window: it still holds one ticket.
      for (let i = 0; i < count; i += 1) for (let copy = 0; copy < 5; copy += 1) presses.push({ id: `s${i}-${copy}`, network: `s${i}` });
      let visitorFirst = 0;
      for (let draw = 0; draw < draws; draw += 1) {
        const order = drawOrder([...presses, { id: "visitor", network: "v" }], networkOf, new Map(), NOW, random);
        if (order[0]!.id === "visitor") visitorFirst += 1;
      }
      const share = 1 / (count + 1);
      expect(visitorFirst / draws).toBeGreaterThan(share * 0.7);
      expect(visitorFirst / draws).toBeLessThan(share * 1.3);
    }
  });

  it("keeps every press exactly once, a network's presses together, and a press without a network as its own", () => {
    const presses: Press[] = [
      { id: "a1", network: "a" },
      { id: "x", network: null },
      { id: "a2", network: "a" },
      { id: "y", network: null },
      { id: "b1", network: "b" },
    ];
    const order = drawOrder(presses, networkOf, new Map(), NOW, seeded(9));
    expect([...order].sort((p, q) => p.id.localeCompare(q.id))).toEqual([...presses].sort((p, q) => p.id.localeCompare(q.id)));
    const a = order.map((press) => press.network).indexOf("a");
    expect(order[a + 1]!.network).toBe("a");
  });
});
