import type { Translate } from "~/domain/messages";
import type { DiagramGate } from "~/domain/ring-view";

export const CIRCUIT_GEOMETRY = {
  labelWidth: 88,
  columnWidth: 92,
  wireGap: 60,
  padding: 20,
  gateWidth: 76,
  gateHeight: 32,
  meterSize: 34,
  controlRadius: 5,
  targetRadius: 12,
} as const;

export interface Wire {
  q: number;
  y: number;
  label: string;
}

export type PlacedGate =
  | { op: "ry"; q: number; column: number; x: number; y: number; label: string }
  | { op: "cx"; control: number; target: number; column: number; x: number; yControl: number; yTarget: number }
  | { op: "measure"; q: number; column: number; x: number; y: number };

export interface CircuitLayout {
  width: number;
  height: number;
  wireStart: number;
  wireEnd: number;
  wires: Wire[];
  gates: PlacedGate[];
}

/** θ in radians to two decimals, as the diagram and its description write it. */
export function formatTheta(theta: number): string {
  return theta.toFixed(2);
}

export function wishLabel(t: Translate, q: number): string {
  return t("Wish {number}", { number: q + 1 });
}

/**
 * Places each gate in the first column where every wire it touches (a CX also blocks the wires it crosses) is
 * free, so independent rotations share a column; the measurements line up in one final column, as circuit
 * diagrams usually draw them.
 */
export function circuitLayout(t: Translate, circuit: { qubits: number; gates: readonly DiagramGate[] }): CircuitLayout {
  const g = CIRCUIT_GEOMETRY;
  const nextFree = new Array<number>(circuit.qubits).fill(0);
  const columns: number[] = circuit.gates.map(() => 0);
  const span = (gate: DiagramGate): [number, number] =>
    gate.op === "cx" ? [Math.min(gate.control, gate.target), Math.max(gate.control, gate.target)] : [gate.q, gate.q];

  circuit.gates.forEach((gate, index) => {
    if (gate.op === "measure") return;
    const [low, high] = span(gate);
    let column = 0;
    for (let q = low; q <= high; q++) column = Math.max(column, nextFree[q]);
    for (let q = low; q <= high; q++) nextFree[q] = column + 1;
    columns[index] = column;
  });
  const measureColumn = Math.max(0, ...nextFree);
  const hasMeasure = circuit.gates.some((gate) => gate.op === "measure");
  const columnCount = Math.max(measureColumn + (hasMeasure ? 1 : 0), 1);

  const wireY = (q: number) => g.padding + g.wireGap / 2 + q * g.wireGap;
  const columnX = (column: number) => g.padding + g.labelWidth + g.columnWidth / 2 + column * g.columnWidth;

  const gates = circuit.gates.map((gate, index): PlacedGate => {
    if (gate.op === "measure") return { op: "measure", q: gate.q, column: measureColumn, x: columnX(measureColumn), y: wireY(gate.q) };
    const column = columns[index];
    if (gate.op === "ry") {
      return { op: "ry", q: gate.q, column, x: columnX(column), y: wireY(gate.q), label: `RY(${formatTheta(gate.theta)})` };
    }
    return {
      op: "cx",
      control: gate.control,
      target: gate.target,
      column,
      x: columnX(column),
      yControl: wireY(gate.control),
      yTarget: wireY(gate.target),
    };
  });

  const wireStart = g.padding + g.labelWidth;
  const wireEnd = wireStart + columnCount * g.columnWidth;
  return {
    width: wireEnd + g.padding,
    height: 2 * g.padding + circuit.qubits * g.wireGap,
    wireStart,
    wireEnd,
    wires: Array.from({ length: circuit.qubits }, (_, q) => ({ q, y: wireY(q), label: wishLabel(t, q) })),
    gates,
  };
}

/** The diagram in words, for the SVG's <desc>: what a sighted visitor reads off the drawing. */
export function circuitDescription(
  t: Translate,
  list: (items: readonly string[]) => string,
  circuit: { qubits: number; gates: readonly DiagramGate[] },
): string {
  if (circuit.qubits === 0) return t("An empty circuit: this ring holds no wishes.");
  const sentences = [t("{count, plural, one {# qubit, one for each wish.} other {# qubits, one for each wish.}}", { count: circuit.qubits })];
  const rotations = circuit.gates.flatMap((gate) =>
    gate.op === "ry" ? [t("{wish} by {theta} radians", { wish: wishLabel(t, gate.q), theta: formatTheta(gate.theta) })] : [],
  );
  if (rotations.length) sentences.push(t("An RY rotation turns {rotations}.", { rotations: list(rotations) }));
  const links = circuit.gates.flatMap((gate) =>
    gate.op === "cx" ? [t("{control} to {target}", { control: wishLabel(t, gate.control), target: wishLabel(t, gate.target) })] : [],
  );
  if (links.length) sentences.push(t("CX gates then entangle {links}.", { links: list(links) }));
  const measured = circuit.gates.filter((gate) => gate.op === "measure").length;
  if (measured) {
    sentences.push(
      measured === circuit.qubits
        ? t("Finally every qubit is measured.")
        : t("{count, plural, one {Finally # qubit is measured.} other {Finally # qubits are measured.}}", { count: measured }),
    );
  }
  return sentences.join(" ");
}
