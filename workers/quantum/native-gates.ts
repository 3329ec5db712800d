import type { Circuit, Gate } from "../../app/domain/circuit";

export type NativeGate = Extract<Gate, { op: "rz" | "sx" | "x" | "cz" | "measure" }>;

export interface NativeCircuit {
  qubits: number;
  gates: NativeGate[];
}

export type CouplingMap = readonly (readonly [number, number])[];

/*
 * Identities, written in time order (first listed is applied first), each exact up to a
 * global phase; the unit tests check them against the state-vector simulator.
 *   RY(θ)     = SX, RZ(θ+π), SX, RZ(π)     (the ZSX form of U(θ, 0, 0))
 *   H         = RZ(π/2), SX, RZ(π/2)
 *   CX(c, t)  = H(t), CZ(c, t), H(t)
 */
function hadamard(q: number): NativeGate[] {
  return [
    { op: "rz", q, theta: Math.PI / 2 },
    { op: "sx", q },
    { op: "rz", q, theta: Math.PI / 2 },
  ];
}

function nativeFor(gate: Gate): NativeGate[] {
  switch (gate.op) {
    case "ry":
      return [
        { op: "sx", q: gate.q },
        { op: "rz", q: gate.q, theta: gate.theta + Math.PI },
        { op: "sx", q: gate.q },
        { op: "rz", q: gate.q, theta: Math.PI },
      ];
    case "h":
      return hadamard(gate.q);
    case "cx":
      return [
        ...hadamard(gate.target),
        { op: "cz", control: gate.control, target: gate.target },
        ...hadamard(gate.target),
      ];
    case "rz":
    case "sx":
    case "x":
    case "cz":
    case "measure":
      return [gate];
  }
}

/** Rewrites a circuit into the IBM native gate set rz, sx, x, cz (plus measure), same qubit numbering. */
export function toNativeGates(circuit: Circuit): NativeCircuit {
  return { qubits: circuit.qubits, gates: circuit.gates.flatMap(nativeFor) };
}

/** Error rates that make a line worse: each qubit's (readout) and each coupling's (cz). */
export interface LineCosts {
  qubit(q: number): number;
  edge(a: number, b: number): number;
}

const NO_COSTS: LineCosts = { qubit: () => 0, edge: () => 0 };

/**
 * The simple path of `length` physical qubits, each consecutive pair coupled (so the CX chain q0→q1→… needs no
 * swaps), with the lowest summed error. Every path is weighed: a ring has at most five qubits and a heavy-hex
 * device has at most three neighbours per qubit, so that is a few thousand paths. Ties go to the path that starts
 * lowest, which keeps the layout stable for a given calibration.
 */
export function findQubitLine(couplingMap: CouplingMap, length: number, costs: LineCosts = NO_COSTS): number[] {
  const neighbours = new Map<number, Set<number>>();
  for (const [a, b] of couplingMap) {
    if (a === b) continue;
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    if (!neighbours.has(b)) neighbours.set(b, new Set());
    neighbours.get(a)!.add(b);
    neighbours.get(b)!.add(a);
  }
  const sorted = (qubits: Iterable<number>) => [...qubits].sort((x, y) => x - y);
  let best: { line: number[]; cost: number } | undefined;

  const extend = (path: number[], cost: number) => {
    if (best && cost >= best.cost) return;
    if (path.length === length) {
      best = { line: path, cost };
      return;
    }
    const last = path[path.length - 1];
    for (const next of sorted(neighbours.get(last)!)) {
      if (!path.includes(next)) extend([...path, next], cost + costs.edge(last, next) + costs.qubit(next));
    }
  };

  if (length === 1) {
    for (const q of sorted(neighbours.keys())) if (!best || costs.qubit(q) < best.cost) best = { line: [q], cost: costs.qubit(q) };
  } else {
    for (const start of sorted(neighbours.keys())) extend([start], costs.qubit(start));
  }
  if (!best) throw new RangeError(`The coupling map has no line of ${length} connected qubits.`);
  return best.line;
}
