import { english } from "../../support/english";
import { describe, expect, it } from "vitest";
import { badgeText, clusterDiameter, MARKER_COLOURS, markerColour, markerKind, markerRadius, type MarkerState, summariseCluster } from "../../../app/domain/map-marker";
import { mapClusterLabel } from "../../../app/domain/messages";

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

describe("map clusters", () => {
  const member = (country: string, wishCount: number, state: Partial<MarkerState> = {}) => ({
    country,
    wishCount,
    isNew: false,
    pendingCount: 0,
    hasEntangled: true,
    ...state,
  });

  it("adds up the wishes and lists the busiest countries first", () => {
    const summary = summariseCluster([member("France", 3), member("Germany", 12), member("Belgium", 3)]);
    expect(summary).toMatchObject({ countries: 3, wishes: 18, names: ["Germany", "Belgium", "France"], kind: "entangled" });
  });

  it("takes gold from a country with a new wish, else yellow from one with a wish waiting", () => {
    expect(summariseCluster([member("France", 3), member("Spain", 1, { isNew: true })]).kind).toBe("new");
    expect(summariseCluster([member("France", 3), member("Spain", 1, { pendingCount: 1 })]).kind).toBe("pending");
  });

  it("is a tap target of at least 24 px and grows slowly", () => {
    expect(clusterDiameter(2)).toBe(36);
    expect(clusterDiameter(4)).toBe(44);
    expect(clusterDiameter(40)).toBe(56);
    expect(clusterDiameter(1)).toBeGreaterThanOrEqual(24);
  });

  it("names at most three countries in its label", () => {
    expect(mapClusterLabel(english, ["Germany", "France"], 5)).toBe("Germany and France: 5 wishes. Zoom in to see each country.");
    expect(mapClusterLabel(english, ["Germany", "France", "Spain", "Italy", "Austria"], 9)).toBe(
      "Germany, France, Spain and 2 more countries: 9 wishes. Zoom in to see each country.",
    );
  });
});
