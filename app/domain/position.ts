/**
 * How precisely a wish's position is kept: one decimal degree (about 11 km), enough to place it in its region and
 * too coarse to find a house (ADR 0040). The map itself draws countries at their centroids.
 */
export const POSITION_DECIMALS = 1;

const factor = 10 ** POSITION_DECIMALS;

/** A coordinate rounded to the kept precision; null stays null. */
export function coarseCoordinate(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.round(value * factor) / factor;
}
