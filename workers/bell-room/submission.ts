import { jobsEndedWithoutResult, recordJobState } from "~/server/rings/job-ledger.server";
import type { BatchWish } from "~/server/rings/claim.server";
import {
  postponePoll,
  recordJobRequests,
  recordLookupPending,
  recordRetry,
  recordSubmission,
  recordSubmitStart,
  refundJobRequest,
  submissionsSince,
} from "~/server/rings/job-store.server";
import { ProviderError, type FoundJob } from "../quantum";
import { ceilingRefusal } from "./budget-ceiling";
import { announceRetry, giveUp, hold, providerFor } from "./give-up";
import { UNKNOWN_READ_CAP_MS } from "./read-budget";
import { errorText, IN_FLIGHT_MARGIN_MS, LOOKUP_AFTER_LOST_ANSWER_MS, MAX_ATTEMPTS, RATE_WINDOW_MS, retryDelayMs } from "./ring-job-rules";
import { pollMs, type RingJobContext, type RingToSubmit } from "./ring-job-context";

/** A job of the ring may exist although none was found: no new job may be made, nor the wishes freed. */
class JobMayExistError extends Error {}

/**
 * Submits a ring's job; a failure leaves the ring queued for a later attempt, never lost. Before a resubmission
 * whose earlier request may have landed, the ring's jobs are looked up by its tag: one that can still finish (or
 * finished well) is adopted, one that ended is recorded and replaced, one in a state we do not know blocks any new
 * job. No ring makes more than `maxJobsPerRing` jobs, none is made past the operator's monthly ceiling, and no more
 * per minute than the provider allows. Once its attempts are spent, a ring whose job may exist only looks it up.
 */
export async function submit(ctx: RingJobContext, ring: RingToSubmit, wishes: BatchWish[], previousAttempts: number, now: number): Promise<void> {
  const { env, settings } = ctx;
  const chosen = await providerFor(ctx, ring.id, ring.provider, now);
  if (!chosen) return;
  const exhausted = previousAttempts >= MAX_ATTEMPTS;
  const attempts = exhausted ? previousAttempts : previousAttempts + 1;
  const remote = chosen.name !== "simulator";
  let requestSent = false;
  let lookupFailed = false;
  ctx.inFlight.add(ring.id);
  try {
    if ((ring.submitStartedAt !== null || exhausted) && chosen.findJobs) {
      let found: FoundJob[];
      try {
        found = await chosen.findJobs(ring.id);
      } catch (error) {
        lookupFailed = true;
        throw error;
      }
      for (const job of found) if (job.state !== "unknown") await recordJobState(env, { ringId: ring.id, ...job }, job.state, now);
      // IBM's listing is the truth about what the ring's requests made: a request it does not list made no job.
      ring = { ...ring, jobRequests: found.length };
      await recordJobRequests(env, ring.id, found.length);
      const ended = await jobsEndedWithoutResult(env, ring.id);
      const live = found.find((job) => (job.state === "queued" || job.state === "running" || job.state === "completed") && !ended.has(job.jobId));
      if (live) {
        await recordSubmission(env, ring.id, live, attempts, now);
        await ctx.wakeAt(now + pollMs(ctx, chosen.name));
        return;
      }
      const strange = found.find((job) => job.state === "unknown");
      if (strange) throw new JobMayExistError(`Job ${strange.jobId} of this ring is in a state we do not know; no new job is made beside it.`);
    }
    if (exhausted) {
      // The lookup answered (or there is none to make): no job of this ring can run, so its wishes may ring again.
      await giveUp(ctx, ring.id, `Gave up after ${MAX_ATTEMPTS} attempts to make this ring's job; none exists at the provider.`, now);
      return;
    }
    // The simulator runs at once and costs nothing; a remote job counts toward the provider's per-minute limit, is
    // stamped before its request leaves, and a restarted room waits out its deadline, then looks for the job first.
    if (remote) {
      if ((ring.jobRequests ?? 0) >= settings.maxJobsPerRing) {
        await giveUp(ctx, ring.id, `Gave up after ${ring.jobRequests} jobs for this ring, each ended without a result (limit IBM_MAX_JOBS_PER_RING = ${settings.maxJobsPerRing}).`, now);
        return;
      }
      const refusal = await ceilingRefusal(env, settings.monthlyBudgetSeconds, now);
      if (refusal) {
        await giveUp(ctx, ring.id, refusal, now);
        return;
      }
      const window = await submissionsSince(env, chosen.name, now - RATE_WINDOW_MS);
      if (window.count >= settings.jobsPerMinute) {
        const at = (window.oldest ?? now) + RATE_WINDOW_MS + 1;
        await postponePoll(env, ring.id, at);
        await ctx.wakeAt(at);
        return;
      }
      await recordSubmitStart(env, ring.id, now, now + settings.jobCreateTimeoutMs + IN_FLIGHT_MARGIN_MS);
      requestSent = true;
    }
    const job = await chosen.submit({ ringId: ring.id, wishes });
    await recordSubmission(env, ring.id, job, attempts, now);
    if (remote) await recordJobState(env, { ringId: ring.id, ...job }, "queued", now);
    await ctx.wakeAt(now + pollMs(ctx, chosen.name));
  } catch (error) {
    // The provider says when a creation request may have landed (no answer, a 5xx, a garbled body); any other
    // error of its own means no job was made. An error of ours (D1) after the request leaves the question open.
    const landed = !(error instanceof ProviderError) || error.outcomeUnknown;
    if (requestSent && !landed) await refundJobRequest(env, ring.id);
    // Only a provider that can look a ring's jobs up can tell later; one that cannot has none to find.
    const jobMayExist =
      remote &&
      chosen.findJobs !== undefined &&
      (error instanceof JobMayExistError || (requestSent && landed) || lookupFailed || (exhausted && ring.submitStartedAt !== null));
    await afterSubmitFailure(ctx, ring, attempts, error, now, jobMayExist);
  } finally {
    ctx.inFlight.delete(ring.id);
  }
}

/**
 * After a failed submission: wait out a rate limit without counting it, try again later, or, past the bound or on a
 * permanent error, fail the ring and free its wishes, but only when no job of it can exist. A ring whose job may
 * exist (a request whose answer was lost, a lookup that failed) keeps looking it up, from the real time rather than
 * the start of a request that may have lasted minutes, and is held for the operator past `unknownJobMaxMs`.
 * Visitors hear the sentences of docs/product.md#sentences; the provider's words go to /admin.
 */
async function afterSubmitFailure(ctx: RingJobContext, ring: RingToSubmit, attempts: number, error: unknown, now: number, jobMayExist: boolean) {
  const message = errorText(error);
  if (error instanceof ProviderError && error.retryAfterSeconds !== undefined && error.retryable) {
    const at = now + Math.max(1, error.retryAfterSeconds) * 1000;
    await postponePoll(ctx.env, ring.id, at, message);
    await ctx.wakeAt(at);
    return;
  }
  const retryable = !(error instanceof ProviderError) || error.retryable;
  if (retryable && attempts < MAX_ATTEMPTS) {
    const from = jobMayExist ? Math.max(now, Date.now()) + LOOKUP_AFTER_LOST_ANSWER_MS : now;
    const at = from + retryDelayMs(attempts);
    await recordRetry(ctx.env, ring.id, { attempts, error: message, nextAttemptAt: at, resubmit: true });
    await ctx.wakeAt(at);
    announceRetry(ctx, ring.id);
    return;
  }
  if (!jobMayExist) {
    await giveUp(ctx, ring.id, message, now);
    return;
  }
  const unknownSince = ring.unknownSince ?? now;
  if (now - unknownSince >= ctx.settings.unknownJobMaxMs) {
    await hold(
      ctx,
      ring.id,
      `Held: a job of this ring may exist at the provider, but it could not be found or ruled out for ${Math.round(ctx.settings.unknownJobMaxMs / 3_600_000)} h (last: ${message}). Check IBM Quantum for jobs tagged ring:${ring.id}, then release the wishes in /admin.`,
      now,
    );
    return;
  }
  const at = Math.max(now, Date.now()) + UNKNOWN_READ_CAP_MS;
  await recordLookupPending(ctx.env, ring.id, {
    attempts: MAX_ATTEMPTS,
    unknownSince,
    nextAttemptAt: at,
    error: `Attempts spent, but a job of this ring may exist (${message}): looking it up before the wishes may ring again.`,
  });
  await ctx.wakeAt(at);
}
