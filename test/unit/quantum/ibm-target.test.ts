/** Issue 17, points 1, 5 and 6: the region's host, a working line of qubits, and a tolerant choice of backend. */
import { describe, expect, it } from "vitest";
import { ibmApiUrl, QuantumConfigurationError } from "../../../workers/quantum";
import { onlineByQueue, workingTarget } from "../../../workers/quantum/ibm-backend";
import { findQubitLine } from "../../../workers/quantum/native-gates";
import { physicalQubitsOf, toQasm } from "../../../workers/quantum/qasm";

const US_EAST = "crn:v1:bluemix:public:quantum-computing:us-east:a/0123456789abcdef0123456789abcdef:7c1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6::";
const EU_DE = "crn:v1:bluemix:public:quantum-computing:eu-de:a/0123456789abcdef0123456789abcdef:5a6b7c8d-1e2f-4a3b-9c4d-e5f6a7b8c9d0::";

describe("the API host comes from the instance CRN's region (IBM's default_runtime_url_resolver)", () => {
  it("us-east uses the bare host, any other region its own prefix", () => {
    expect(ibmApiUrl(US_EAST)).toBe("https://quantum.cloud.ibm.com/api/v1");
    expect(ibmApiUrl(EU_DE)).toBe("https://eu-de.quantum.cloud.ibm.com/api/v1");
  });

  it("an explicit IBM_API_URL wins, without a trailing slash", () => {
    expect(ibmApiUrl(EU_DE, "http://127.0.0.1:9999/api/v1/")).toBe("http://127.0.0.1:9999/api/v1");
  });

  it("a value that is not an instance CRN is a configuration mistake that says so", () => {
    expect(() => ibmApiUrl("my-instance")).toThrow(QuantumConfigurationError);
    expect(() => ibmApiUrl("my-instance")).toThrow(/IBM_INSTANCE_CRN/);
  });
});

/** A line 0–1–2–3–4–5–6 plus a branch 2–7–8: the shapes a heavy-hex excerpt has. */
const COUPLING: [number, number][] = [
  [0, 1], [1, 0], [1, 2], [2, 1], [2, 3], [3, 2], [3, 4], [4, 3], [4, 5], [5, 4], [5, 6], [6, 5], [2, 7], [7, 2], [7, 8], [8, 7],
];
const qubit = (readout: number, operational = true) => [
  { name: "T1", value: 200 },
  { name: "readout_error", value: readout },
  ...(operational ? [] : [{ name: "operational", value: 0 }]),
];
const cz = (a: number, b: number, error: number, operational = true) => ({
  gate: "cz",
  qubits: [a, b],
  parameters: [{ name: "gate_error", value: error }, ...(operational ? [] : [{ name: "operational", value: 0 }])],
});

describe("a working line of qubits (IBM refuses faulty qubits and edges)", () => {
  const config = { basis_gates: ["cz", "rz", "sx", "x"], coupling_map: COUPLING };

  it("skips a faulty qubit and a faulty edge that the lowest-numbered line would use", () => {
    const properties = {
      qubits: [qubit(0.01), qubit(0.01, false), qubit(0.01), qubit(0.01), qubit(0.01), qubit(0.01), qubit(0.01), qubit(0.01), qubit(0.01)],
      gates: [cz(3, 4, 0.005, false), cz(4, 3, 0.005, false)],
    };
    const target = workingTarget("ibm_test", config, properties);
    expect(findQubitLine(COUPLING, 3)).toEqual([0, 1, 2]);
    const line = findQubitLine(target.couplingMap, 3, target.costs);
    expect(line).not.toContain(1);
    expect(line.join("-")).not.toMatch(/(^|-)3-4(-|$)|(^|-)4-3(-|$)/);
  });

  it("treats a cz with gate_error 1 as broken, as IBM marks it", () => {
    const properties = { qubits: [], gates: [cz(0, 1, 1), cz(1, 0, 1)] };
    const target = workingTarget("ibm_test", config, properties);
    expect(target.couplingMap.some(([a, b]) => (a === 0 && b === 1) || (a === 1 && b === 0))).toBe(false);
  });

  it("prefers the line with the lowest summed readout and cz error", () => {
    const noisy = 0.2;
    const properties = {
      qubits: [qubit(noisy), qubit(noisy), qubit(0.01), qubit(0.01), qubit(0.01), qubit(0.01), qubit(0.01), qubit(0.01), qubit(0.01)],
      gates: COUPLING.map(([a, b]) => {
        const edge = [a, b].sort().join("-");
        return cz(a, b, edge === "3-4" || edge === "4-5" ? 0.002 : edge === "2-3" || edge === "2-7" ? 0.09 : 0.01);
      }),
    };
    const target = workingTarget("ibm_test", config, properties);
    expect(findQubitLine(target.couplingMap, 3, target.costs)).toEqual([3, 4, 5]);
  });

  it("without calibration keeps the old stable choice (the lowest-numbered line)", () => {
    expect(findQubitLine(COUPLING, 4)).toEqual([0, 1, 2, 3]);
  });

  it("reads back the physical qubit of each wish from the program that was sent", () => {
    const qasm = toQasm({ qubits: 2, gates: [{ op: "cz", control: 0, target: 1 }, { op: "measure", q: 0 }, { op: "measure", q: 1 }] }, [12, 13]);
    expect(physicalQubitsOf(qasm)).toEqual([12, 13]);
    expect(physicalQubitsOf("OPENQASM 3.0;")).toEqual([]);
  });
});

describe("the backend list, read tolerantly (BackendsResponseV2)", () => {
  it("takes online, real backends by queue length, skipping entries it cannot read", () => {
    const devices = [
      { name: "ibm_busy", status: { name: "online" }, queue_length: 90, is_simulator: false },
      { name: "ibm_quiet", status: { name: "online", reason: "available" }, queue_length: 3 },
      { name: "ibm_paused", status: { name: "paused" }, queue_length: 0 },
      { name: "ibm_odd", status: "active", queue_length: 0 },
      { name: "ibm_noqueue", status: { name: "online" } },
      { name: "simulator_stabilizer", status: { name: "online" }, queue_length: 0, is_simulator: true },
      "not even an object",
      { name: "ibm_middle", status: { name: "online" }, queue_length: 12, qubits: null, processor_type: null },
    ];
    expect(onlineByQueue(devices)).toEqual(["ibm_quiet", "ibm_middle", "ibm_busy"]);
  });
});
