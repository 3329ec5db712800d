import { RING_BATCH_SIZE } from "./limits";

/**
 * A ring's share images travel in /og's own `variant` field (spec §7 allows only title, subtitle and variant): "bell"
 * or "story", then the measured bits, e.g. "bell-101". The bits draw the ring's constellation on the card.
 */
export type RingImageFormat = "bell" | "story";

const RING_VARIANT = new RegExp(`^(bell|story)-([01]{1,${RING_BATCH_SIZE}})$`);

export function ringVariant(format: RingImageFormat, bitstring: string | null): string {
  return bitstring && RING_VARIANT.test(`${format}-${bitstring}`) ? `${format}-${bitstring}` : format;
}

/** The format and bits of a ring variant, or null for any other variant. */
export function readRingVariant(variant: string | null): { format: RingImageFormat; bits: string } | null {
  const match = RING_VARIANT.exec(variant ?? "");
  return match ? { format: match[1] as RingImageFormat, bits: match[2] } : null;
}
