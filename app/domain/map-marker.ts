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
