import { describe, it, expect } from "vitest";
import { countsFromHexSamples, hexSampleToBitstring } from "../../../workers/quantum/ibm-samples";
import { toNativeGates } from "../../../workers/quantum/native-gates";
import { toQasm } from "../../../workers/quantum/qasm";

describe("toQasm", () => {
  it("writes OpenQASM 3 on physical qubits, measuring logical qubit i into c[i]", () => {
    const native = toNativeGates({
      qubits: 2,
      gates: [
        { op: "ry", q: 0, theta: 0.5 },
        { op: "cx", control: 0, target: 1 },
        { op: "measure", q: 0 },
        { op: "measure", q: 1 },
      ],
    });
    expect(toQasm(native, [7, 4])).toBe(
      [
        "OPENQASM 3.0;",
        'include "stdgates.inc";',
        "bit[2] c;",
        "sx $7;",
        "rz(3.641592653589793) $7;",
        "sx $7;",
        "rz(3.141592653589793) $7;",
        "rz(1.5707963267948966) $4;",
        "sx $4;",
        "rz(1.5707963267948966) $4;",
        "cz $7, $4;",
        "rz(1.5707963267948966) $4;",
        "sx $4;",
        "rz(1.5707963267948966) $4;",
        "c[0] = measure $7;",
        "c[1] = measure $4;",
        "",
      ].join("\n"),
    );
  });

  it("writes x and negative angles", () => {
    const text = toQasm(
      {
        qubits: 1,
        gates: [
          { op: "x", q: 0 },
          { op: "rz", q: 0, theta: -0.25 },
          { op: "measure", q: 0 },
        ],
      },
      [3],
    );
    expect(text).toContain("x $3;\nrz(-0.25) $3;\nc[0] = measure $3;");
  });

  it("refuses a layout of the wrong size", () => {
    expect(() => toQasm({ qubits: 2, gates: [] }, [0])).toThrow(RangeError);
  });
});

describe("IBM hex samples", () => {
  it("reads bit j of the integer (least significant first) as character j", () => {
    expect(hexSampleToBitstring("0x0", 3)).toBe("000");
    expect(hexSampleToBitstring("0x1", 3)).toBe("100");
    expect(hexSampleToBitstring("0x6", 3)).toBe("011");
    expect(hexSampleToBitstring("0x1f", 5)).toBe("11111");
    expect(hexSampleToBitstring("0x10", 5)).toBe("00001");
    expect(hexSampleToBitstring("0xA", 4)).toBe("0101");
  });

  it("refuses samples that are not hex or do not fit", () => {
    expect(() => hexSampleToBitstring("3", 2)).toThrow(RangeError);
    expect(() => hexSampleToBitstring("0x8", 3)).toThrow(RangeError);
  });

  it("counts converted samples", () => {
    expect(countsFromHexSamples(["0x3", "0x0", "0x3", "0x1"], 2)).toEqual({ "11": 2, "00": 1, "10": 1 });
  });
});
