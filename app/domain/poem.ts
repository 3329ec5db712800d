// The reading of a bit string (docs/product.md#the-poem): more ones hope, more zeros peace, equal balanced. A ring's
// verse opens with a line of its reading, chosen by the string's hash (app/domain/verse, ADR 0091).
export type ReadingKind = "hope" | "peace" | "balanced";

// FNV-1a, 32-bit, over UTF-16 code units: tiny, stable across runtimes, well spread.
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function readingKind(bitstring: string): ReadingKind {
  let balance = 0;
  for (const bit of bitstring) {
    if (bit === "1") balance++;
    else if (bit === "0") balance--;
  }
  return balance > 0 ? "hope" : balance < 0 ? "peace" : "balanced";
}
