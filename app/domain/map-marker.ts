import { MAP } from "./limits";

export type MarkerKind = "new" | "pending" | "entangled";

export const MARKER_COLOURS: Record<MarkerKind, string> = {
  new: "#ffb300",
  pending: "#fdd835",
  entangled: "#1e88e5",
};

export function markerRadius(wishCount: number, isNew: boolean): number {
  if (isNew) return MAP.markerNewRadius;
  return MAP.markerBaseRadius + Math.min(Math.max(0, wishCount), MAP.markerMaxExtraRadius);
}

export interface MarkerState {
  isNew: boolean;
  pendingCount: number;
  hasEntangled: boolean;
}

// A new country outshines everything; any wish still waiting keeps the circle
// yellow; only a country whose wishes have all been rung turns blue. A country
// with neither pending nor entangled wishes has them in flight, so it stays yellow.
export function markerKind({ isNew, pendingCount, hasEntangled }: MarkerState): MarkerKind {
  if (isNew) return "new";
  if (pendingCount > 0 || !hasEntangled) return "pending";
  return "entangled";
}

export function markerColour(state: MarkerState): string {
  return MARKER_COLOURS[markerKind(state)];
}

export function badgeText(count: number): string {
  return count > MAP.badgeMax ? `${MAP.badgeMax}+` : String(count);
}

export interface ClusterMember extends MarkerState {
  country: string;
  wishCount: number;
}

export interface ClusterSummary {
  kind: MarkerKind;
  countries: number;
  wishes: number;
  /** The countries with the most wishes first, for the cluster's accessible name. */
  names: string[];
}

/**
 * A group of neighbouring countries drawn as one marker until the visitor zooms in. It takes the colour that matters
 * most among them: gold while one has a wish that just arrived (perhaps the visitor's own), yellow while any wish
 * waits, blue once all are rung.
 */
export function summariseCluster(members: readonly ClusterMember[]): ClusterSummary {
  const kinds = new Set(members.map(markerKind));
  const kind: MarkerKind = kinds.has("new") ? "new" : kinds.has("pending") ? "pending" : "entangled";
  const sorted = [...members].sort((a, b) => b.wishCount - a.wishCount || a.country.localeCompare(b.country, "en"));
  return {
    kind,
    countries: members.length,
    wishes: members.reduce((sum, member) => sum + Math.max(0, member.wishCount), 0),
    names: sorted.map((member) => member.country),
  };
}

/** A cluster's size in pixels: large enough to read as a group and to tap, growing slowly with its countries. */
export function clusterDiameter(countries: number): number {
  return Math.min(56, 36 + 4 * Math.max(0, countries - 2));
}
