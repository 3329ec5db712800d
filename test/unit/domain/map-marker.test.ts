import { describe, expect, it } from "vitest";
import { badgeText, MARKER_COLOURS, markerColour, markerKind, markerRadius } from "../../../app/domain/map-marker";

describe("markerRadius", () => {
  it.each([
    [0, false, 8],
    [1, false, 9],
    [20, false, 28],
    [21, false, 28],
    [5000, false, 28],
    [-3, false, 8],
    [0, true, 12],
    [500, true, 12],
  ])("%d wishes, new %s → %d", (count, isNew, radius) => {
    expect(markerRadius(count, isNew)).toBe(radius);
  });
});

describe("markerKind and markerColour", () => {
  it("lets new win over pending and entangled", () => {
    expect(markerKind({ isNew: true, pendingCount: 3, hasEntangled: true })).toBe("new");
  });

  it("shows pending before entangled", () => {
    expect(markerKind({ isNew: false, pendingCount: 1, hasEntangled: true })).toBe("pending");
  });

  it("turns blue once every wish is entangled", () => {
    expect(markerKind({ isNew: false, pendingCount: 0, hasEntangled: true })).toBe("entangled");
  });

  it("keeps wishes still in flight yellow", () => {
    expect(markerKind({ isNew: false, pendingCount: 0, hasEntangled: false })).toBe("pending");
  });

  it("maps kinds to distinct colours", () => {
    expect(markerColour({ isNew: true, pendingCount: 0, hasEntangled: false })).toBe(MARKER_COLOURS.new);
    expect(new Set(Object.values(MARKER_COLOURS)).size).toBe(3);
  });
});

describe("badgeText", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [99, "99"],
    [100, "99+"],
    [12345, "99+"],
  ])("%d → %s", (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});
