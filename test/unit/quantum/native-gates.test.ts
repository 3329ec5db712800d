import { describe, it, expect } from "vitest";
import type { Circuit, Gate } from "../../../app/domain/circuit";
import { findQubitLine, toNativeGates } from "../../../workers/quantum/native-gates";
import { probabilities, simulate, type StateVector } from "../../../workers/quantum/state-vector";
import { mulberry32 } from "../../../workers/quantum/prng";

/** |⟨a|b⟩|, which is 1 exactly when the states are equal up to a global phase. */
function overlap(a: StateVector, b: StateVector): number {
  let re = 0;
  let im = 0;
  for (let k = 0; k < a.re.length; k++) {
    re += a.re[k] * b.re[k] + a.im[k] * b.im[k];
    im += a.re[k] * b.im[k] - a.im[k] * b.re[k];
  }
  return Math.hypot(re, im);
}

function randomCircuit(qubits: number, rng: () => number): Circuit {
  const gates: Gate[] = [];
  for (let layer = 0; layer < 3; layer++) {
    for (let q = 0; q < qubits; q++) {
      gates.push({ op: "ry", q, theta: rng() * 2 * Math.PI });
      gates.push({ op: "h", q });
      gates.push({ op: "rz", q, theta: rng() * 2 * Math.PI });
    }
    for (let q = 0; q + 1 < qubits; q++) {
      gates.push(rng() < 0.5 ? { op: "cx", control: q, target: q + 1 } : { op: "cx", control: q + 1, target: q });
    }
  }
  return { qubits, gates };
}

describe("toNativeGates", () => {
  it("uses only rz, sx, x, cz and measure", () => {
    const native = toNativeGates(randomCircuit(3, mulberry32(1)));
    expect(new Set(native.gates.map((g) => g.op))).toEqual(new Set(["rz", "sx", "cz"]));
  });

  it("keeps single RY gates exact up to global phase for random angles", () => {
    const rng = mulberry32(7);
    for (let i = 0; i < 50; i++) {
      const circuit: Circuit = { qubits: 1, gates: [{ op: "ry", q: 0, theta: (rng() - 0.5) * 4 * Math.PI }] };
      expect(overlap(simulate(circuit), simulate(toNativeGates(circuit)))).toBeCloseTo(1, 12);
    }
  });

  it("keeps H and CX exact up to global phase", () => {
    const h: Circuit = {
      qubits: 1,
      gates: [
        { op: "ry", q: 0, theta: 0.3 },
        { op: "h", q: 0 },
      ],
    };
    const cx: Circuit = {
      qubits: 2,
      gates: [
        { op: "ry", q: 0, theta: 1.1 },
        { op: "ry", q: 1, theta: 2.3 },
        { op: "cx", control: 0, target: 1 },
      ],
    };
    expect(overlap(simulate(h), simulate(toNativeGates(h)))).toBeCloseTo(1, 12);
    expect(overlap(simulate(cx), simulate(toNativeGates(cx)))).toBeCloseTo(1, 12);
  });

  it("gives the same probabilities within 1e-9 on random 1–5 qubit circuits", () => {
    const rng = mulberry32(2024);
    for (let trial = 0; trial < 40; trial++) {
      const circuit = randomCircuit(1 + (trial % 5), rng);
      const expected = probabilities(circuit);
      const actual = probabilities(toNativeGates(circuit));
      for (const [bits, p] of Object.entries(expected)) expect(Math.abs(actual[bits] - p)).toBeLessThan(1e-9);
      expect(overlap(simulate(circuit), simulate(toNativeGates(circuit)))).toBeCloseTo(1, 9);
    }
  });
});

describe("findQubitLine", () => {
  const heavyHexExcerpt: [number, number][] = [
    [0, 1],
    [1, 2],
    [1, 4],
    [2, 3],
    [3, 5],
    [4, 7],
    [5, 8],
    [6, 7],
    [7, 10],
    [8, 9],
    [8, 11],
    [10, 12],
  ];

  it("finds a connected simple path of the requested length", () => {
    for (let length = 1; length <= 5; length++) {
      const line = findQubitLine(heavyHexExcerpt, length);
      expect(line).toHaveLength(length);
      expect(new Set(line).size).toBe(length);
      for (let i = 0; i + 1 < line.length; i++) {
        const [a, b] = [line[i], line[i + 1]];
        expect(heavyHexExcerpt.some(([x, y]) => (x === a && y === b) || (x === b && y === a))).toBe(true);
      }
    }
  });

  it("is deterministic and starts from the lowest-numbered qubit that allows a line", () => {
    expect(findQubitLine(heavyHexExcerpt, 5)).toEqual([0, 1, 2, 3, 5]);
    expect(findQubitLine(heavyHexExcerpt, 5)).toEqual(findQubitLine([...heavyHexExcerpt].reverse(), 5));
  });

  it("treats directed edges as undirected, since CZ is symmetric", () => {
    expect(
      findQubitLine(
        [
          [1, 0],
          [2, 1],
        ],
        3,
      ),
    ).toEqual([0, 1, 2]);
  });

  it("backs out of dead ends", () => {
    // From 0 the branch via 1 dead-ends at 2 qubits; only 0-3-4-5 reaches four.
    expect(
      findQubitLine(
        [
          [0, 1],
          [0, 3],
          [3, 4],
          [4, 5],
        ],
        4,
      ),
    ).toEqual([0, 3, 4, 5]);
  });

  it("refuses when no line is long enough", () => {
    expect(() =>
      findQubitLine(
        [
          [0, 1],
          [0, 2],
          [0, 3],
        ],
        4,
      ),
    ).toThrow(/no line of 4/);
  });
});
