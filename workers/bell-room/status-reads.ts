import { recordJobState } from "~/server/rings/job-ledger.server";
import { postponePoll, recordReadFailure, recordReadSuccess } from "~/server/rings/job-store.server";
import { ProviderError, type JobRef, type JobStatus } from "../quantum";
import { giveUp, hold } from "./give-up";
import { afterStatus } from "./job-status";
import { readRetry } from "./read-budget";
import { errorText, retryDelayMs } from "./ring-job-rules";
import { pollMs, type RingJobContext, type RingRow } from "./ring-job-context";
import type { RoomProvider } from "./room-provider";

/** The job's state, or null once a failed read has been counted (the ring then asks again later). */
export async function readStatus(ctx: RingJobContext, provider: RoomProvider, ring: RingRow, job: JobRef, now: number): Promise<JobStatus | null> {
  try {
    return await provider.poll(job);
  } catch (error) {
    await afterReadFailure(ctx, provider, ring, job, error, now);
    return null;
  }
}

/**
 * A status read that failed says nothing about the job, which may still run and charge: the wishes stay with it.
 * Reads are retried at the usual pace within their own budget (a good read renews it), then, with the job's state
 * unknown, less and less often; past `unknownJobMaxMs` the job is cancelled if IBM will say so, else the ring is
 * held for the operator. A rate limit is waited out and counts nothing.
 */
async function afterReadFailure(ctx: RingJobContext, provider: RoomProvider, ring: RingRow, job: JobRef, error: unknown, now: number) {
  const message = errorText(error);
  if (error instanceof ProviderError && error.retryable && error.retryAfterSeconds !== undefined) {
    const at = now + Math.max(1, error.retryAfterSeconds) * 1000;
    await postponePoll(ctx.env, ring.id, at);
    await ctx.wakeAt(at);
    return;
  }
  const failures = ring.readFailures + 1;
  const unknownSince = ring.unknownSince ?? now;
  if (now - unknownSince >= ctx.settings.unknownJobMaxMs) {
    await giveUpUnknown(ctx, provider, ring, job, message, now);
    return;
  }
  const { waitMs, note } = readRetry(failures, pollMs(ctx, provider.name), retryDelayMs(failures), { jobId: job.jobId, unknownSince, message });
  await recordReadFailure(ctx.env, ring.id, { readFailures: failures, unknownSince, nextAttemptAt: now + waitMs, error: note });
  await ctx.wakeAt(now + waitMs);
}

/** Past the bound for an unknown state: a confirmed cancel frees the wishes; otherwise they are held. */
async function giveUpUnknown(ctx: RingJobContext, provider: RoomProvider, ring: RingRow, job: JobRef, lastError: string, now: number) {
  const hours = Math.round(ctx.settings.unknownJobMaxMs / 3_600_000);
  try {
    const outcome = await provider.cancel?.(job);
    if (outcome === "cancelled") {
      await recordJobState(ctx.env, { ringId: ring.id, ...job }, "cancelled", now);
      await giveUp(ctx, ring.id, `Cancelled job ${job.jobId}, whose state could not be read for ${hours} h (last: ${lastError}).`, now);
      return;
    }
    if (outcome === "already-ended") {
      const status = await provider.poll(job);
      await recordReadSuccess(ctx.env, ring.id);
      return afterStatus(ctx, provider, ring, job, status, now);
    }
  } catch {
    // IBM cannot be asked either: the job may still run, so its wishes are held below.
  }
  await hold(
    ctx,
    ring.id,
    `Held: the state of job ${job.jobId} could not be read for ${hours} h (last: ${lastError}). Its wishes stay out of the pool so no second job can charge for them; check the job in IBM Quantum, then release them in /admin.`,
    now,
  );
}
