import { MAX_WISHES_PER_RING, ProviderError, type RingBatch } from "./types";

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

/** One qubit per wish: RY(θ_i) on each, a CX chain q0→q1→…→q(n-1), then measure all. */
export async function buildCircuit(batch: RingBatch): Promise<Circuit> {
  const qubits = batch.wishes.length;
  if (qubits < 1 || qubits > MAX_WISHES_PER_RING) {
    throw new ProviderError(`A ring holds 1 to ${MAX_WISHES_PER_RING} wishes, got ${qubits}.`, false);
  }
  const angles = await Promise.all(batch.wishes.map((wish) => wishAngle(batch.ringId, wish.text)));
  const gates: Gate[] = angles.map((theta, q) => ({ op: "ry", q, theta }));
  for (let q = 0; q + 1 < qubits; q++) gates.push({ op: "cx", control: q, target: q + 1 });
  for (let q = 0; q < qubits; q++) gates.push({ op: "measure", q });
  return { qubits, gates };
}
