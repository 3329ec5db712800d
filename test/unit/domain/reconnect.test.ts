import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reconnectDelay, shouldReconnect } from "../../../app/domain/reconnect";

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
