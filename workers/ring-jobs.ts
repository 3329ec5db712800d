import { BATCH_FAILED, BATCH_GAVE_UP } from "~/domain/messages";
import type { RoomMessage } from "~/domain/room-messages";
import {
  completeRing,
  dueRings,
  failRing,
  nextDueAt,
  postponePoll,
  recordRetry,
  recordSubmission,
  recordSubmitStart,
  recordUsage,
  ringsAwaitingUsage,
  ringWishes,
  submissionsSince,
  type BatchWish,
} from "~/server/rings.server";
import { mapCodeOf } from "~/server/map.server";
import { ProviderError, QuantumConfigurationError, type JobRef, type JobStatus } from "./quantum";
import { DEFAULT_JOB_CREATE_TIMEOUT_MS } from "./quantum/timeout";
import type { RoomProvider, RoomProviders } from "./room-provider";

/** A ring's job is tried this many times (submit or poll failures) before its wishes go back to the pool. */
export const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 2_000;
const RETRY_CAP_MS = 60_000;
/** The simulator answers at once; a real backend queues, so it is asked less often (IBM_POLL_SECONDS overrides). */
const SIMULATOR_POLL_MS = 500;
export const DEFAULT_IBM_POLL_SECONDS = 10;
/** IBM allows 5 job creations a minute per user (qiskit-ibm-runtime's documented limit); configurable. */
export const DEFAULT_JOBS_PER_MINUTE = 5;
const RATE_WINDOW_MS = 60_000;
/** A job still queued this long after IBM accepted it is cancelled and its wishes freed (a few hours by default). */
export const DEFAULT_MAX_QUEUE_MINUTES = 180;
/** How often, and for how long, a finished job's unsettled usage is read again. */
const USAGE_READ_INTERVAL_MS = 60_000;
const USAGE_READ_FOR_MS = 24 * 60 * 60 * 1000;
/** How long a finished ring's message waits for the credits left before it goes without them. */
const CREDITS_IN_RESULT_WAIT_MS = 1_000;
/** Beyond the creation deadline, before a restarted room may look for a job whose creation it lost track of. */
const IN_FLIGHT_MARGIN_MS = 60_000;

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

export interface RingJobsSettings {
  ibmPollMs: number;
  jobsPerMinute: number;
  maxQueueMs: number;
  jobCreateTimeoutMs: number;
}

const positive = (value: string | undefined) => (Number(value) > 0 ? Number(value) : undefined);

type SettingName = "IBM_POLL_SECONDS" | "IBM_JOBS_PER_MINUTE" | "IBM_MAX_QUEUE_MINUTES" | "IBM_JOB_CREATE_TIMEOUT_MS";

export function ringJobsSettings(env: Partial<Record<SettingName, string>>): RingJobsSettings {
  return {
    ibmPollMs: (positive(env.IBM_POLL_SECONDS) ?? DEFAULT_IBM_POLL_SECONDS) * 1000,
    jobsPerMinute: positive(env.IBM_JOBS_PER_MINUTE) ?? DEFAULT_JOBS_PER_MINUTE,
    maxQueueMs: (positive(env.IBM_MAX_QUEUE_MINUTES) ?? DEFAULT_MAX_QUEUE_MINUTES) * 60_000,
    jobCreateTimeoutMs: positive(env.IBM_JOB_CREATE_TIMEOUT_MS) ?? DEFAULT_JOB_CREATE_TIMEOUT_MS,
  };
}

type Broadcast = (message: RoomMessage) => void;
type WakeAt = (at: number) => Promise<void>;

interface RingToSubmit {
  id: string;
  provider: string;
  /** Set when a job-creation request was sent before: its job may exist although no answer came back. */
  submitStartedAt: number | null;
}

/**
 * The life of a ring's quantum job: submit, poll, store the result, retry within bounds, or give the wishes back.
 * A ring is finished by the provider it was created with, whatever QUANTUM_PROVIDER says now.
 */
export class RingJobs {
  /** Rings whose job creation is under way in this instance; the poller leaves them alone. */
  private readonly inFlight = new Set<string>();
  private readonly settings: RingJobsSettings;

  constructor(
    private readonly env: Env,
    private readonly providers: RoomProviders,
    private readonly broadcast: Broadcast,
    private readonly wakeAt: WakeAt,
    settings?: Partial<RingJobsSettings>,
  ) {
    this.settings = { ...ringJobsSettings(env as unknown as Record<string, string | undefined>), ...settings };
  }

  private pollMs(provider: string): number {
    return provider === "simulator" ? SIMULATOR_POLL_MS : this.settings.ibmPollMs;
  }

  /**
   * Submits a ring's job; a failure leaves the ring queued for a later attempt, never lost. Before a resubmission
   * whose earlier request may have landed, the job already made for the ring is looked for first, so one ring never
   * pays for two jobs; and no more jobs are created per minute than the provider allows (the rest wait their turn).
   */
  async submit(ring: RingToSubmit, wishes: BatchWish[], previousAttempts: number, now: number): Promise<void> {
    const chosen = await this.providerFor(ring.id, ring.provider, now);
    if (!chosen) return;
    const attempts = previousAttempts + 1;
    this.inFlight.add(ring.id);
    try {
      if (ring.submitStartedAt !== null && chosen.findJob) {
        const existing = await chosen.findJob(ring.id);
        if (existing) {
          await recordSubmission(this.env, ring.id, existing, attempts, now);
          await this.wakeAt(now + this.pollMs(chosen.name));
          return;
        }
      }
      // The simulator runs at once and costs nothing; a remote job counts toward the provider's per-minute limit, is
      // stamped before its request leaves, and a restarted room waits out its deadline, then looks for the job first.
      if (chosen.name !== "simulator") {
        const window = await submissionsSince(this.env, chosen.name, now - RATE_WINDOW_MS);
        if (window.count >= this.settings.jobsPerMinute) {
          const at = (window.oldest ?? now) + RATE_WINDOW_MS + 1;
          await postponePoll(this.env, ring.id, at);
          await this.wakeAt(at);
          return;
        }
        await recordSubmitStart(this.env, ring.id, now, now + this.settings.jobCreateTimeoutMs + IN_FLIGHT_MARGIN_MS);
      }
      const job = await chosen.submit({ ringId: ring.id, wishes });
      await recordSubmission(this.env, ring.id, job, attempts, now);
      await this.wakeAt(now + this.pollMs(chosen.name));
    } catch (error) {
      await this.afterFailure(ring.id, attempts, error, now);
    } finally {
      this.inFlight.delete(ring.id);
    }
  }

  async advanceDue(now: number): Promise<number> {
    const rings = (await dueRings(this.env, now)).filter((ring) => !this.inFlight.has(ring.id));
    for (const ring of rings) {
      if (!ring.jobId) {
        const wishes = await ringWishes(this.env, ring.id);
        if (wishes.length === 0) await failRing(this.env, ring.id, "The ring has no wishes left.", now);
        else await this.submit(ring, wishes, ring.attempts, now);
        continue;
      }
      const job = { provider: ring.provider as RoomProvider["name"], jobId: ring.jobId, backend: ring.backend ?? "" };
      await this.pollOne(ring.id, job, ring.attempts, ring.submittedAt, now);
    }
    const settling = await ringsAwaitingUsage(this.env, now);
    for (const ring of settling) await this.readUsageAgain(ring, now);
    const next = await nextDueAt(this.env);
    if (next !== null) await this.wakeAt(Math.max(next, now + SIMULATOR_POLL_MS));
    return rings.length + settling.length;
  }

  /** The ring's own provider, or null once the ring has been failed because that provider can no longer be made. */
  private async providerFor(ringId: string, name: string, now: number): Promise<RoomProvider | null> {
    try {
      return this.providers.forRing(name);
    } catch (error) {
      if (!(error instanceof QuantumConfigurationError)) throw error;
      await this.giveUp(ringId, `This ring was created with ${name}, which is no longer configured: ${error.message}`, now);
      return null;
    }
  }

  private async pollOne(ringId: string, job: JobRef, attempts: number, submittedAt: number | null, now: number) {
    const provider = await this.providerFor(ringId, job.provider, now);
    if (!provider) return;
    let status: JobStatus;
    try {
      status = await provider.poll(job);
    } catch (error) {
      await this.afterFailure(ringId, attempts + 1, error, now, false);
      return;
    }
    if (status.state === "completed") {
      const wishes = await ringWishes(this.env, ringId);
      const problem = resultProblem(status, wishes.length);
      if (problem) {
        // A result that cannot be this ring's (truncated, too narrow, malformed) is never stored: the job runs again.
        await this.afterFailure(ringId, attempts + 1, new ProviderError(problem, true), now);
        return;
      }
      const poem = await completeRing(this.env, ringId, status, {
        debitLedger: provider.name === "simulator",
        now,
        nextUsageReadAt: now + USAGE_READ_INTERVAL_MS,
      });
      this.broadcast({
        type: "batch-update",
        subType: "completed",
        bellRingId: ringId,
        data: {
          result: { quantumResult: status.bitstring, poem, counts: status.counts },
          completedAt: new Date(now).toISOString(),
          ...(await this.creditsLeft()),
          countryCodes: wishes.flatMap((wish) => mapCodeOf(wish) ?? []),
        },
      });
    } else if (status.state === "failed") {
      await this.afterFailure(ringId, attempts + 1, new ProviderError(status.error, status.retryable), now);
    } else if (status.state === "queued" && submittedAt !== null && now - submittedAt > this.settings.maxQueueMs) {
      await this.cancelQueued(provider, ringId, job, submittedAt, now);
    } else {
      await postponePoll(this.env, ringId, now + this.pollMs(provider.name));
    }
  }

  /**
   * The credits left after a ring, for the pages to show without asking. The simulator's ledger is one D1 read; a
   * remote provider's balance is cached for a minute only, so after a queued job it is usually read afresh: given a
   * second, else the result goes out without it (its pages read the credits once) rather than wait on the provider.
   */
  private async creditsLeft(): Promise<{ creditsSeconds?: number | null }> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const remaining = await Promise.race([
        this.providers.current().remaining(),
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CREDITS_IN_RESULT_WAIT_MS))),
      ]);
      if (remaining === null) return {};
      return { creditsSeconds: "unlimited" in remaining ? null : remaining.seconds };
    } catch {
      return {};
    } finally {
      clearTimeout(timer);
    }
  }

  /** A job that has waited past the bound is cancelled and its ring failed, so its wishes can ring again. */
  private async cancelQueued(provider: RoomProvider, ringId: string, job: JobRef, submittedAt: number, now: number) {
    try {
      await provider.cancel?.(job);
    } catch (error) {
      // Not cancelled yet: the job could still run and charge, so the ring waits and tries the cancel again.
      await postponePoll(this.env, ringId, now + this.pollMs(provider.name), `Cancelling the queued job failed: ${errorText(error)}`);
      return;
    }
    const minutes = Math.round((now - submittedAt) / 60_000);
    await this.giveUp(ringId, `Cancelled job ${job.jobId} after ${minutes} minutes in the queue of ${job.backend || "the backend"} (limit ${Math.round(this.settings.maxQueueMs / 60_000)} minutes).`, now);
  }

  private async readUsageAgain(ring: { id: string; provider: string; jobId: string | null; backend: string | null; completedAt: number | null }, now: number) {
    // A finished ring is never failed: without its provider it just stops asking.
    let provider: RoomProvider | null = null;
    try {
      provider = this.providers.forRing(ring.provider);
    } catch {
      provider = null;
    }
    const tooLate = ring.completedAt === null || now - ring.completedAt > USAGE_READ_FOR_MS;
    if (!provider?.usage || !ring.jobId || tooLate) {
      // Past a day without a settled figure the ring stops asking and shows its usage as unknown.
      await recordUsage(this.env, ring.id, { usageSeconds: null, queueSeconds: null, runSeconds: null }, null);
      return;
    }
    const usage = await provider.usage({ provider: provider.name, jobId: ring.jobId, backend: ring.backend ?? "" }).catch(() => null);
    await recordUsage(this.env, ring.id, usage ?? { usageSeconds: null, queueSeconds: null, runSeconds: null }, now + USAGE_READ_INTERVAL_MS);
  }

  /**
   * After a failed attempt: wait out a rate limit without counting it, try again later (with the job resubmitted
   * when it failed, or just polled again when only the question failed), or, past the bound or on a permanent
   * error, fail the ring and free its wishes. Visitors hear the spec's sentences; the provider's words go to /admin.
   */
  private async afterFailure(ringId: string, attempts: number, error: unknown, now: number, resubmit = true) {
    const message = errorText(error);
    if (error instanceof ProviderError && error.retryAfterSeconds !== undefined && error.retryable) {
      const at = now + Math.max(1, error.retryAfterSeconds) * 1000;
      await postponePoll(this.env, ringId, at, message);
      await this.wakeAt(at);
      return;
    }
    const retryable = !(error instanceof ProviderError) || error.retryable;
    if (retryable && attempts < MAX_ATTEMPTS) {
      const waitMs = retryDelayMs(attempts);
      await recordRetry(this.env, ringId, { attempts, error: message, nextAttemptAt: now + waitMs, resubmit });
      await this.wakeAt(now + waitMs);
      this.broadcast({ type: "batch-update", subType: "failed", bellRingId: ringId, data: { error: BATCH_FAILED, retrying: true } });
      return;
    }
    await this.giveUp(ringId, message, now);
  }

  private async giveUp(ringId: string, reason: string, now: number) {
    await failRing(this.env, ringId, reason, now);
    this.broadcast({ type: "batch-update", subType: "failed", bellRingId: ringId, data: { error: BATCH_GAVE_UP, retrying: false } });
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : "The quantum job failed.";
}
