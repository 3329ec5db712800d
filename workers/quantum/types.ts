/**
 * The one interface between the app and a quantum backend.
 *
 * Bit strings everywhere in this layer read left to right by qubit:
 * character i is the measured value of qubit i, which encodes wish i of the batch.
 */

export interface RingBatch {
  ringId: string;
  /** 1 to 5 wishes, in the order that assigns them to qubits 0..n-1. */
  wishes: { id: string; text: string }[];
}

export type ProviderName = "simulator" | "ibm";

export interface JobRef {
  provider: ProviderName;
  jobId: string;
  backend: string;
}

export type JobStatus =
  | { state: "queued" }
  | { state: "running" }
  | {
      state: "completed";
      bitstring: string;
      counts: Record<string, number>;
      usageSeconds: number;
    }
  | { state: "failed"; error: string; retryable: boolean };

export interface QuantumProvider {
  readonly name: ProviderName;
  submit(batch: RingBatch): Promise<JobRef>;
  poll(job: JobRef): Promise<JobStatus>;
  remainingSeconds(): Promise<number>;
}

export class ProviderError extends Error {
  constructor(message: string, readonly retryable: boolean, readonly retryAfterSeconds?: number) {
    super(message);
    this.name = "ProviderError";
  }
}

export { RING_BATCH_SIZE as MAX_WISHES_PER_RING, SHOTS } from "../../app/domain/limits";
