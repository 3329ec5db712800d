import { RING_BATCH_SIZE } from "./limits";

/**
 * A ring's share images travel in /og's own `variant` field (docs/api.md#calls allows only title, subtitle and variant): "bell"
 * or "story", then the measured bits, e.g. "bell-101". The bits draw the ring's constellation on the card.
 */
export type RingImageFormat = "bell" | "story" | "square";

/** A ring's id (a ULID, Crockford base32): the posters (story, square) print its short link and QR code (docs/product.md#the-loop-back). */
const RING_ID = "[0-9A-HJKMNP-TV-Z]{26}";
const RING_VARIANT = new RegExp(`^(bell|story|square)-([01]{1,${RING_BATCH_SIZE}})(?:-(${RING_ID}))?$`);

export function ringVariant(format: RingImageFormat, bitstring: string | null, ringId?: string): string {
  if (!bitstring) return format;
  const candidates = [...(ringId && format !== "bell" ? [`${format}-${bitstring}-${ringId}`] : []), `${format}-${bitstring}`];
  return candidates.find((candidate) => RING_VARIANT.test(candidate)) ?? format;
}

/** The format, bits and (on a poster) ring id of a ring variant, or null for any other variant. */
export function readRingVariant(variant: string | null): { format: RingImageFormat; bits: string; ringId: string | null } | null {
  const match = RING_VARIANT.exec(variant ?? "");
  return match ? { format: match[1] as RingImageFormat, bits: match[2], ringId: match[3] ?? null } : null;
}
