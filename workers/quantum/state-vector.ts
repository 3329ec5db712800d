import type { Circuit, Gate } from "../../app/domain/circuit";

/**
 * An exact state-vector simulator.
 *
 * Amplitude index k holds basis state |k⟩ where bit i of k (least significant first) is qubit i.
 * Outcomes are reported as bit strings whose character i (left to right) is qubit i, so
 * index 0b011 on three qubits reads "110". Measurements are terminal: every qubit is read
 * after the last gate, so `measure` gates are markers and do not collapse the state.
 */
export interface StateVector {
  qubits: number;
  re: Float64Array;
  im: Float64Array;
}

/** [aRe, aIm, bRe, bIm, cRe, cIm, dRe, dIm] for the matrix [[a, b], [c, d]]. */
type Matrix2 = readonly number[];

const HALF_SQRT2 = Math.SQRT1_2;
const SX: Matrix2 = [0.5, 0.5, 0.5, -0.5, 0.5, -0.5, 0.5, 0.5];
const X: Matrix2 = [0, 0, 1, 0, 1, 0, 0, 0];
const H: Matrix2 = [HALF_SQRT2, 0, HALF_SQRT2, 0, HALF_SQRT2, 0, -HALF_SQRT2, 0];

function ry(theta: number): Matrix2 {
  const c = Math.cos(theta / 2);
  const s = Math.sin(theta / 2);
  return [c, 0, -s, 0, s, 0, c, 0];
}

function rz(theta: number): Matrix2 {
  const c = Math.cos(theta / 2);
  const s = Math.sin(theta / 2);
  return [c, -s, 0, 0, 0, 0, c, s];
}

function applySingle(state: StateVector, q: number, m: Matrix2): void {
  const { re, im } = state;
  const mask = 1 << q;
  for (let i0 = 0; i0 < re.length; i0++) {
    if (i0 & mask) continue;
    const i1 = i0 | mask;
    const [r0, m0, r1, m1] = [re[i0], im[i0], re[i1], im[i1]];
    re[i0] = m[0] * r0 - m[1] * m0 + m[2] * r1 - m[3] * m1;
    im[i0] = m[0] * m0 + m[1] * r0 + m[2] * m1 + m[3] * r1;
    re[i1] = m[4] * r0 - m[5] * m0 + m[6] * r1 - m[7] * m1;
    im[i1] = m[4] * m0 + m[5] * r0 + m[6] * m1 + m[7] * r1;
  }
}

function applyCx(state: StateVector, control: number, target: number): void {
  const { re, im } = state;
  const controlMask = 1 << control;
  const targetMask = 1 << target;
  for (let i = 0; i < re.length; i++) {
    if (!(i & controlMask) || i & targetMask) continue;
    const j = i | targetMask;
    [re[i], re[j]] = [re[j], re[i]];
    [im[i], im[j]] = [im[j], im[i]];
  }
}

function applyCz(state: StateVector, a: number, b: number): void {
  const both = (1 << a) | (1 << b);
  for (let i = 0; i < state.re.length; i++) {
    if ((i & both) !== both) continue;
    state.re[i] = -state.re[i];
    state.im[i] = -state.im[i];
  }
}

function applyGate(state: StateVector, gate: Gate): void {
  switch (gate.op) {
    case "ry":
      return applySingle(state, gate.q, ry(gate.theta));
    case "rz":
      return applySingle(state, gate.q, rz(gate.theta));
    case "sx":
      return applySingle(state, gate.q, SX);
    case "x":
      return applySingle(state, gate.q, X);
    case "h":
      return applySingle(state, gate.q, H);
    case "cx":
      return applyCx(state, gate.control, gate.target);
    case "cz":
      return applyCz(state, gate.control, gate.target);
    case "measure":
      return;
  }
}

function assertQubitsInRange(circuit: Circuit): void {
  for (const gate of circuit.gates) {
    const touched = "q" in gate ? [gate.q] : [gate.control, gate.target];
    if (touched.some((q) => !Number.isInteger(q) || q < 0 || q >= circuit.qubits)) {
      throw new RangeError(`Gate ${gate.op} touches a qubit outside 0..${circuit.qubits - 1}.`);
    }
    if (!("q" in gate) && gate.control === gate.target) {
      throw new RangeError(`Gate ${gate.op} needs two different qubits.`);
    }
  }
}

export function simulate(circuit: Circuit): StateVector {
  assertQubitsInRange(circuit);
  const size = 2 ** circuit.qubits;
  const state: StateVector = { qubits: circuit.qubits, re: new Float64Array(size), im: new Float64Array(size) };
  state.re[0] = 1;
  for (const gate of circuit.gates) applyGate(state, gate);
  return state;
}

export function basisIndexToBitstring(index: number, qubits: number): string {
  let bits = "";
  for (let q = 0; q < qubits; q++) bits += (index >> q) & 1 ? "1" : "0";
  return bits;
}

/** Probability of each basis index, |amplitude|². */
export function indexProbabilities(state: StateVector): Float64Array {
  return state.re.map((r, k) => r * r + state.im[k] * state.im[k]);
}

/** Probability of every outcome, keyed by bit string (character i = qubit i). */
export function probabilities(circuit: Circuit): Record<string, number> {
  const byIndex = indexProbabilities(simulate(circuit));
  const result: Record<string, number> = {};
  byIndex.forEach((p, k) => {
    result[basisIndexToBitstring(k, circuit.qubits)] = p;
  });
  return result;
}

/** Measures `shots` times; `rng` returns uniform numbers in [0, 1). */
export function sample(circuit: Circuit, shots: number, rng: () => number): Record<string, number> {
  const byIndex = indexProbabilities(simulate(circuit));
  const counts: Record<string, number> = {};
  for (let shot = 0; shot < shots; shot++) {
    const k = drawIndex(byIndex, rng());
    const bits = basisIndexToBitstring(k, circuit.qubits);
    counts[bits] = (counts[bits] ?? 0) + 1;
  }
  return counts;
}

function drawIndex(byIndex: Float64Array, u: number): number {
  let cumulative = 0;
  let lastPossible = 0;
  for (let k = 0; k < byIndex.length; k++) {
    if (byIndex[k] === 0) continue;
    lastPossible = k;
    cumulative += byIndex[k];
    if (u < cumulative) return k;
  }
  // Rounding can leave the total a hair below 1; the remainder belongs to the last possible outcome.
  return lastPossible;
}
