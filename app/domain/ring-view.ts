import type { z } from "zod";
import type { ringHistoryItemSchema, ringResponseSchema } from "./contract/shapes";
import type { PublicWish } from "./public-wish";
import type { RoomMessage } from "./room-messages";

/** The gates the result page draws: the logical circuit, before any rewrite for a backend. */
export type DiagramGate =
  | { op: "ry"; q: number; theta: number }
  | { op: "cx"; control: number; target: number }
  | { op: "measure"; q: number };

export type { RingStatus } from "./statuses";
import { RING_STATUS, type RingStatus } from "./statuses";

/** Everything the result page at /bell/{id} shows about one ring. */
export interface RingView {
  id: string;
  status: RingStatus;
  createdAt: string;
  completedAt: string | null;
  /** Seconds from the ring to the stored result, when completed. */
  secondsTaken: number | null;
  provider: "simulator" | "ibm";
  /** Human label, e.g. "IBM Quantum ibm_fez" or "Built-in simulator (exact state-vector)". */
  providerLabel: string;
  isSimulator: boolean;
  backend: string | null;
  wishes: PublicWish[];
  /** The logical circuit (one qubit per wish, in wish order), for the SVG diagram. */
  circuit: { qubits: number; gates: DiagramGate[] };
  /** Character i of every bit string is qubit i, i.e. wish i. */
  bitstring: string | null;
  counts: Record<string, number> | null;
  shots: number;
  /** A sentence for visitors when the ring is retrying or failed; never the provider's raw error text. */
  error: string | null;
  attempts: number;
  /** What the hardware reported for an IBM ring; null for simulator rings. */
  hardware: HardwareRun | null;
}

/** The real run of a hardware ring, as stored from IBM's job metrics. */
export interface HardwareRun {
  backend: string | null;
  /** QPU seconds IBM charged (stored usage); null until IBM reports its final usage. */
  qpuSeconds: number | null;
  /** Seconds the job waited in IBM's queue, and seconds it ran, from the job's timestamps; null until known. */
  queueSeconds: number | null;
  runSeconds: number | null;
  /** physicalQubits[i] is the backend qubit that carried wish i (and classical bit c[i]). */
  physicalQubits: number[];
  /** The OpenQASM 3 program that was submitted: native gates (rz, sx, cz) on the physical qubits. */
  qasm: string | null;
}

/** One entry of GET /api/bell/history (docs/api.md). */
export type RingHistoryItem = z.output<typeof ringHistoryItemSchema>;

/** The answer of POST /api/bell/ring (docs/api.md#calls). */
export type RingResponse = z.output<typeof ringResponseSchema>;


type BatchUpdate = Extract<RoomMessage, { type: "batch-update" }>;

/**
 * A waiting ring's page after the room's `batch-update` for it (docs/realtime.md#pages-follow-the-socket): the result and the time taken
 * come in the message, so the page shows them without asking the server; its verse is written from them in the page's
 * language (the message's `poem` is English). Null when the message cannot be applied
 * (another ring, or a completion without its time), and the page asks the server instead.
 */
export function applyBatchUpdate(ring: RingView, message: BatchUpdate): RingView | null {
  if (message.bellRingId !== ring.id) return null;
  if (message.subType === "failed") {
    return message.data.retrying ? { ...ring, error: message.data.error } : { ...ring, status: RING_STATUS.failed, error: message.data.error };
  }
  const { completedAt } = message.data;
  if (!completedAt || Number.isNaN(Date.parse(completedAt))) return null;
  const completed = Date.parse(completedAt);
  const { quantumResult, counts } = message.data.result;
  return {
    ...ring,
    status: RING_STATUS.completed,
    completedAt,
    secondsTaken: Math.max(0, (completed - Date.parse(ring.createdAt)) / 1000),
    bitstring: quantumResult,
    counts,
    error: null,
  };
}

const finished = (ring: RingView) => ring.status === RING_STATUS.completed || ring.status === RING_STATUS.failed;

/**
 * What a ring's page shows: the loader's ring, or what the room's socket said about it since. A ring never goes back
 * to waiting, so a live view that has finished stays over a loader answer that has not: a reload under way when the
 * socket brought the result was read before the result was stored, and lands after it.
 */
export function shownRing(loaded: RingView, live: { to: RingView; view: RingView } | null): RingView {
  if (!live || live.view.id !== loaded.id) return loaded;
  if (live.to === loaded) return live.view;
  return finished(live.view) && !finished(loaded) ? live.view : loaded;
}
