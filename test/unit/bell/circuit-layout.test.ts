import { describe, expect, it } from "vitest";
import { english } from "../../support/english";
import { translatorFor } from "../../../app/i18n/catalogues.server";
import { formatsFor } from "../../../app/i18n/format";
import { CIRCUIT_GEOMETRY, circuitDescription, circuitLayout, formatTheta, wishLabel } from "../../../app/components/result/circuit-layout";
import type { DiagramGate } from "../../../app/domain/ring-view";

const englishList = formatsFor("en").list;

/** The circuit the providers build (docs/architecture.md#the-quantum-provider): RY on every qubit, a CX chain, then measure all. */
function ringCircuit(thetas: number[]): { qubits: number; gates: DiagramGate[] } {
  const gates: DiagramGate[] = thetas.map((theta, q) => ({ op: "ry", q, theta }));
  for (let q = 0; q + 1 < thetas.length; q++) gates.push({ op: "cx", control: q, target: q + 1 });
  for (let q = 0; q < thetas.length; q++) gates.push({ op: "measure", q });
  return { qubits: thetas.length, gates };
}

describe("circuitLayout", () => {
  it("draws one labelled wire per qubit, evenly spaced", () => {
    const layout = circuitLayout(english, ringCircuit([0.1, 0.2, 0.3]));
    expect(layout.wires.map((wire) => wire.label)).toEqual(["Wish 1", "Wish 2", "Wish 3"]);
    const gaps = layout.wires.slice(1).map((wire, index) => wire.y - layout.wires[index].y);
    expect(new Set(gaps)).toEqual(new Set([CIRCUIT_GEOMETRY.wireGap]));
    expect(layout.height).toBe(2 * CIRCUIT_GEOMETRY.padding + 3 * CIRCUIT_GEOMETRY.wireGap);
  });

  it("puts every rotation in the first column, the CX chain one column each, and the meters last", () => {
    const layout = circuitLayout(english, ringCircuit([0.5, 1, 1.5, 2, 2.5]));
    const columns = layout.gates.map((gate) => [gate.op, gate.column]);
    expect(columns).toEqual([
      ["ry", 0],
      ["ry", 0],
      ["ry", 0],
      ["ry", 0],
      ["ry", 0],
      ["cx", 1],
      ["cx", 2],
      ["cx", 3],
      ["cx", 4],
      ["measure", 5],
      ["measure", 5],
      ["measure", 5],
      ["measure", 5],
      ["measure", 5],
    ]);
    expect(layout.wireEnd - layout.wireStart).toBe(6 * CIRCUIT_GEOMETRY.columnWidth);
    expect(layout.width).toBe(layout.wireEnd + CIRCUIT_GEOMETRY.padding);
  });

  it("labels rotations with θ in radians to two decimals", () => {
    const layout = circuitLayout(english, ringCircuit([Math.PI / 2, 0.005]));
    const labels = layout.gates.flatMap((gate) => (gate.op === "ry" ? [gate.label] : []));
    expect(labels).toEqual(["RY(1.57)", "RY(0.01)"]);
  });

  it("places a CX on the control and target wires", () => {
    const layout = circuitLayout(english, ringCircuit([1, 2]));
    const cx = layout.gates.find((gate) => gate.op === "cx");
    expect(cx).toMatchObject({ control: 0, target: 1, yControl: layout.wires[0].y, yTarget: layout.wires[1].y });
  });

  it("blocks the wires a long CX crosses", () => {
    const gates: DiagramGate[] = [
      { op: "cx", control: 0, target: 2 },
      { op: "ry", q: 1, theta: 1 },
    ];
    const layout = circuitLayout(english, { qubits: 3, gates });
    expect(layout.gates.map((gate) => gate.column)).toEqual([0, 1]);
  });

  it("keeps every gate inside the drawing", () => {
    const layout = circuitLayout(english, ringCircuit([1, 2, 3, 0.4, 2.9]));
    for (const gate of layout.gates) {
      expect(gate.x).toBeGreaterThan(layout.wireStart);
      expect(gate.x).toBeLessThan(layout.wireEnd);
    }
  });

  it("handles a single qubit and an empty circuit", () => {
    expect(circuitLayout(english, ringCircuit([1])).gates.map((gate) => gate.column)).toEqual([0, 1]);
    const empty = circuitLayout(english, { qubits: 0, gates: [] });
    expect(empty.wires).toEqual([]);
    expect(empty.width).toBeGreaterThan(0);
  });
});

describe("circuitDescription", () => {
  it("says in words what the drawing shows", () => {
    expect(circuitDescription(english, englishList, ringCircuit([0.5, 1.25, 3]))).toBe(
      "3 qubits, one for each wish. An RY rotation turns Wish 1 by 0.50 radians, Wish 2 by 1.25 radians and Wish 3 by 3.00 radians. " +
        "CX gates then entangle Wish 1 to Wish 2 and Wish 2 to Wish 3. Finally every qubit is measured.",
    );
  });

  it("speaks of a single qubit in the singular", () => {
    expect(circuitDescription(english, englishList, ringCircuit([2]))).toBe(
      "1 qubit, one for each wish. An RY rotation turns Wish 1 by 2.00 radians. Finally every qubit is measured.",
    );
  });

  it("says it in the page's language, listing as the language lists", () => {
    const arabic = circuitDescription(translatorFor("ar"), formatsFor("ar").list, ringCircuit([0.5, 1.25, 3]));
    expect(arabic).toContain("الأمنية 1 بمقدار 0.50 راديان");
    expect(arabic).not.toMatch(/[A-Za-z]{3,}/);
    const chinese = circuitDescription(translatorFor("zh"), formatsFor("zh-Hans").list, ringCircuit([0.5, 1.25]));
    expect(chinese).toBe("2 个量子比特，每个愿望一个。 RY 旋转门将愿望 1旋转 0.50 弧度和愿望 2旋转 1.25 弧度。 随后 CX 门将愿望 1与愿望 2纠缠。 最后测量每个量子比特。");
  });

  it("describes an empty circuit", () => {
    expect(circuitDescription(english, englishList, { qubits: 0, gates: [] })).toBe("An empty circuit: this ring holds no wishes.");
  });
});

describe("labels", () => {
  it("numbers wishes from one", () => {
    expect(wishLabel(english, 0)).toBe("Wish 1");
    expect(formatTheta(3.14159)).toBe("3.14");
  });
});
