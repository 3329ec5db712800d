import { BATCH_FAILED, BATCH_GAVE_UP } from "~/domain/messages";
import type { RoomMessage } from "~/domain/room-messages";
import { RING_STATUS } from "~/domain/statuses";
import { settingsOf } from "~/server/edge/settings.server";
import { jobsEndedWithoutResult, recordJobCharge, recordJobState, type LedgerState } from "~/server/rings/job-ledger.server";
import type { BatchWish } from "~/server/rings/claim.server";
import {
  completeRing,
  dueRings,
  failRing,
  holdRing,
  nextDueAt,
  postponePoll,
  recordJobRequests,
  recordLookupPending,
  recordReadFailure,
  recordReadSuccess,
  recordRetry,
  recordSubmission,
  recordSubmitStart,
  refundJobRequest,
  ringById,
  ringsAwaitingUsage,
  ringWishes,
  submissionsSince,
} from "~/server/rings/job-store.server";
import { mapCodeOf } from "~/server/geo/map.server";
import { noticeRing } from "~/server/rings/ring-notices.server";
import { ProviderError, QuantumConfigurationError, type CancelOutcome, type FoundJob, type JobRef, type JobStatus } from "../quantum";
import { ceilingRefusal } from "./budget-ceiling";
import { readRetry, UNKNOWN_READ_CAP_MS } from "./read-budget";
import {
  CREDITS_IN_RESULT_WAIT_MS,
  errorText,
  IN_FLIGHT_MARGIN_MS,
  LOOKUP_AFTER_LOST_ANSWER_MS,
  MAX_ATTEMPTS,
  RATE_WINDOW_MS,
  resultProblem,
  retryDelayMs,
  SIMULATOR_POLL_MS,
  USAGE_READ_INTERVAL_MS,
} from "./ring-job-rules";
import { ringJobsSettings, type RingJobsSettings } from "./ring-job-settings";
import type { RoomProvider, RoomProviders } from "./room-provider";
import { readUsageAgain } from "./usage-reads";

type Broadcast = (message: RoomMessage) => void;
type WakeAt = (at: number) => Promise<void>;

interface RingToSubmit {
  id: string;
  provider: string;
  /** Set when a job-creation request was sent before: its job may exist although no answer came back. */
  submitStartedAt: number | null;
  /** Job-creation requests so far that may have made a job (bell_rings.job_requests); 0 for a new ring. */
  jobRequests?: number;
  /** Since when a job of the ring may exist without being found (bell_rings.unknown_since). */
  unknownSince?: number | null;
}

/** A job of the ring may exist although none was found: no new job may be made, nor the wishes freed. */
class JobMayExistError extends Error {}

type RingRow = Awaited<ReturnType<typeof dueRings>>[number];

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
    this.settings = { ...ringJobsSettings(settingsOf(env)), ...settings };
  }

  private pollMs(provider: string): number {
    return provider === "simulator" ? SIMULATOR_POLL_MS : this.settings.ibmPollMs;
  }

  /**
   * Submits a ring's job; a failure leaves the ring queued for a later attempt, never lost. Before a resubmission
   * whose earlier request may have landed, the ring's jobs are looked up by its tag: one that can still finish (or
   * finished well) is adopted, one that ended is recorded and replaced, one in a state we do not know blocks any new
   * job. No ring makes more than `maxJobsPerRing` jobs, none is made past the operator's monthly ceiling, and no more
   * per minute than the provider allows. Once its attempts are spent, a ring whose job may exist only looks it up.
   */
  async submit(ring: RingToSubmit, wishes: BatchWish[], previousAttempts: number, now: number): Promise<void> {
    const chosen = await this.providerFor(ring.id, ring.provider, now);
    if (!chosen) return;
    const exhausted = previousAttempts >= MAX_ATTEMPTS;
    const attempts = exhausted ? previousAttempts : previousAttempts + 1;
    const remote = chosen.name !== "simulator";
    let requestSent = false;
    let lookupFailed = false;
    this.inFlight.add(ring.id);
    try {
      if ((ring.submitStartedAt !== null || exhausted) && chosen.findJobs) {
        let found: FoundJob[];
        try {
          found = await chosen.findJobs(ring.id);
        } catch (error) {
          lookupFailed = true;
          throw error;
        }
        for (const job of found) if (job.state !== "unknown") await recordJobState(this.env, { ringId: ring.id, ...job }, job.state, now);
        // IBM's listing is the truth about what the ring's requests made: a request it does not list made no job.
        ring = { ...ring, jobRequests: found.length };
        await recordJobRequests(this.env, ring.id, found.length);
        const ended = await jobsEndedWithoutResult(this.env, ring.id);
        const live = found.find((job) => (job.state === "queued" || job.state === "running" || job.state === "completed") && !ended.has(job.jobId));
        if (live) {
          await recordSubmission(this.env, ring.id, live, attempts, now);
          await this.wakeAt(now + this.pollMs(chosen.name));
          return;
        }
        const strange = found.find((job) => job.state === "unknown");
        if (strange) throw new JobMayExistError(`Job ${strange.jobId} of this ring is in a state we do not know; no new job is made beside it.`);
      }
      if (exhausted) {
        // The lookup answered (or there is none to make): no job of this ring can run, so its wishes may ring again.
        await this.giveUp(ring.id, `Gave up after ${MAX_ATTEMPTS} attempts to make this ring's job; none exists at the provider.`, now);
        return;
      }
      // The simulator runs at once and costs nothing; a remote job counts toward the provider's per-minute limit, is
      // stamped before its request leaves, and a restarted room waits out its deadline, then looks for the job first.
      if (remote) {
        if ((ring.jobRequests ?? 0) >= this.settings.maxJobsPerRing) {
          await this.giveUp(ring.id, `Gave up after ${ring.jobRequests} jobs for this ring, each ended without a result (limit IBM_MAX_JOBS_PER_RING = ${this.settings.maxJobsPerRing}).`, now);
          return;
        }
        const refusal = await ceilingRefusal(this.env, this.settings.monthlyBudgetSeconds, now);
        if (refusal) {
          await this.giveUp(ring.id, refusal, now);
          return;
        }
        const window = await submissionsSince(this.env, chosen.name, now - RATE_WINDOW_MS);
        if (window.count >= this.settings.jobsPerMinute) {
          const at = (window.oldest ?? now) + RATE_WINDOW_MS + 1;
          await postponePoll(this.env, ring.id, at);
          await this.wakeAt(at);
          return;
        }
        await recordSubmitStart(this.env, ring.id, now, now + this.settings.jobCreateTimeoutMs + IN_FLIGHT_MARGIN_MS);
        requestSent = true;
      }
      const job = await chosen.submit({ ringId: ring.id, wishes });
      await recordSubmission(this.env, ring.id, job, attempts, now);
      if (remote) await recordJobState(this.env, { ringId: ring.id, ...job }, "queued", now);
      await this.wakeAt(now + this.pollMs(chosen.name));
    } catch (error) {
      // The provider says when a creation request may have landed (no answer, a 5xx, a garbled body); any other
      // error of its own means no job was made. An error of ours (D1) after the request leaves the question open.
      const landed = !(error instanceof ProviderError) || error.outcomeUnknown;
      if (requestSent && !landed) await refundJobRequest(this.env, ring.id);
      // Only a provider that can look a ring's jobs up can tell later; one that cannot has none to find.
      const jobMayExist =
        remote &&
        chosen.findJobs !== undefined &&
        (error instanceof JobMayExistError || (requestSent && landed) || lookupFailed || (exhausted && ring.submitStartedAt !== null));
      await this.afterSubmitFailure(ring, attempts, error, now, jobMayExist);
    } finally {
      this.inFlight.delete(ring.id);
    }
  }

  async advanceDue(now: number): Promise<number> {
    const rings = (await dueRings(this.env, now)).filter((ring) => !this.inFlight.has(ring.id));
    for (const listed of rings) {
      // A creation that finished while the list was read leaves a stale row (no job yet): read it again, after the
      // creation has surely written, so a ring is never submitted twice.
      if (this.inFlight.has(listed.id)) continue;
      const ring = await ringById(this.env, listed.id);
      if (!ring || this.inFlight.has(ring.id) || (ring.status !== RING_STATUS.queued && ring.status !== RING_STATUS.running) || (ring.nextAttemptAt ?? 0) > now) continue;
      if (!ring.jobId) {
        const wishes = await ringWishes(this.env, ring.id);
        if (wishes.length === 0) await failRing(this.env, ring.id, "The ring has no wishes left.", now);
        else await this.submit(ring, wishes, ring.attempts, now);
        continue;
      }
      await this.pollOne(ring, now);
    }
    const settling = await ringsAwaitingUsage(this.env, now);
    for (const ring of settling) await readUsageAgain(this.env, this.providers, ring, now);
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

  private async pollOne(ring: RingRow, now: number) {
    const provider = await this.providerFor(ring.id, ring.provider, now);
    if (!provider) return;
    const job: JobRef = { provider: provider.name, jobId: ring.jobId!, backend: ring.backend ?? "" };
    const status = await this.readStatus(provider, ring, job, now);
    if (!status) return;
    if (ring.readFailures > 0 || ring.unknownSince !== null) await recordReadSuccess(this.env, ring.id);
    if (status.state === "queued" && ring.submittedAt !== null && now - ring.submittedAt > this.settings.maxQueueMs) {
      await this.cancelQueued(provider, ring, job, ring.submittedAt, now);
      return;
    }
    await this.afterStatus(provider, ring, job, status, now);
  }

  /** The job's state, or null once a failed read has been counted (the ring then asks again later). */
  private async readStatus(provider: RoomProvider, ring: RingRow, job: JobRef, now: number): Promise<JobStatus | null> {
    try {
      return await provider.poll(job);
    } catch (error) {
      await this.afterReadFailure(provider, ring, job, error, now);
      return null;
    }
  }

  /** What a status read says: keep asking, store the result, or replace a job that ended without one. */
  private async afterStatus(provider: RoomProvider, ring: RingRow, job: JobRef, status: JobStatus, now: number) {
    const remote = provider.name !== "simulator";
    const record = (state: LedgerState, error: string | null = null) =>
      remote ? recordJobState(this.env, { ringId: ring.id, ...job }, state, now, error) : Promise.resolve();
    if (status.state === "completed") {
      const wishes = await ringWishes(this.env, ring.id);
      const problem = resultProblem(status, wishes.length);
      if (problem) {
        // A result that cannot be this ring's (too narrow, malformed) is never stored: the job is replaced, within bounds.
        await record("unusable", problem);
        await this.replaceJob(ring, new ProviderError(problem, true), now);
        return;
      }
      await record("completed");
      if (remote && status.usageSeconds !== null) await recordJobCharge(this.env, provider.name, job.jobId, status.usageSeconds);
      const poem = await completeRing(this.env, ring.id, status, {
        debitLedger: provider.name === "simulator",
        now,
        nextUsageReadAt: now + USAGE_READ_INTERVAL_MS,
      });
      this.broadcast({
        type: "batch-update",
        subType: "completed",
        bellRingId: ring.id,
        data: {
          result: { quantumResult: status.bitstring, poem, counts: status.counts },
          completedAt: new Date(now).toISOString(),
          ...(await this.creditsLeft()),
          countryCodes: wishes.flatMap((wish) => mapCodeOf(wish) ?? []),
        },
      });
      // After the room has heard: the writers' "your wish rang" notices never hold up or fail the ring.
      await noticeRing(this.env, ring.id, now).catch((error: unknown) => console.error("Could not send the ring's notices", error));
    } else if (status.state === "failed") {
      // The job has ended (Failed, Cancelled, Cancelled - Ran too long): nothing of it can run or charge any more.
      await record(/cancel/i.test(status.error) ? "cancelled" : "failed", status.error);
      await this.replaceJob(ring, new ProviderError(status.error, status.retryable), now);
    } else {
      await record(status.state);
      await postponePoll(this.env, ring.id, now + this.pollMs(provider.name));
    }
  }

  /**
   * After a job ended without a result: a new job, while the ring has attempts and paid jobs left (the next
   * submission looks the ring's jobs up first and never adopts an ended one); else the ring is failed and, as no job
   * of it can run any more, its wishes go back to the pool.
   */
  private async replaceJob(ring: RingRow, error: ProviderError, now: number) {
    const jobsLeft = ring.provider === "simulator" || ring.jobRequests < this.settings.maxJobsPerRing;
    if (error.retryable && jobsLeft && ring.attempts < MAX_ATTEMPTS) {
      const waitMs = retryDelayMs(ring.attempts);
      await recordRetry(this.env, ring.id, { attempts: ring.attempts, error: error.message, nextAttemptAt: now + waitMs, resubmit: true });
      await this.wakeAt(now + waitMs);
      this.broadcast({ type: "batch-update", subType: "failed", bellRingId: ring.id, data: { error: BATCH_FAILED, retrying: true } });
      return;
    }
    await this.giveUp(ring.id, error.message, now);
  }

  /**
   * A status read that failed says nothing about the job, which may still run and charge: the wishes stay with it.
   * Reads are retried at the usual pace within their own budget (a good read renews it), then, with the job's state
   * unknown, less and less often; past `unknownJobMaxMs` the job is cancelled if IBM will say so, else the ring is
   * held for the operator. A rate limit is waited out and counts nothing.
   */
  private async afterReadFailure(provider: RoomProvider, ring: RingRow, job: JobRef, error: unknown, now: number) {
    const message = errorText(error);
    if (error instanceof ProviderError && error.retryable && error.retryAfterSeconds !== undefined) {
      const at = now + Math.max(1, error.retryAfterSeconds) * 1000;
      await postponePoll(this.env, ring.id, at);
      await this.wakeAt(at);
      return;
    }
    const failures = ring.readFailures + 1;
    const unknownSince = ring.unknownSince ?? now;
    if (now - unknownSince >= this.settings.unknownJobMaxMs) {
      await this.giveUpUnknown(provider, ring, job, message, now);
      return;
    }
    const { waitMs, note } = readRetry(failures, this.pollMs(provider.name), retryDelayMs(failures), { jobId: job.jobId, unknownSince, message });
    await recordReadFailure(this.env, ring.id, { readFailures: failures, unknownSince, nextAttemptAt: now + waitMs, error: note });
    await this.wakeAt(now + waitMs);
  }

  /** Past the bound for an unknown state: a confirmed cancel frees the wishes; otherwise they are held. */
  private async giveUpUnknown(provider: RoomProvider, ring: RingRow, job: JobRef, lastError: string, now: number) {
    const hours = Math.round(this.settings.unknownJobMaxMs / 3_600_000);
    try {
      const outcome = await provider.cancel?.(job);
      if (outcome === "cancelled") {
        await recordJobState(this.env, { ringId: ring.id, ...job }, "cancelled", now);
        await this.giveUp(ring.id, `Cancelled job ${job.jobId}, whose state could not be read for ${hours} h (last: ${lastError}).`, now);
        return;
      }
      if (outcome === "already-ended") {
        const status = await provider.poll(job);
        await recordReadSuccess(this.env, ring.id);
        return this.afterStatus(provider, ring, job, status, now);
      }
    } catch {
      // IBM cannot be asked either: the job may still run, so its wishes are held below.
    }
    await holdRing(
      this.env,
      ring.id,
      `Held: the state of job ${job.jobId} could not be read for ${hours} h (last: ${lastError}). Its wishes stay out of the pool so no second job can charge for them; check the job in IBM Quantum, then release them in /admin.`,
      now,
    );
    this.broadcast({ type: "batch-update", subType: "failed", bellRingId: ring.id, data: { error: BATCH_GAVE_UP, retrying: false } });
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

  /**
   * A job that has waited past the bound is cancelled and its ring failed, so its wishes can ring again. A cancel IBM
   * refuses because the job has just ended (409) is no cancel: the job is read once more and its result kept.
   */
  private async cancelQueued(provider: RoomProvider, ring: RingRow, job: JobRef, submittedAt: number, now: number) {
    let outcome: CancelOutcome | undefined;
    try {
      outcome = await provider.cancel?.(job);
    } catch (error) {
      // Not cancelled yet: the job could still run and charge, so the ring waits and tries the cancel again.
      await postponePoll(this.env, ring.id, now + this.pollMs(provider.name), `Cancelling the queued job failed: ${errorText(error)}`);
      return;
    }
    if (outcome === "already-ended") {
      const status = await this.readStatus(provider, ring, job, now);
      if (status) await this.afterStatus(provider, ring, job, status, now);
      return;
    }
    await recordJobState(this.env, { ringId: ring.id, ...job }, "cancelled", now);
    const minutes = Math.round((now - submittedAt) / 60_000);
    await this.giveUp(ring.id, `Cancelled job ${job.jobId} after ${minutes} minutes in the queue of ${job.backend || "the backend"} (limit ${Math.round(this.settings.maxQueueMs / 60_000)} minutes).`, now);
  }

  /**
   * After a failed submission: wait out a rate limit without counting it, try again later, or, past the bound or on a
   * permanent error, fail the ring and free its wishes, but only when no job of it can exist. A ring whose job may
   * exist (a request whose answer was lost, a lookup that failed) keeps looking it up, from the real time rather than
   * the start of a request that may have lasted minutes, and is held for the operator past `unknownJobMaxMs`.
   * Visitors hear the sentences of docs/product.md#sentences; the provider's words go to /admin.
   */
  private async afterSubmitFailure(ring: RingToSubmit, attempts: number, error: unknown, now: number, jobMayExist: boolean) {
    const message = errorText(error);
    if (error instanceof ProviderError && error.retryAfterSeconds !== undefined && error.retryable) {
      const at = now + Math.max(1, error.retryAfterSeconds) * 1000;
      await postponePoll(this.env, ring.id, at, message);
      await this.wakeAt(at);
      return;
    }
    const retryable = !(error instanceof ProviderError) || error.retryable;
    if (retryable && attempts < MAX_ATTEMPTS) {
      const from = jobMayExist ? Math.max(now, Date.now()) + LOOKUP_AFTER_LOST_ANSWER_MS : now;
      const at = from + retryDelayMs(attempts);
      await recordRetry(this.env, ring.id, { attempts, error: message, nextAttemptAt: at, resubmit: true });
      await this.wakeAt(at);
      this.broadcast({ type: "batch-update", subType: "failed", bellRingId: ring.id, data: { error: BATCH_FAILED, retrying: true } });
      return;
    }
    if (!jobMayExist) {
      await this.giveUp(ring.id, message, now);
      return;
    }
    const unknownSince = ring.unknownSince ?? now;
    if (now - unknownSince >= this.settings.unknownJobMaxMs) {
      await holdRing(
        this.env,
        ring.id,
        `Held: a job of this ring may exist at the provider, but it could not be found or ruled out for ${Math.round(this.settings.unknownJobMaxMs / 3_600_000)} h (last: ${message}). Check IBM Quantum for jobs tagged ring:${ring.id}, then release the wishes in /admin.`,
        now,
      );
      this.broadcast({ type: "batch-update", subType: "failed", bellRingId: ring.id, data: { error: BATCH_GAVE_UP, retrying: false } });
      return;
    }
    const at = Math.max(now, Date.now()) + UNKNOWN_READ_CAP_MS;
    await recordLookupPending(this.env, ring.id, {
      attempts: MAX_ATTEMPTS,
      unknownSince,
      nextAttemptAt: at,
      error: `Attempts spent, but a job of this ring may exist (${message}): looking it up before the wishes may ring again.`,
    });
    await this.wakeAt(at);
  }

  private async giveUp(ringId: string, reason: string, now: number) {
    await failRing(this.env, ringId, reason, now);
    this.broadcast({ type: "batch-update", subType: "failed", bellRingId: ringId, data: { error: BATCH_GAVE_UP, retrying: false } });
  }
}

