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

export function wishLabel(q: number): string {
  return `Wish ${q + 1}`;
}

/**
 * Places each gate in the first column where every wire it touches (a CX also blocks the wires it crosses) is
 * free, so independent rotations share a column; the measurements line up in one final column, as circuit
 * diagrams usually draw them.
 */
export function circuitLayout(circuit: { qubits: number; gates: readonly DiagramGate[] }): CircuitLayout {
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
    wires: Array.from({ length: circuit.qubits }, (_, q) => ({ q, y: wireY(q), label: wishLabel(q) })),
    gates,
  };
}

function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The diagram in words, for the SVG's <desc>: what a sighted visitor reads off the drawing. */
export function circuitDescription(circuit: { qubits: number; gates: readonly DiagramGate[] }): string {
  if (circuit.qubits === 0) return "An empty circuit: this ring holds no wishes.";
  const sentences = [`${circuit.qubits} ${circuit.qubits === 1 ? "qubit" : "qubits"}, one for each wish.`];
  const rotations = circuit.gates.flatMap((gate) =>
    gate.op === "ry" ? [`${wishLabel(gate.q)} by ${formatTheta(gate.theta)} radians`] : [],
  );
  if (rotations.length) sentences.push(`An RY rotation turns ${listInWords(rotations)}.`);
  const links = circuit.gates.flatMap((gate) =>
    gate.op === "cx" ? [`${wishLabel(gate.control)} to ${wishLabel(gate.target)}`] : [],
  );
  if (links.length) sentences.push(`CX gates then entangle ${listInWords(links)}.`);
  const measured = circuit.gates.filter((gate) => gate.op === "measure").length;
  if (measured) {
    sentences.push(measured === circuit.qubits ? "Finally every qubit is measured." : `Finally ${measured} qubits are measured.`);
  }
  return sentences.join(" ");
}
