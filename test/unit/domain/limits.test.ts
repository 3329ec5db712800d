import { describe, expect, it } from "vitest";
import * as limits from "../../../app/domain/limits";

describe("limits", () => {
  it("orders limits that depend on each other", () => {
    expect(limits.WISH_COUNTER_WARNING).toBeLessThan(limits.WISH_MAX_LENGTH);
    expect(limits.WISH_MIN_LENGTH).toBeLessThan(limits.WISH_COUNTER_WARNING);
    expect(limits.WALL_DEFAULT_PAGE_SIZE).toBeLessThanOrEqual(limits.WALL_MAX_PAGE_SIZE);
    expect(limits.FINGERPRINT_MIN_LENGTH).toBeLessThan(limits.FINGERPRINT_MAX_LENGTH);
    expect(limits.MAP.minZoom).toBeLessThanOrEqual(limits.MAP.zoom);
    expect(limits.MAP.zoom).toBeLessThanOrEqual(limits.MAP.maxZoom);
  });
});

describe("the bell's cooldown", () => {
  it("counts what is left of it from the last ring, and nothing before the first ring or once it has run", () => {
    expect(limits.cooldownLeftMs(null, 20, 1_000_000)).toBe(0);
    expect(limits.cooldownLeftMs(1_000_000, 20, 1_005_500)).toBe(14_500);
    expect(limits.cooldownLeftMs(1_000_000, 20, 1_020_000)).toBe(0);
    expect(limits.cooldownLeftMs(1_000_000, 20, 1_090_000)).toBe(0);
  });
});
