import { recordJobState } from "~/server/rings/job-ledger.server";
import { postponePoll } from "~/server/rings/job-store.server";
import type { CancelOutcome, JobRef } from "../quantum";
import { giveUp } from "./give-up";
import { afterStatus } from "./job-status";
import { errorText } from "./ring-job-rules";
import { pollMs, type RingJobContext, type RingRow } from "./ring-job-context";
import type { RoomProvider } from "./room-provider";
import { readStatus } from "./status-reads";

/**
 * A job that has waited past the bound is cancelled and its ring failed, so its wishes can ring again. A cancel IBM
 * refuses because the job has just ended (409) is no cancel: the job is read once more and its result kept.
 */
export async function cancelQueued(ctx: RingJobContext, provider: RoomProvider, ring: RingRow, job: JobRef, submittedAt: number, now: number) {
  let outcome: CancelOutcome | undefined;
  try {
    outcome = await provider.cancel?.(job);
  } catch (error) {
    // Not cancelled yet: the job could still run and charge, so the ring waits and tries the cancel again.
    await postponePoll(ctx.env, ring.id, now + pollMs(ctx, provider.name), `Cancelling the queued job failed: ${errorText(error)}`);
    return;
  }
  if (outcome === "already-ended") {
    const status = await readStatus(ctx, provider, ring, job, now);
    if (status) await afterStatus(ctx, provider, ring, job, status, now);
    return;
  }
  await recordJobState(ctx.env, { ringId: ring.id, ...job }, "cancelled", now);
  const minutes = Math.round((now - submittedAt) / 60_000);
  await giveUp(ctx, ring.id, `Cancelled job ${job.jobId} after ${minutes} minutes in the queue of ${job.backend || "the backend"} (limit ${Math.round(ctx.settings.maxQueueMs / 60_000)} minutes).`, now);
}
