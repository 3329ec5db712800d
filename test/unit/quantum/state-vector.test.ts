import { describe, it, expect } from "vitest";
import type { Circuit, Gate } from "../../../app/domain/circuit";
import { mulberry32 } from "../../../workers/quantum/prng";
import { basisIndexToBitstring, probabilities, sample, simulate } from "../../../workers/quantum/state-vector";

function ghz(qubits: number): Circuit {
  const gates: Gate[] = [{ op: "h", q: 0 }];
  for (let q = 0; q + 1 < qubits; q++) gates.push({ op: "cx", control: q, target: q + 1 });
  for (let q = 0; q < qubits; q++) gates.push({ op: "measure", q });
  return { qubits, gates };
}

const nonZero = (p: Record<string, number>) =>
  Object.keys(p)
    .filter((bits) => p[bits] > 1e-12)
    .sort();

describe("state-vector simulator", () => {
  it("reads character i of the bit string as qubit i", () => {
    expect(basisIndexToBitstring(0b001, 3)).toBe("100");
    expect(basisIndexToBitstring(0b110, 3)).toBe("011");
    const flipFirst: Circuit = { qubits: 3, gates: [{ op: "x", q: 0 }] };
    expect(probabilities(flipFirst)["100"]).toBeCloseTo(1, 12);
  });

  it("makes a Bell pair: exactly half 00 and half 11", () => {
    const p = probabilities(ghz(2));
    expect(nonZero(p)).toEqual(["00", "11"]);
    expect(p["00"]).toBeCloseTo(0.5, 12);
    expect(p["11"]).toBeCloseTo(0.5, 12);
  });

  it("samples a Bell pair about 50/50 over many shots, never 01 or 10", () => {
    const counts = sample(ghz(2), 20_000, mulberry32(42));
    expect(Object.keys(counts).sort()).toEqual(["00", "11"]);
    expect(counts["00"] + counts["11"]).toBe(20_000);
    expect(Math.abs(counts["00"] / 20_000 - 0.5)).toBeLessThan(0.02);
  });

  it.each([3, 4, 5])("makes a %i-qubit GHZ state with only all-zeros and all-ones", (qubits) => {
    const p = probabilities(ghz(qubits));
    expect(nonZero(p)).toEqual(["0".repeat(qubits), "1".repeat(qubits)]);
    const counts = sample(ghz(qubits), 5_000, mulberry32(qubits));
    expect(Object.keys(counts).sort()).toEqual(["0".repeat(qubits), "1".repeat(qubits)]);
    expect(Math.abs(counts["0".repeat(qubits)] / 5_000 - 0.5)).toBeLessThan(0.03);
  });

  it("gives RY(θ) the probability cos²(θ/2) of reading 0", () => {
    for (const theta of [0, 0.3, Math.PI / 3, Math.PI / 2, 2.5, Math.PI]) {
      const p = probabilities({ qubits: 1, gates: [{ op: "ry", q: 0, theta }] });
      expect(p["0"]).toBeCloseTo(Math.cos(theta / 2) ** 2, 12);
      expect(p["1"]).toBeCloseTo(Math.sin(theta / 2) ** 2, 12);
    }
  });

  it("applies RY to the named qubit only", () => {
    const p = probabilities({ qubits: 2, gates: [{ op: "ry", q: 1, theta: Math.PI / 2 }] });
    expect(p["00"]).toBeCloseTo(0.5, 12);
    expect(p["01"]).toBeCloseTo(0.5, 12);
  });

  it("agrees with the textbook identities HZH = X and SX·SX = X, CX = H·CZ·H", () => {
    const hzh = probabilities({
      qubits: 1,
      gates: [
        { op: "h", q: 0 },
        { op: "rz", q: 0, theta: Math.PI },
        { op: "h", q: 0 },
      ],
    });
    expect(hzh["1"]).toBeCloseTo(1, 12);
    const sxsx = probabilities({
      qubits: 1,
      gates: [
        { op: "sx", q: 0 },
        { op: "sx", q: 0 },
      ],
    });
    expect(sxsx["1"]).toBeCloseTo(1, 12);
    const viaCz = simulate({
      qubits: 2,
      gates: [
        { op: "x", q: 0 },
        { op: "h", q: 1 },
        { op: "cz", control: 0, target: 1 },
        { op: "h", q: 1 },
      ],
    });
    const viaCx = simulate({
      qubits: 2,
      gates: [
        { op: "x", q: 0 },
        { op: "cx", control: 0, target: 1 },
      ],
    });
    viaCx.re.forEach((value, k) => expect(viaCz.re[k]).toBeCloseTo(value, 12));
    viaCx.im.forEach((value, k) => expect(viaCz.im[k]).toBeCloseTo(value, 12));
  });

  it("keeps the state normalised", () => {
    const state = simulate({
      qubits: 3,
      gates: [
        { op: "ry", q: 0, theta: 1 },
        { op: "sx", q: 1 },
        { op: "cx", control: 0, target: 2 },
      ],
    });
    const norm = state.re.reduce((sum, r, k) => sum + r * r + state.im[k] ** 2, 0);
    expect(norm).toBeCloseTo(1, 12);
  });

  it("samples the same counts for the same generator seed", () => {
    const circuit: Circuit = { qubits: 3, gates: [0, 1, 2].map((q) => ({ op: "ry", q, theta: 0.7 + q } as Gate)) };
    expect(sample(circuit, 100, mulberry32(9))).toEqual(sample(circuit, 100, mulberry32(9)));
  });

  it("refuses gates on qubits the circuit does not have", () => {
    expect(() => simulate({ qubits: 2, gates: [{ op: "x", q: 2 }] })).toThrow(RangeError);
    expect(() => simulate({ qubits: 2, gates: [{ op: "cx", control: 1, target: 1 }] })).toThrow(RangeError);
  });
});
