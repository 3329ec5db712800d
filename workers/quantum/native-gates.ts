import type { Circuit, Gate } from "./circuit";

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

/**
 * A simple path of `length` physical qubits in which each consecutive pair is coupled, so the
 * CX chain q0→q1→… needs no swaps. Depth-first from the lowest-numbered qubit; the first path
 * found wins, which keeps the layout stable for a given backend.
 */
export function findQubitLine(couplingMap: CouplingMap, length: number): number[] {
  const neighbours = new Map<number, Set<number>>();
  for (const [a, b] of couplingMap) {
    if (a === b) continue;
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    if (!neighbours.has(b)) neighbours.set(b, new Set());
    neighbours.get(a)!.add(b);
    neighbours.get(b)!.add(a);
  }
  const sorted = (qubits: Iterable<number>) => [...qubits].sort((x, y) => x - y);

  const extend = (path: number[]): number[] | undefined => {
    if (path.length === length) return path;
    for (const next of sorted(neighbours.get(path[path.length - 1])!)) {
      if (path.includes(next)) continue;
      const found = extend([...path, next]);
      if (found) return found;
    }
    return undefined;
  };

  for (const start of sorted(neighbours.keys())) {
    const line = extend([start]);
    if (line) return line;
  }
  throw new RangeError(`The coupling map has no line of ${length} connected qubits.`);
}
