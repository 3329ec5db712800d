import type { PublicWish } from "../../../app/domain/public-wish";
import type { HardwareRun, RingView } from "../../../app/domain/ring-view";

/** The program our IBM client writes for a 3-wish ring on qubits 12, 13 and 14 of ibm_fez (shape of workers/quantum/qasm.ts). */
export const FEZ_QASM = [
  "OPENQASM 3.0;",
  'include "stdgates.inc";',
  "bit[3] c;",
  "rz(1.5707963267948966) $12;",
  "sx $12;",
  "rz(2.0943951023931953) $12;",
  "rz(1.5707963267948966) $13;",
  "sx $13;",
  "rz(0.7853981633974483) $13;",
  "x $14;",
  "cz $12, $13;",
  "sx $13;",
  "cz $13, $14;",
  "c[0] = measure $12;",
  "c[1] = measure $13;",
  "c[2] = measure $14;",
  "",
].join("\n");

export const fezRun = (run: Partial<HardwareRun> = {}): HardwareRun => ({
  backend: "ibm_fez",
  qpuSeconds: 2,
  queueSeconds: 240,
  runSeconds: 2.1,
  physicalQubits: [12, 13, 14],
  qasm: FEZ_QASM,
  ...run,
});

const wish = (index: number): PublicWish => ({
  id: `wish-${index}`,
  wish: `May the rivers of village ${index} run clear and calm for everyone`,
  name: `Dreamer ${index}`,
  country: "France",
  countryCode: "FR",
  location: "France",
  theme: "Peace",
  status: "entangled",
  bellRingId: "01JRINGTEST",
  timestamp: "2026-04-20T10:00:00.000Z",
  resonanceCount: 0,
});

/** A completed 3-wish simulator ring, as getRingView returns it. */
export function simulatorRing(ring: Partial<RingView> = {}): RingView {
  return {
    id: "01JRINGTEST",
    status: "completed",
    createdAt: "2026-04-20T10:00:00.000Z",
    completedAt: "2026-04-20T10:00:02.000Z",
    secondsTaken: 2,
    provider: "simulator",
    providerLabel: "Built-in simulator (exact state-vector)",
    isSimulator: true,
    backend: "simulator (exact state-vector)",
    wishes: [wish(1), wish(2), wish(3)],
    circuit: {
      qubits: 3,
      gates: [
        { op: "ry", q: 0, theta: 1.1 },
        { op: "ry", q: 1, theta: 2.2 },
        { op: "ry", q: 2, theta: 0.4 },
        { op: "cx", control: 0, target: 1 },
        { op: "cx", control: 1, target: 2 },
        { op: "measure", q: 0 },
        { op: "measure", q: 1 },
        { op: "measure", q: 2 },
      ],
    },
    bitstring: "110",
    counts: { "110": 61, "011": 25, "000": 14 },
    shots: 100,
    error: null,
    attempts: 1,
    hardware: null,
    ...ring,
  };
}

/** The same ring run on ibm_fez: queued 4 minutes, ran 2.1 seconds, 2 QPU seconds charged. */
export function hardwareRing(ring: Partial<RingView> = {}): RingView {
  return simulatorRing({
    provider: "ibm",
    providerLabel: "IBM Quantum ibm_fez",
    isSimulator: false,
    backend: "ibm_fez",
    secondsTaken: 252,
    hardware: fezRun(),
    ...ring,
  });
}
