/**
 * The one interface between the app and a quantum backend.
 *
 * Bit strings everywhere in this layer read left to right by qubit:
 * character i is the measured value of qubit i, which encodes wish i of the batch.
 */

export type { RingBatch } from "../../app/domain/circuit";
import type { RingBatch } from "../../app/domain/circuit";

export type { ProviderName } from "../../app/domain/quantum-config";
import type { ProviderName } from "../../app/domain/quantum-config";

export interface JobRef {
  provider: ProviderName;
  jobId: string;
  backend: string;
}

/** A submitted job and what was really sent: the native program and the physical qubit of each wish. */
export interface SubmittedJob extends JobRef {
  qasm: string | null;
  physicalQubits: number[];
}

/** How long a job waited and ran, and what it cost, as far as the provider has told. */
export interface JobUsage {
  /** Seconds charged; null while the provider has not settled the figure. */
  usageSeconds: number | null;
  queueSeconds: number | null;
  runSeconds: number | null;
}

export type JobStatus =
  | { state: "queued" }
  | { state: "running" }
  | ({
      state: "completed";
      bitstring: string;
      counts: Record<string, number>;
    } & JobUsage)
  | { state: "failed"; error: string; retryable: boolean };

/** What the instance has left: seconds, or no limit at all. */
export type Remaining = { seconds: number } | { unlimited: true };

export interface QuantumProvider {
  readonly name: ProviderName;
  submit(batch: RingBatch): Promise<SubmittedJob>;
  poll(job: JobRef): Promise<JobStatus>;
  remaining(): Promise<Remaining>;
  /** The job already created for a ring, if the provider can tell (a submission whose answer was lost). */
  findJob?(ringId: string): Promise<SubmittedJob | null>;
  /** Asks the provider to stop a job; a job already finished is not an error. */
  cancel?(job: JobRef): Promise<void>;
  /** Reads a finished job's usage again, until the provider settles it. */
  usage?(job: JobRef): Promise<JobUsage>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterSeconds?: number,
    /** The request may have reached the provider: a job may exist although no answer came back. */
    readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export { RING_BATCH_SIZE as MAX_WISHES_PER_RING, SHOTS } from "../../app/domain/limits";
