import type { RoomMessage } from "~/domain/room-messages";
import {
  completeRing,
  dueRings,
  failRing,
  nextDueAt,
  postponePoll,
  recordRetry,
  recordSubmission,
  ringWishes,
  type BatchWish,
} from "~/server/rings.server";
import { ProviderError, type JobStatus } from "./quantum";
import type { RoomProvider } from "./room-provider";

/** A ring's job is tried this many times (submit or poll failures) before its wishes go back to the pool. */
export const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 2_000;
const RETRY_CAP_MS = 60_000;
/** The simulator answers at once; a real backend queues, so it is asked less often. */
const POLL_INTERVAL_MS = { simulator: 500, ibm: 10_000 } as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Why a provider's "completed" answer cannot be the result of a ring of `qubits` wishes, or null when it can. */
export function resultProblem(result: { bitstring: string; counts: Record<string, number> }, qubits: number): string | null {
  const outcome = new RegExp(`^[01]{${qubits}}$`);
  if (qubits === 0) return "The ring has no wishes to read a result for.";
  if (!outcome.test(result.bitstring)) return `The quantum result "${result.bitstring.slice(0, 16)}" does not have one bit for each of the ${qubits} wishes.`;
  const entries = Object.entries(result.counts);
  if (entries.length === 0) return "The quantum result came without any counts.";
  for (const [bits, count] of entries) {
    if (!outcome.test(bits) || !Number.isInteger(count) || count <= 0) return "The quantum result's counts are malformed.";
  }
  if (!(result.bitstring in result.counts)) return "The quantum result's bit string is not among its counts.";
  return null;
}

type Broadcast = (message: RoomMessage) => void;
type WakeAt = (at: number) => Promise<void>;

/** The life of a ring's quantum job: submit, poll, store the result, retry within bounds, or give the wishes back. */
export class RingJobs {
  constructor(
    private readonly env: Env,
    private readonly provider: RoomProvider,
    private readonly broadcast: Broadcast,
    private readonly wakeAt: WakeAt,
  ) {}

  /** Submits a ring's job; a failure leaves the ring queued for a later attempt, never lost. */
  async submit(ringId: string, wishes: BatchWish[], previousAttempts: number, now: number): Promise<void> {
    const attempts = previousAttempts + 1;
    try {
      const job = await this.provider.submit({ ringId, wishes });
      await recordSubmission(this.env, ringId, job, attempts);
      await this.wakeAt(now + POLL_INTERVAL_MS[this.provider.name]);
    } catch (error) {
      await this.retryOrFail(ringId, attempts, error, now);
    }
  }

  async advanceDue(now: number): Promise<number> {
    const rings = await dueRings(this.env, now);
    for (const ring of rings) {
      if (!ring.jobId) {
        const wishes = await ringWishes(this.env, ring.id);
        if (wishes.length === 0) await failRing(this.env, ring.id, "The ring has no wishes left.", now);
        else await this.submit(ring.id, wishes, ring.attempts, now);
        continue;
      }
      await this.pollOne(ring.id, { provider: ring.provider as RoomProvider["name"], jobId: ring.jobId, backend: ring.backend ?? "" }, ring.attempts, now);
    }
    const next = await nextDueAt(this.env);
    if (next !== null) await this.wakeAt(Math.max(next, now + POLL_INTERVAL_MS.simulator));
    return rings.length;
  }

  private async pollOne(ringId: string, job: { provider: RoomProvider["name"]; jobId: string; backend: string }, attempts: number, now: number) {
    let status: JobStatus;
    try {
      status = await this.provider.poll(job);
    } catch (error) {
      await this.retryOrFail(ringId, attempts + 1, error, now, false);
      return;
    }
    if (status.state === "completed") {
      const problem = resultProblem(status, (await ringWishes(this.env, ringId)).length);
      if (problem) {
        // A result that cannot be this ring's (truncated, too narrow, malformed) is never stored: the job runs again.
        await this.retryOrFail(ringId, attempts + 1, new ProviderError(problem, true), now);
        return;
      }
      const poem = await completeRing(this.env, ringId, status, { debitLedger: this.provider.name === "simulator", now });
      this.broadcast({
        type: "batch-update",
        subType: "completed",
        bellRingId: ringId,
        data: { result: { quantumResult: status.bitstring, poem, counts: status.counts } },
      });
    } else if (status.state === "failed") {
      const error = new ProviderError(status.error, status.retryable);
      await this.retryOrFail(ringId, attempts + 1, error, now);
    } else {
      await postponePoll(this.env, ringId, now + POLL_INTERVAL_MS[this.provider.name]);
    }
  }

  /**
   * After a failed attempt: try again later (with the job resubmitted when it failed, or just polled again when
   * only the question failed), or, past the bound or on a permanent error, fail the ring and free its wishes.
   */
  private async retryOrFail(ringId: string, attempts: number, error: unknown, now: number, resubmit = true) {
    const message = error instanceof Error ? error.message : "The quantum job failed.";
    const retryable = !(error instanceof ProviderError) || error.retryable;
    if (retryable && attempts < MAX_ATTEMPTS) {
      const waitMs = Math.max(retryDelayMs(attempts), (error instanceof ProviderError ? (error.retryAfterSeconds ?? 0) : 0) * 1000);
      await recordRetry(this.env, ringId, { attempts, error: message, nextAttemptAt: now + waitMs, resubmit });
      await this.wakeAt(now + waitMs);
      this.broadcast({ type: "batch-update", subType: "failed", bellRingId: ringId, data: { error: message, retrying: true } });
      return;
    }
    await failRing(this.env, ringId, message, now);
    this.broadcast({ type: "batch-update", subType: "failed", bellRingId: ringId, data: { error: message, retrying: false } });
  }
}
