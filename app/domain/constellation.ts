export interface ConstellationLayout {
  width: number;
  height: number;
  stars: { x: number; y: number }[];
  /** Pairs of star indices joined by a line: neighbours, as the circuit entangles them. */
  links: [number, number][];
}

const WIDTH = 320;
const HEIGHT = 120;
const MARGIN = 40;
/** How far each star sits above or below the middle line, alternately: a zigzag reads as a constellation. */
const RISE = 26;

/**
 * Where the stars of a ring of `qubits` wishes sit, in order of the wishes: wish 1 at the reading start, on the left,
 * or on the right in a right-to-left language, as the bit tiles under it run.
 */
export function constellationLayout(qubits: number, direction: "ltr" | "rtl" = "ltr"): ConstellationLayout {
  const count = Math.max(0, Math.floor(qubits));
  const step = count > 1 ? (WIDTH - 2 * MARGIN) / (count - 1) : 0;
  const stars = Array.from({ length: count }, (_, q) => ({
    x: count > 1 ? (direction === "rtl" ? WIDTH - MARGIN - q * step : MARGIN + q * step) : WIDTH / 2,
    y: HEIGHT / 2 + (count > 1 ? (q % 2 === 0 ? RISE : -RISE) : 0),
  }));
  const links = stars.slice(1).map((_, q): [number, number] => [q, q + 1]);
  return { width: WIDTH, height: HEIGHT, stars, links };
}
