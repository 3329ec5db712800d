import type { NativeCircuit, NativeGate } from "./native-gates";

/**
 * OpenQASM 3 for a native circuit placed on physical qubits: logical qubit i runs on
 * `$physicalQubits[i]` and is measured into classical bit c[i], so c[i] is wish i.
 * Angles are written with JavaScript's shortest round-trip form, losing no precision.
 */
export function toQasm(circuit: NativeCircuit, physicalQubits: readonly number[]): string {
  if (physicalQubits.length !== circuit.qubits) {
    throw new RangeError(`Need ${circuit.qubits} physical qubits, got ${physicalQubits.length}.`);
  }
  const at = (q: number) => `$${physicalQubits[q]}`;
  const statement = (gate: NativeGate): string => {
    switch (gate.op) {
      case "rz":
        return `rz(${gate.theta}) ${at(gate.q)};`;
      case "sx":
      case "x":
        return `${gate.op} ${at(gate.q)};`;
      case "cz":
        return `cz ${at(gate.control)}, ${at(gate.target)};`;
      case "measure":
        return `c[${gate.q}] = measure ${at(gate.q)};`;
    }
  };
  return [
    "OPENQASM 3.0;",
    'include "stdgates.inc";',
    `bit[${circuit.qubits}] c;`,
    ...circuit.gates.map(statement),
    "",
  ].join("\n");
}

/** The physical qubit measured into each classical bit of a program written by `toQasm`: index i is c[i]. */
export function physicalQubitsOf(qasm: string): number[] {
  const qubits: number[] = [];
  for (const [, bit, qubit] of qasm.matchAll(/^c\[(\d+)\] = measure \$(\d+);$/gm)) qubits[Number(bit)] = Number(qubit);
  return qubits.every((q) => q !== undefined) ? qubits : [];
}
