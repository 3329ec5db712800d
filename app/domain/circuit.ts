import { RING_BATCH_SIZE } from "./limits";

/** The wishes of one ring, in the order that assigns them to qubits 0..n-1. */
export interface RingBatch {
  ringId: string;
  wishes: { id: string; text: string }[];
}

export type Gate =
  | { op: "ry"; q: number; theta: number }
  | { op: "rz"; q: number; theta: number }
  | { op: "sx"; q: number }
  | { op: "x"; q: number }
  | { op: "h"; q: number }
  | { op: "cx"; control: number; target: number }
  | { op: "cz"; control: number; target: number }
  | { op: "measure"; q: number };

/** Gates in the order they are applied; qubit i holds wish i. */
export interface Circuit {
  qubits: number;
  gates: Gate[];
}

const UINT32_RANGE = 2 ** 32;

/** θ in [0, π) from the first four bytes (big-endian) of SHA-256(ringId + "\n" + text). */
export async function wishAngle(ringId: string, text: string): Promise<number> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${ringId}\n${text}`));
  return (new DataView(digest).getUint32(0) / UINT32_RANGE) * Math.PI;
}

/**
 * The circuit of a ring (docs/architecture.md#the-quantum-provider), pure, so the providers run it and the result page draws it from one definition.
 * One qubit per wish: RY(θ_i) on each, a CX chain q0→q1→…→q(n-1), then measure all. */
export async function buildCircuit(batch: RingBatch): Promise<Circuit> {
  const qubits = batch.wishes.length;
  if (qubits < 1 || qubits > RING_BATCH_SIZE) throw new RangeError(`A ring holds 1 to ${RING_BATCH_SIZE} wishes, got ${qubits}.`);
  const angles = await Promise.all(batch.wishes.map((wish) => wishAngle(batch.ringId, wish.text)));
  const gates: Gate[] = angles.map((theta, q) => ({ op: "ry", q, theta }));
  for (let q = 0; q + 1 < qubits; q++) gates.push({ op: "cx", control: q, target: q + 1 });
  for (let q = 0; q < qubits; q++) gates.push({ op: "measure", q });
  return { qubits, gates };
}
