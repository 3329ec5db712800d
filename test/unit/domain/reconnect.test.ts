import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INITIAL_RECONNECT, reconnectDelay, type ReconnectState, shouldReconnect, socketClosed, socketOpened } from "../../../app/domain/reconnect";

const middle = () => 0.5;

describe("reconnectDelay", () => {
  it("doubles from 3 s without jitter in the middle", () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, middle))).toEqual([3000, 6000, 12000, 24000]);
  });

  it("is capped at 30 s", () => {
    expect(reconnectDelay(4, middle)).toBe(30000);
    expect(reconnectDelay(40, middle)).toBe(30000);
    expect(reconnectDelay(4, () => 0.999)).toBe(30000);
  });

  it("spreads by 20 % either way", () => {
    expect(reconnectDelay(0, () => 0)).toBe(2400);
    expect(reconnectDelay(0, () => 0.9999999)).toBe(3600);
    expect(reconnectDelay(4, () => 0)).toBe(24000);
  });

  it("treats a negative attempt as the first", () => {
    expect(reconnectDelay(-2, middle)).toBe(3000);
  });

  it("stays within the jitter bounds and under the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, roll) => {
        const base = Math.min(30000, 3000 * 2 ** attempt);
        const delay = reconnectDelay(attempt, () => roll);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.min(30000, Math.ceil(base * 1.2)));
      }),
    );
  });
});

describe("shouldReconnect", () => {
  it("retries normal closes up to five attempts", () => {
    expect(shouldReconnect(1000, 0)).toBe(true);
    expect(shouldReconnect(1011, 4)).toBe(true);
    expect(shouldReconnect(1000, 5)).toBe(false);
    expect(shouldReconnect(1000, 9)).toBe(false);
  });

  it("stops on 1001 and 1006 as the spec says", () => {
    expect(shouldReconnect(1001, 0)).toBe(false);
    expect(shouldReconnect(1006, 0)).toBe(false);
  });
});

describe("socketClosed: attempts counted until a socket stays open", () => {
  /** A server that accepts every socket and closes it `openFor` ms later; returns the delays until the page stops. */
  function run(openFor: number, limit = 50): (number | null)[] {
    let state: ReconnectState = INITIAL_RECONNECT;
    let now = 0;
    const delays: (number | null)[] = [];
    for (let i = 0; i < limit; i++) {
      state = socketOpened(state, now);
      now += openFor;
      const next = socketClosed(state, 1011, now, middle);
      delays.push(next.delayMs);
      state = next.state;
      if (next.delayMs === null) break;
      now += next.delayMs;
    }
    return delays;
  }

  it("stops after five attempts when the server accepts and closes at once", () => {
    expect(run(200)).toEqual([3000, 6000, 12000, 24000, 30000, null]);
  });

  it("starts counting again after a socket stayed open for a while", () => {
    expect(run(60_000, 8)).toEqual(Array(8).fill(3000));
  });

  it("stops at once on 1001 and 1006", () => {
    for (const code of [1001, 1006]) expect(socketClosed(socketOpened(INITIAL_RECONNECT, 0), code, 60_000).delayMs).toBeNull();
  });
});
