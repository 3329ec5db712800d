export type ReadingKind = "hope" | "peace" | "balanced";

export const POEM_LINES: Record<ReadingKind, readonly string[]> = {
  hope: [
    "Light gathers where many hands reach for it.",
    "Tomorrow is already listening to what we wish today.",
    "A thousand small dawns are rising in a thousand hearts.",
    "What we hope for together, the world begins to remember.",
    "Every spark you send finds another spark waiting.",
    "The morning is nearer than the night would have you believe.",
    "Seeds of light, scattered wide, are learning how to bloom.",
  ],
  peace: [
    "Stillness spreads like water finding its level.",
    "In the quiet between heartbeats, the whole world rests.",
    "Let every border soften into a shoreline of calm.",
    "Silence, shared, becomes a kind of shelter.",
    "The storm has passed; the lake remembers the sky.",
    "Breathe out, and somewhere a clenched fist opens.",
    "Where anger ends, a gentler country begins.",
  ],
  balanced: [
    "Light and stillness hold each other, and neither lets go.",
    "Half dawn, half dusk: the world rests in balance.",
    "Two hearts, one rhythm; the scales lie level.",
    "What is given and what is received weigh the same tonight.",
    "Between yes and no, a quiet bridge is being built.",
    "The tide comes in as gently as it leaves.",
    "Every voice counted, every silence heard.",
  ],
};

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

export function poemFor(bitstring: string): string {
  const lines = POEM_LINES[readingKind(bitstring)];
  return lines[hashString(bitstring) % lines.length];
}
