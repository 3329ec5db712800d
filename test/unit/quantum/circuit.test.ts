import { describe, it, expect } from "vitest";
import { buildCircuit, wishAngle } from "../../../app/domain/circuit";
import { batchCircuit } from "../../../workers/quantum/batch-circuit";
import { ProviderError } from "../../../workers/quantum/types";

const wish = (id: string, text: string) => ({ id, text });

describe("wishAngle", () => {
  it("maps the first four bytes of SHA-256(ringId + newline + text) onto [0, π)", async () => {
    // sha256("ring-1\npeace on earth, for everyone") starts 95f5d92b = 2515917099.
    expect(await wishAngle("ring-1", "peace on earth, for everyone")).toBeCloseTo((2515917099 / 2 ** 32) * Math.PI, 14);
    // sha256("ring-1\nclean water for every village") starts 9d1a9983 = 2635766147.
    expect(await wishAngle("ring-1", "clean water for every village")).toBeCloseTo(
      (2635766147 / 2 ** 32) * Math.PI,
      14,
    );
  });

  it("depends on the ring as well as the text", async () => {
    expect(await wishAngle("ring-2", "peace on earth, for everyone")).not.toBe(
      await wishAngle("ring-1", "peace on earth, for everyone"),
    );
  });
});

describe("buildCircuit", () => {
  it("puts RY on every wish's qubit, then a CX chain, then measures all", async () => {
    const batch = {
      ringId: "ring-1",
      wishes: [
        wish("a", "peace on earth, for everyone"),
        wish("b", "clean water for every village"),
        wish("c", "kindness between neighbours"),
      ],
    };
    const circuit = await buildCircuit(batch);
    expect(circuit.qubits).toBe(3);
    expect(circuit.gates.map((g) => g.op)).toEqual(["ry", "ry", "ry", "cx", "cx", "measure", "measure", "measure"]);
    expect(circuit.gates[0]).toEqual({ op: "ry", q: 0, theta: await wishAngle("ring-1", batch.wishes[0].text) });
    expect(circuit.gates[1]).toEqual({ op: "ry", q: 1, theta: await wishAngle("ring-1", batch.wishes[1].text) });
    expect(circuit.gates.slice(3, 5)).toEqual([
      { op: "cx", control: 0, target: 1 },
      { op: "cx", control: 1, target: 2 },
    ]);
    expect(circuit.gates.slice(5)).toEqual([0, 1, 2].map((q) => ({ op: "measure", q })));
  });

  it("keeps every angle within [0, π]", async () => {
    const wishes = Array.from({ length: 5 }, (_, i) => wish(String(i), `wish number ${i} for a calmer world`));
    for (const gate of (await buildCircuit({ ringId: "r", wishes })).gates) {
      if (gate.op === "ry") expect(gate.theta).toBeGreaterThanOrEqual(0);
      if (gate.op === "ry") expect(gate.theta).toBeLessThanOrEqual(Math.PI);
    }
  });

  it("refuses empty and oversized batches; a provider reports that as an error no retry can mend", async () => {
    const six = Array.from({ length: 6 }, (_, i) => wish(String(i), "a wish for peace"));
    await expect(buildCircuit({ ringId: "r", wishes: [] })).rejects.toBeInstanceOf(RangeError);
    await expect(buildCircuit({ ringId: "r", wishes: six })).rejects.toBeInstanceOf(RangeError);
    await expect(batchCircuit({ ringId: "r", wishes: [] })).rejects.toMatchObject({ retryable: false });
    await expect(batchCircuit({ ringId: "r", wishes: six })).rejects.toBeInstanceOf(ProviderError);
  });
});
