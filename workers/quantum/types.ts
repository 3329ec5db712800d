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

/** A job found by the ring's tag, newest first, with the state the provider reports for it. */
export interface FoundJob extends SubmittedJob {
  /** "unknown": a state the provider reports that we do not know; such a job may still run. */
  state: "queued" | "running" | "completed" | "failed" | "cancelled" | "unknown";
}

/** A cancel either went through, or the provider said the job had already ended (IBM's 409). */
export type CancelOutcome = "cancelled" | "already-ended";

/** What the instance has left: seconds, or no limit at all. */
export type Remaining = { seconds: number } | { unlimited: true };

export interface QuantumProvider {
  readonly name: ProviderName;
  submit(batch: RingBatch): Promise<SubmittedJob>;
  poll(job: JobRef): Promise<JobStatus>;
  remaining(): Promise<Remaining>;
  /**
   * The jobs already created for a ring, newest first, each with its state (a submission whose answer was lost, a
   * job that ended); only the one the ring may adopt carries its program.
   */
  findJobs?(ringId: string): Promise<FoundJob[]>;
  /** Asks the provider to stop a job; says whether it was stopped or had already ended. Any other answer throws. */
  cancel?(job: JobRef): Promise<CancelOutcome>;
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
    /** The provider's HTTP status, when it answered with one. */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export { RING_BATCH_SIZE as MAX_WISHES_PER_RING, SHOTS } from "../../app/domain/limits";
