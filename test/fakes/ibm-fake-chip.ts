/**
 * The fake service's chip: the backend of ./ibm-recorded (an excerpt of IBM's ibm_fez data) as IBM's ISA checks see
 * it, and the exact run of an accepted program. A program is OpenQASM 3 in native gates (rz, sx, x, cz and
 * `c[i] = measure $k` only); qubits off the target, uncoupled pairs and faulty qubits or edges are refused in IBM's
 * words; an accepted one is simulated exactly and sampled as IBM reports shots: hex integers whose bit i is c[i].
 */
import type { Circuit, Gate } from "../../app/domain/circuit";
import { seededRandom } from "../../workers/quantum/prng";
import { indexProbabilities, simulate } from "../../workers/quantum/state-vector";
import backendConfiguration from "./ibm-recorded/backend-configuration.json";
import backendProperties from "./ibm-recorded/backend-properties.json";

export interface ParsedQasm {
  /** Physical qubits renumbered 0..k-1 in order of first use. */
  circuit: Circuit;
  /** measuredInto[i] = the renumbered qubit read into classical bit c[i]. */
  measuredInto: number[];
  classicalBits: number;
}

const N_QUBITS = backendConfiguration.body.n_qubits;
const couplings = new Set(backendConfiguration.body.coupling_map.map(([a, b]) => `${a}-${b}`));
/** Qiskit's rule (BackendProperties.faulty_qubits / faulty_gates): an `operational` value that is falsy. */
const notOperational = (values: { name: string; value: unknown }[]) =>
  values.some((entry) => entry.name === "operational" && !entry.value);
const faultyQubits = new Set(
  backendProperties.body.qubits.flatMap((values, qubit) => (notOperational(values) ? [qubit] : [])),
);
const faultyEdges = new Set(
  backendProperties.body.gates.filter((gate) => notOperational(gate.parameters)).map((gate) => gate.qubits.join("-")),
);

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e[-+]?\d+)?`;
type NativeGate = Extract<Gate, { op: "rz" | "sx" | "x" | "cz" }>;
/** A gate's qubits are filled in from `physical` once renumbered. */
type Statement = { gate: NativeGate; physical: number[] } | { measure: [bit: number, physical: number] };
const STATEMENTS: [RegExp, (m: RegExpMatchArray) => Statement][] = [
  [
    new RegExp(String.raw`^rz\((${NUMBER})\) \$(\d+);$`, "i"),
    (m) => ({ gate: { op: "rz", q: 0, theta: Number(m[1]) }, physical: [+m[2]] }),
  ],
  [/^sx \$(\d+);$/, (m) => ({ gate: { op: "sx", q: 0 }, physical: [+m[1]] })],
  [/^x \$(\d+);$/, (m) => ({ gate: { op: "x", q: 0 }, physical: [+m[1]] })],
  [/^cz \$(\d+), \$(\d+);$/, (m) => ({ gate: { op: "cz", control: 0, target: 0 }, physical: [+m[1], +m[2]] })],
  [/^c\[(\d+)\] = measure \$(\d+);$/, (m) => ({ measure: [+m[1], +m[2]] })],
];

/** What IBM would refuse about these physical qubits, in the words of its ISA and faulty checks. */
function targetProblem(instruction: string, physical: number[]): string | undefined {
  const missing = physical.find((q) => q >= N_QUBITS);
  if (missing !== undefined) return `Qubit ${missing} is not on the target (${N_QUBITS} qubits).`;
  const faulty = physical.find((q) => faultyQubits.has(q));
  if (faulty !== undefined) return `Circuit contains instruction ${instruction} operating on a faulty qubit ${faulty}.`;
  if (physical.length === 2) {
    const [a, b] = physical;
    if (!couplings.has(`${a}-${b}`)) {
      return `The instruction ${instruction} on qubits (${a}, ${b}) is not supported by the target.`;
    }
    if (faultyEdges.has(`${a}-${b}`))
      return `Circuit contains instruction ${instruction} operating on a faulty edge (${a}, ${b}).`;
  }
  return undefined;
}

export function parseQasm(qasm: string): { parsed?: ParsedQasm; problem?: string } {
  const lines = qasm
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const header = lines.slice(0, 3).join("\n");
  const bits = /^OPENQASM 3(?:\.0)?;\ninclude "stdgates\.inc";\nbit\[(\d+)\] c;$/.exec(header);
  if (!bits) return { problem: "Expected OPENQASM 3.0, stdgates.inc and one bit register c." };
  const classicalBits = Number(bits[1]);
  const used: number[] = [];
  const renumber = (q: number) => (used.includes(q) ? used.indexOf(q) : used.push(q) - 1);
  const gates: Gate[] = [];
  const measuredInto: number[] = [];
  for (const line of lines.slice(3)) {
    const rule = STATEMENTS.find(([pattern]) => pattern.test(line));
    if (!rule) return { problem: `Not an ISA instruction for this backend: ${line}` };
    const statement = rule[1](line.match(rule[0])!);
    const physical = "measure" in statement ? [statement.measure[1]] : statement.physical;
    const problem = targetProblem("measure" in statement ? "measure" : statement.gate.op, physical);
    if (problem) return { problem };
    if ("measure" in statement) {
      measuredInto[statement.measure[0]] = renumber(statement.measure[1]);
    } else {
      const { gate } = statement;
      const [q, other] = physical.map(renumber);
      gates.push(gate.op === "cz" ? { ...gate, control: q, target: other } : { ...gate, q });
    }
  }
  if (measuredInto.length !== classicalBits || measuredInto.some((q) => q === undefined)) {
    return { problem: "Every classical bit must be measured." };
  }
  return { parsed: { circuit: { qubits: used.length, gates }, measuredInto, classicalBits } };
}

export function sampleHex(circuit: Circuit, measuredInto: number[], shots: number, seed: string): string[] {
  const byIndex = indexProbabilities(simulate(circuit));
  const rng = seededRandom(seed);
  const samples: string[] = [];
  for (let shot = 0; shot < shots; shot++) {
    let u = rng();
    let k = 0;
    while (k < byIndex.length - 1 && u >= byIndex[k]) u -= byIndex[k++];
    const value = measuredInto.reduce((acc, q, bit) => acc | (((k >> q) & 1) << bit), 0);
    samples.push(`0x${value.toString(16)}`);
  }
  return samples;
}
