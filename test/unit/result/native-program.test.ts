import { describe, expect, it } from "vitest";
import { english } from "../../support/english";
import { nativeProgramSentence, qubitAssignments, summariseNativeProgram } from "../../../app/components/result/native-program";
import { FEZ_QASM } from "./fixtures";

describe("the native program of a hardware ring", () => {
  it("counts the gates the chip ran, in order of first use, and the measurements", () => {
    const summary = summariseNativeProgram(FEZ_QASM);
    expect(summary).toEqual({
      gates: [
        { name: "rz", count: 4 },
        { name: "sx", count: 3 },
        { name: "x", count: 1 },
        { name: "cz", count: 2 },
      ],
      measurements: 3,
    });
    expect(nativeProgramSentence(english, summary, true)).toBe("The chip ran 10 native gates (4 rz, 3 sx, 1 x, 2 cz), then 3 measurements.");
  });

  it("ignores the header and speaks in the singular where it should", () => {
    const summary = summariseNativeProgram('OPENQASM 3.0;\ninclude "stdgates.inc";\nbit[1] c;\nsx $7;\nc[0] = measure $7;\n');
    expect(nativeProgramSentence(english, summary, true)).toBe("The chip ran 1 native gate (1 sx), then 1 measurement.");
    expect(nativeProgramSentence(english, summariseNativeProgram(""), true)).toBe("The chip ran 0 native gates, then 0 measurements.");
  });

  it("does not say the chip ran a program that has not run", () => {
    expect(nativeProgramSentence(english, summariseNativeProgram(FEZ_QASM), false)).toBe("The program holds 10 native gates (4 rz, 3 sx, 1 x, 2 cz), then 3 measurements.");
  });

  it("says which physical qubit carried which wish and which classical bit it was read into", () => {
    expect(qubitAssignments(english, [12, 13, 14])).toEqual([
      "Wish 1 → physical qubit 12, read into c[0]",
      "Wish 2 → physical qubit 13, read into c[1]",
      "Wish 3 → physical qubit 14, read into c[2]",
    ]);
  });
});
